// scorer_examples: what a clue scorer learns from — candidates on dealt boards, each with its
// features (clue_candidates.hpp) and its expected utility against simulated guessers
// (simulated_guessers.hpp).
//
// Board b is dealt from the deck with game_seed(seed, b) and then played part-way, as boards
// are when a clue is asked for mid-game: 1 .. 8 of our cards, 1 .. 7 of the enemy's and 0 .. 9
// civilians stay unrevealed (uniformly), the assassin always. Every candidate of a board meets
// the same guessers, drawn per board. Deterministic for a seed.
//
// A candidate's input row is its candidate_features and, when the examples are made with the set
// network's proposals, its proposal_features after them (clue_proposals.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/clue_proposals.hpp"
#include "models/codenames/simulated_guessers.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::codenames {

struct example_options {
  size_t boards = 2000;
  uint64_t seed = 1;
  candidate_options candidates;
  guesser_population guessers;
  turn_utility utility;
  std::shared_ptr<const clue_proposals> proposals;  // none: rows without proposal features
  size_t threads = 0;  // boards rated at once; 0: one per hardware thread. The same examples
                       // come out however many.
};

struct scorer_examples {
  size_t features = 0;
  std::vector<float> inputs;     // one row of `features` floats per candidate
  std::vector<float> utilities;  // one per candidate
  std::vector<uint32_t> boards;  // the board each candidate belongs to
  size_t size() const { return utilities.size(); }
};

// The length of an input row over `views` views, with or without proposal features.
constexpr size_t scorer_feature_count(size_t views, bool proposals) {
  return feature_count(views) + (proposals ? proposal_features : 0);
}

// The input rows of `candidates` on `board` (whose similarities are `s`), one after the other.
// Errors: those of proposals->agreement.
result<std::vector<float>> scorer_inputs(const view_set& views, const board_view& board,
                                         const board_similarities& s,
                                         const std::vector<clue_candidate>& candidates,
                                         const clue_proposals* proposals);

// A board of the deck part-way through a game (see above).
board_view part_played_board(const std::vector<std::string>& deck, uint64_t seed);

// Errors: `bad_deck` (fewer than 25 distinct entries), `word_not_in_vocabulary` for a deck
// entry a view lacks, those of scorer_inputs. `on_board`, when given, hears now and then how
// many boards are done, on the calling thread, and last that all are.
result<scorer_examples> make_scorer_examples(const view_set& views,
                                             const std::vector<std::string>& deck,
                                             const example_options& options,
                                             const std::function<void(size_t)>& on_board = {});

}  // namespace wordhall::codenames
