// deck_cosines: every clue word's cosine with every entry of a deck, per view, computed once.
//
// similarities_of (clue_candidates.hpp) multiplies all clue words with a board's 25 cards, per
// view, for every board it is asked about. Training deals thousands of boards from one deck of a
// few hundred entries, and there one product with the whole deck, after which a board only picks
// its columns, is many times less work: a product that skinny spends most of its time packing
// the clue words, once per board. The similarities are the same as similarities_of's (each
// cosine is the same dot product; equal up to the BLAS's rounding).
//
// Read-only once built; safe to share between threads.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::codenames {

class deck_cosines {
 public:
  // Errors: `word_not_in_vocabulary` for a deck entry a view lacks.
  static result<deck_cosines> of(const view_set& views, const std::vector<std::string>& deck);

  // What similarities_of(views, board) gives, for a board of this deck's entries.
  // Errors: `bad_board` without a team card, `not_in_deck` for a card the deck lacks.
  result<board_similarities> similarities(const board_view& board) const;

 private:
  std::vector<Eigen::MatrixXf> cosines_;  // per view: clue words x deck entries
  std::unordered_map<std::string, Eigen::Index> column_of_;
};

}  // namespace wordhall::codenames
