// subset_clue_net: the set network of seed 002 run for inference. For boards with n unrevealed
// team cards (1 .. 9) it gives c(t) for all 2^n - 1 subsets t in one forward pass; boards with
// the same n share that pass. Subset rows follow spymaster_net's subset_masks: row r-1 holds the
// subset whose bits are r over the team cards in board order.
//
// The net only ever saw full boards. Where a board lacks cards: with no enemy card left, g_E sees
// what the clue must still keep clear of, the civilians and the assassin (nothing left but team
// cards: g_E's input set is empty and its output 0); a revealed assassin is the zero vector.
//
// Runs on the CPU or on a CUDA device. Read-only after loading and safe to share between
// threads: inference runs under LibTorch's thread-local InferenceMode and never changes the net.
#pragma once

#include <torch/torch.h>

#include <cstddef>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/subset_clue_choice.hpp"
#include "models/torch/learned_spymaster.hpp"
#include "models/torch/spymaster_net.hpp"

namespace wordhall::spymaster_torch {

class subset_clue_net {
 public:
  subset_clue_net(spymaster_net net, torch::Device device);

  int64_t dimensions() const { return net_->config.dimensions; }

  // [B, 2^team - 1, d] on the CPU, contiguous, for `boards` that all have `team` team cards
  // (1 .. max_learned_team_cards).
  torch::Tensor clues(size_t team, const std::vector<const codenames::card_vectors*>& boards) const;

 private:
  // g_E of one board's avoided cards [m, d] as [k]; 0 for an empty set.
  torch::Tensor enemy_set(const torch::Tensor& words) const;

  // LibTorch's forward() is not const; inference never changes the net.
  mutable spymaster_net net_;
  torch::Device device_;
  std::vector<torch::Tensor> masks_;  // masks_[n - 1]: subset_masks(n) on the device
};

// The net in `weights_file` on the device named `device` (auto, cpu or cuda), for word vectors of
// `dimensions`. Errors: those of load_weights and device_named, `invalid_argument` when the net
// was trained on vectors of another dimension.
result<subset_clue_net> load_subset_clue_net(const std::string& weights_file,
                                             const std::string& device, int64_t dimensions);

}  // namespace wordhall::spymaster_torch
