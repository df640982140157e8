// clue_scorer: the learned part of the multi-view spymaster. A small network scores each real
// candidate clue (clue_candidates.hpp) with the utility its turn is expected to bring against
// guessers who think like the spymaster's views but never exactly (simulated_guessers.hpp);
// the spymaster gives the candidate of the highest score.
//
// Training is regression of the examples' expected utilities (mean squared error, Adam) on a
// shuffled split: the last `validation_share` of the boards never train and measure the fit.
// An input row is the candidate's features in each view and, when the scorer is trained with the
// seed's set network, the network's proposal features (clue_proposals.hpp): c(t) stays the
// heart of the choice, and the scorer learns how much to trust it beside the views' margins.
// The weights file (".whcs", LibTorch's archive) names the views it was trained on, in order,
// the view of the set network's proposals if any, and the turn utility it learned; loading it
// over other views, or without the proposals it needs, is an error, never a quiet mismatch. On
// the CPU a run is deterministic for a seed (one thread). This header is free of LibTorch.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/clue_proposals.hpp"
#include "models/codenames/scorer_examples.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::spymaster_torch {

// What a scorer's input rows are made of: the views' features in this order, then the set
// network's proposal features when proposal_view (the view c(t) lives in) is not empty.
struct scorer_layout {
  std::vector<std::string> views;
  std::string proposal_view;
  // The utility the scorer learned to predict: its scores are on this scale, so reading the
  // guessers weighs a clue with it too.
  codenames::turn_utility utility;
};

struct scorer_train_options {
  int64_t epochs = 12;
  int64_t batch = 256;
  int64_t hidden = 64;
  double learning_rate = 1e-3;
  double validation_share = 0.1;
  uint64_t seed = 1;
  std::function<void(int64_t epoch, double train_loss, double validation_loss)> on_epoch;
};

struct scorer_train_report {
  std::vector<double> train_loss, validation_loss;  // per epoch, mean squared error
  size_t train_examples = 0, validation_examples = 0;
  double seconds = 0;
};

// Trains on `examples` and writes the weights to `out` (via out + ".tmp" and a rename).
// Errors: `invalid_argument` (no examples, features that do not match the layout), `io_error`.
result<scorer_train_report> train_clue_scorer(const codenames::scorer_examples& examples,
                                              const scorer_layout& layout,
                                              const std::string& out,
                                              const scorer_train_options& options = {});

// The scorer file's layout alone (cheap next to loading the views). Errors: as load_scored_spymaster.
result<scorer_layout> read_scorer_layout(const std::string& file);

// The spymaster named "learned" over `views` with the scorer in `file`. With
// candidates.read_guessers, once the board's history holds picks of our guessers, it reads them
// (guesser_reader.hpp): each candidate's score moves by its utility under the belief minus under
// the prior, times the belief's one_view_share (a team that reads clues as no single view does
// is followed less), and with candidates.links_follow_guessers strong links count in the views
// the guessers are believed to read. With candidates.view_clues it then weighs, under the same
// mixture of belief and prior, each view's boldest clear clues (view_clue.hpp) whose targets are
// strong links and whose assassin is behind them in every view, and gives one that is worth more
// than its choice (never in place of the last card's plain clue).
// `proposals` is used when the scorer was trained with them and may be null otherwise. Errors:
// `io_error`, `data_loss` (not a scorer file), `invalid_argument` (trained on other views, or
// with proposals that are missing or from another view). Clue errors: those of similarities_of
// and of the proposals, and `no_clue` when every word is ruled out.
result<std::shared_ptr<const codenames::spymaster>> load_scored_spymaster(
    const std::string& file, std::shared_ptr<const codenames::view_set> views,
    std::shared_ptr<const codenames::clue_proposals> proposals,
    codenames::candidate_options candidates = {});

}  // namespace wordhall::spymaster_torch
