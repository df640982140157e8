// Training the learned spymaster by online mining of games (docs/codenames.md, seed 002).
//
// The deck's vectors go to the device once; every step deals `batch` fresh boards there (a random
// permutation of the deck per game: 8 team, 7 enemy, 9 civilians, 1 assassin), scores all 255
// team subsets of each and takes one Adam step on the mean loss. No data crosses from the host
// per step. On the CPU a run is deterministic for a seed: it uses one thread (at::set_num_threads).
// This header is free of LibTorch so that tools/wordhall/ can include it without slowing its build.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "events/result.hpp"

namespace wordhall::spymaster_torch {

struct train_options {
  int64_t steps = 2000;
  int64_t batch = 64;
  uint64_t seed = 1;
  std::string device = "auto";  // auto (cuda when available), cpu or cuda
  double learning_rate = 1e-3;
  int64_t set_width = 128;
  int64_t hidden = 256;
  double margin_enemy = 0.1, margin_civilian = 0.05, margin_assassin = 0.2;
  // Every `checkpoint_every` steps (0: never) the weights go to `out` + ".checkpoint" (when out
  // is set) and `on_checkpoint` gets the losses so far; the final weights go to `out`.
  int64_t checkpoint_every = 500;
  std::string out;
  std::function<void(int64_t step, double loss)> on_step;
  std::function<void(int64_t step, const std::vector<double>& losses)> on_checkpoint;
};

struct train_report {
  std::vector<double> losses;  // mean loss of each step's batch, before its update
  std::string device;
  double seconds = 0;          // the training loop alone, not the upload of the deck
  int64_t games = 0;
};

// `deck` holds `count` rows of `dimensions` floats, row-major; count must be at least 25.
// Errors: `invalid_argument` (deck or options), `unavailable` (cuda asked for, none there),
// `io_error` (weights).
result<train_report> train_spymaster(const std::vector<float>& deck, int64_t dimensions,
                                     const train_options& options);

// The loss curve as "step,loss" lines with a header, and as an SVG line chart.
result<void> write_loss_csv(const std::vector<double>& losses, const std::string& path);
result<void> write_loss_svg(const std::vector<double>& losses, const std::string& path);

}  // namespace wordhall::spymaster_torch
