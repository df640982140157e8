// learned_spymaster: the set-network spymaster of seed 002 giving clues (docs/codenames.md).
//
// For a board with n unrevealed team cards (1 .. 9) the net gives c(t) for all 2^n - 1 subsets t
// in one forward pass, and subset_clue_choice.hpp turns them into one legal clue: the largest t
// some legal word can be given for under the seed's constraints (checked on the real word, with
// margins), each such t's c(t) decoded into its nearest such words, the one with the most room
// given. give_clues() puts every board with the same n in one forward pass; its answer i is
// give_clue(boards[i]).
//
// How the net treats a board that lacks enemy cards or its assassin: subset_clue_net.hpp.
//
// Runs on the CPU, or on CUDA when asked or (`auto`) when LibTorch sees a device. The object is
// read-only after loading and safe to share between threads: inference runs under LibTorch's
// thread-local InferenceMode and never changes the net. This header is free of LibTorch.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "events/result.hpp"
#include "models/codenames/clue_space.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/subset_clue_choice.hpp"

namespace wordhall::spymaster_torch {

constexpr size_t max_learned_team_cards = 9;  // 511 subsets; Codenames deals at most 9

struct learned_options {
  std::string device = "auto";  // auto, cpu or cuda
  codenames::subset_choice_options choice;
};

// Errors: `io_error` and `data_loss` from the weights file (spymaster_weights.hpp),
// `invalid_argument` when the model's dimension is not the clue space's or the device is unknown,
// `unavailable` for cuda without a device. Clue errors: those of spymaster::give_clue, and
// `bad_board` for more than 9 team cards.
result<std::shared_ptr<const codenames::spymaster>> load_learned_spymaster(
    const std::string& weights_file, std::shared_ptr<const codenames::clue_space> space,
    learned_options options = {});

}  // namespace wordhall::spymaster_torch
