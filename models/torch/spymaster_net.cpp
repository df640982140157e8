// The learned spymaster's network and loss; the contract is in spymaster_net.hpp.
#include "models/torch/spymaster_net.hpp"

#include <iterator>

namespace wordhall::spymaster_torch {
namespace nn = torch::nn;
namespace {

// `x` through every layer of `layers` but the first, which the caller applied its own way.
torch::Tensor after_first_layer(nn::Sequential& layers, torch::Tensor x) {
  for (auto layer = std::next(layers->begin()); layer != layers->end(); ++layer) {
    x = layer->forward(x);
  }
  return x;
}

}  // namespace

result<torch::Device> device_named(const std::string& name) {
  if (name != "auto" && name != "cpu" && name != "cuda")
    return make_error("invalid_argument", "device must be auto, cpu or cuda, not " + name);
  if (name == "cpu" || (name == "auto" && !torch::cuda::is_available()))
    return torch::Device(torch::kCPU);
  if (!torch::cuda::is_available())
    return make_error("unavailable", "this LibTorch sees no CUDA device");
  return torch::Device(torch::kCUDA);
}

torch::Tensor subset_masks(int64_t n) {
  TORCH_CHECK(n >= 1 && n <= 20, "subset_masks: 1..20 words");
  auto rows = torch::arange(1, int64_t{1} << n, torch::kLong).unsqueeze(1);
  auto bits = torch::pow(2, torch::arange(n, torch::kLong)).unsqueeze(0);
  return (rows.bitwise_and(bits) != 0).to(torch::kFloat);
}

set_net_impl::set_net_impl(int64_t in, int64_t hidden, int64_t out) {
  phi = register_module("phi", nn::Sequential(nn::Linear(in, hidden), nn::ReLU(),
                                              nn::Linear(hidden, hidden), nn::ReLU()));
  rho = register_module("rho", nn::Sequential(nn::Linear(hidden, hidden), nn::ReLU(),
                                              nn::Linear(hidden, out)));
}

torch::Tensor set_net_impl::forward(const torch::Tensor& words, const torch::Tensor& masks) {
  // rho's first layer is linear, so it commutes with the mean: W mean(phi) + b is the mean of
  // W phi + b. Applied to the n words before pooling rather than to the 2^n - 1 pooled subsets,
  // it is 32 times less work, and the largest product of a training step goes.
  auto first = rho->ptr<nn::LinearImpl>(0);
  auto features = torch::matmul(phi->forward(words), first->weight.t());  // [B, n, H]
  auto sums = torch::matmul(masks, features);                // [S, n] x [B, n, H] -> [B, S, H]
  auto sizes = masks.sum(1).unsqueeze(0).unsqueeze(2);       // [1, S, 1]
  return after_first_layer(rho, sums / sizes + first->bias);
}

spymaster_net_impl::spymaster_net_impl(net_config c) : config(c) {
  g_team = register_module("g_team", set_net(c.dimensions, c.hidden, c.set_width));
  g_enemy = register_module("g_enemy", set_net(c.dimensions, c.hidden, c.set_width));
  h = register_module("h", nn::Sequential(nn::Linear(2 * c.set_width + c.dimensions, c.hidden),
                                          nn::ReLU(), nn::Linear(c.hidden, c.hidden), nn::ReLU(),
                                          nn::Linear(c.hidden, c.dimensions)));
}

torch::Tensor spymaster_net_impl::forward(const torch::Tensor& team, const torch::Tensor& masks,
                                          const torch::Tensor& enemy,
                                          const torch::Tensor& assassin) {
  auto team_sets = g_team->forward(team, masks);  // [B, S, k]
  auto all_enemies = torch::ones({1, enemy.size(1)}, enemy.options());
  auto enemy_set = g_enemy->forward(enemy, all_enemies).squeeze(1);  // [B, k]
  return combine(team_sets, enemy_set, assassin);
}

torch::Tensor spymaster_net_impl::combine(const torch::Tensor& team_sets,
                                          const torch::Tensor& enemy_set,
                                          const torch::Tensor& assassin) {
  // h's first layer over [g_T(t), g_E(E), a] is W_T g_T(t) + (W_E g_E(E) + W_a a + b): the
  // second part is the same for every subset of a board, so it is computed once a board rather
  // than once a subset (a third of h's work, the largest part of a training step).
  auto first = h->ptr<nn::LinearImpl>(0);
  const auto k = team_sets.size(2);
  auto per_board = torch::addmm(first->bias, torch::cat({enemy_set, assassin}, 1),
                                first->weight.slice(1, k).t());  // [B, H]
  return after_first_layer(
      h, torch::matmul(team_sets, first->weight.slice(1, 0, k).t()) + per_board.unsqueeze(1));
}

torch::Tensor pairwise_distances(const torch::Tensor& clues, const torch::Tensor& words) {
  auto squared = clues.pow(2).sum(2, true) + words.pow(2).sum(2).unsqueeze(1) -
                 2 * torch::bmm(clues, words.transpose(1, 2));
  return squared.clamp_min(1e-12).sqrt();  // the floor keeps sqrt's gradient finite
}

torch::Tensor spymaster_loss(const torch::Tensor& clues, const torch::Tensor& masks,
                             const torch::Tensor& team, const torch::Tensor& enemy,
                             const torch::Tensor& civilians, const torch::Tensor& assassin,
                             const loss_margins& margins) {
  // Distances are >= 0, so masking the words outside t to 0 leaves the maximum over t.
  auto farthest_target = (pairwise_distances(clues, team) * masks.unsqueeze(0)).amax(2);
  auto nearest_enemy = pairwise_distances(clues, enemy).amin(2);
  auto nearest_civilian = pairwise_distances(clues, civilians).amin(2);
  auto to_assassin = pairwise_distances(clues, assassin.unsqueeze(1)).squeeze(2);
  auto l_enemy = torch::relu(margins.enemy + farthest_target - nearest_enemy);
  auto l_civilian = torch::relu(margins.civilian + farthest_target - nearest_civilian);
  auto l_assassin = torch::relu(margins.assassin + farthest_target - to_assassin);
  auto sizes = masks.sum(1).unsqueeze(0);  // [1, S]
  return ((l_enemy + l_civilian) / sizes + l_assassin).mean(1);
}

}  // namespace wordhall::spymaster_torch
