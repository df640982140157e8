// spymaster_net: the learned Codenames spymaster of docs/codenames.md ("Learned spymaster").
//
// For a game (T team, E enemy, C civilians, a assassin; rows of unit word vectors in R^d) the
// net gives a clue vector c(t) = h(g_T(t), g_E(E), a) for every non-empty subset t of T at once:
// g_T and g_E are DeepSets (phi per word, masked mean pool, rho), h an MLP over [g_T, g_E, a].
// Subsets are rows of a 0/1 mask (subset_masks), so one forward pass scores 2^|T|-1 subsets.
// The loss is the hinge loss of the seed (see spymaster_loss). LibTorch stays inside models/torch.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

#include "events/result.hpp"

namespace wordhall::spymaster_torch {

// The device named `auto` (CUDA when LibTorch sees one, else the CPU), `cpu` or `cuda`.
// Errors: `invalid_argument` for another name, `unavailable` for cuda without a device.
result<torch::Device> device_named(const std::string& name);

struct net_config {
  int64_t dimensions = 100;  // d, the word vectors' size
  int64_t set_width = 128;   // k, the size of g_T(t) and g_E(E)
  int64_t hidden = 256;      // hidden width of phi, rho and h
};

struct loss_margins {
  double enemy = 0.1;      // alpha_E
  double civilian = 0.05;  // alpha_C
  double assassin = 0.2;   // alpha_A
};

// [2^n - 1, n] float masks, row r-1 holding the bits of r: every non-empty subset of n words.
torch::Tensor subset_masks(int64_t n);

// A DeepSets network: rho(mean over the masked words of phi(w)).
struct set_net_impl : torch::nn::Module {
  set_net_impl(int64_t in, int64_t hidden, int64_t out);
  // words [B, n, d], masks [S, n] -> [B, S, out]; masks must have no empty row.
  torch::Tensor forward(const torch::Tensor& words, const torch::Tensor& masks);
  torch::nn::Sequential phi{nullptr}, rho{nullptr};
};
TORCH_MODULE_IMPL(set_net, set_net_impl);

struct spymaster_net_impl : torch::nn::Module {
  explicit spymaster_net_impl(net_config config);
  // team [B, nT, d], masks [S, nT], enemy [B, nE, d], assassin [B, d] -> clues [B, S, d].
  torch::Tensor forward(const torch::Tensor& team, const torch::Tensor& masks,
                        const torch::Tensor& enemy, const torch::Tensor& assassin);
  // h over its inputs: team_sets [B, S, k] = g_T(t), enemy_set [B, k] = g_E(E), assassin [B, d]
  // -> clues [B, S, d]. forward() is g_T, g_E and this; inference calls the parts itself when
  // boards with different numbers of enemy cards share a batch.
  torch::Tensor combine(const torch::Tensor& team_sets, const torch::Tensor& enemy_set,
                        const torch::Tensor& assassin);
  net_config config;
  set_net g_team{nullptr}, g_enemy{nullptr};
  torch::nn::Sequential h{nullptr};
};
TORCH_MODULE_IMPL(spymaster_net, spymaster_net_impl);

// Euclidean distances [B, S, n] between clues [B, S, d] and words [B, n, d].
torch::Tensor pairwise_distances(const torch::Tensor& clues, const torch::Tensor& words);

// Per-game loss [B]: L = 1/(2^|T|-1) sum_t [ (L_E(t) + L_C(t)) / |t| + L_A(t) ] with
//   L_E = ReLU(alpha_E + max_{w in t} d(c,w) - min_{w in E} d(c,w)), L_C likewise over C,
//   L_A = ReLU(alpha_A + max_{w in t} d(c,w) - d(c,a)).
torch::Tensor spymaster_loss(const torch::Tensor& clues, const torch::Tensor& masks,
                             const torch::Tensor& team, const torch::Tensor& enemy,
                             const torch::Tensor& civilians, const torch::Tensor& assassin,
                             const loss_margins& margins);

}  // namespace wordhall::spymaster_torch
