// subset_clue_choice: from a clue vector c(t) for every subset t of the team's cards (the learned
// spymaster's output, seed 002) to one legal clue word, its number and its targets.
//
// Subsets: row r-1 of the clue matrix belongs to the subset whose bits are r over the team cards in
// board order (bit j set: team card j is in t), the order of spymaster_torch::subset_masks.
// Distances are the seed's, d(x, w) = ||x - w||, between unit vectors; a clue vector c(t) need not
// be unit, and the word nearest to it is the one of largest dot product.
//
// The seed's constraints are about the clue actually said, so they are checked on real words:
// 1. Reach. One product of the clue vocabulary with the board gives, for every clue word c, the
//    team cards c may be given for: those w with d(c, w) <= `threshold` and d(c, w) below the
//    distance from c to every enemy, civilian and assassin card minus that role's margin.
//    A subset t may get the clue c when all of t is in c's reach.
// 2. Size. As many cards as possible: k = the largest reach of a legal word (clue_rules).
// 3. Decode. Each subset t of k cards turns c(t) into its `words_per_subset` nearest legal words
//    that reach all of t.
// 4. Choose. Of those, the pair with the most room: the least of d(c,E) - a_E, d(c,C) - a_C and
//    d(c,a) - a_A, minus max over t of d(c,w). Ties go to the earlier subset, then the nearer word.
// 5. Fall back. When no legal word reaches a single team card: the one-card clue with the most
//    room (then negative), over every legal word and team card, as the baseline falls back.
// A card the board no longer has imposes nothing (an empty enemy set, a revealed assassin).
#pragma once

#include <Eigen/Core>

#include <cstddef>

#include "events/result.hpp"
#include "models/codenames/clue_space.hpp"
#include "models/codenames/spymaster.hpp"

namespace wordhall::codenames {

// Unit column vectors of a board's unrevealed cards, by role.
struct card_vectors {
  Eigen::MatrixXf columns;  // d x cards: team, then enemy, then civilians, then the assassin
  Eigen::Index team = 0, enemy = 0, civilians = 0;
  bool assassin = false;
};

// Errors: `word_not_in_vocabulary` naming the entry.
result<card_vectors> card_vectors_of(const clue_space& space, const board_view& board);

struct constraint_margins {
  double enemy = 0.0;     // alpha_E
  double civilian = 0.0;  // alpha_C
  double assassin = 0.0;  // alpha_A
};

// The defaults were chosen on seeds 2 and 3 (200 games each, GloVe spymaster, both guessers),
// never on the reported seed 1: docs/codenames.md, "Learned spymaster: choosing the clue".
struct subset_choice_options {
  constraint_margins margins{0.0, 0.0, 0.2};
  double threshold = 1.05;       // largest d(clue word, target), like the baseline's tau
  size_t words_per_subset = 10;  // 0: every word that reaches the subset, which leaves c(t) out
};

// `subset_clues` holds 2^team - 1 rows of the vectors' dimension; `cards` are `board`'s.
// Errors: `bad_board` (no team card, more than 20, or rows that do not match), `no_clue` when
// every clue word is ruled out.
result<clue> choose_subset_clue(const clue_space& space, const board_view& board,
                                const card_vectors& cards,
                                const Eigen::Ref<const clue_matrix>& subset_clues,
                                const subset_choice_options& options);

}  // namespace wordhall::codenames
