// deck_cosines: every clue word's cosine with every entry of a deck, per view, computed once.
//
// similarities_of (clue_candidates.hpp) multiplies all clue words with a board's 25 cards, per
// view, for every board it is asked about. Training deals thousands of boards from one deck of a
// few hundred entries, and there one product with the whole deck, after which a board only picks
// its columns, is many times less work: a product that skinny spends most of its time packing
// the clue words, once per board. The similarities are the same as similarities_of's (each
// cosine is the same dot product; equal up to the BLAS's rounding).
//
// A spymaster that deals from a deck keeps its table (candidate_options::deck) and takes a
// board's similarities from it (similarities_for): a clue then costs a gather, not a product.
// The table holds words x entries floats per view (10,000 x 395 x 5 views: 79 MB).
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
  // The cosines of the first `words` clue words (0: all of them), as similarities_of takes them.
  // Errors: `word_not_in_vocabulary` for a deck entry a view lacks.
  static result<deck_cosines> of(const view_set& views, const std::vector<std::string>& deck,
                                 size_t words = 0);

  // How many clue words (rows) the table holds.
  size_t words() const { return words_; }

  // Per view, its table: clue words x deck entries, in the deck's order.
  const std::vector<Eigen::MatrixXf>& views() const { return cosines_; }

  // What similarities_of(views, board, words()) gives, for a board of this deck's entries.
  // Errors: `bad_board` without a team card, `not_in_deck` for a card the deck lacks.
  result<board_similarities> similarities(const board_view& board) const;

 private:
  size_t words_ = 0;
  std::vector<Eigen::MatrixXf> cosines_;  // per view: clue words x deck entries
  std::unordered_map<std::string, Eigen::Index> column_of_;
};

// A spymaster's similarities for `board`: from options.deck when it holds every card of the
// board and as many clue words as options.common_words asks for, else similarities_of.
result<board_similarities> similarities_for(const view_set& views, const board_view& board,
                                            const candidate_options& options);

}  // namespace wordhall::codenames
