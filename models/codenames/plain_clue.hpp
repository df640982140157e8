// plain_clue: the clue a person gives for one card, its own nearest clear word.
//
// The scorer rates clues by their margins, and for a team's last card the widest margins often
// belong to a faint link that only one source's sense shares: "chivalry" for WIG, "altitude" for
// PLANE, where a person says "hair" or "aircraft". plain_clue_for looks from the card instead:
// among the `nearest` legal clue words closest to it in the lead view (running text, the way
// people use words; without one, by the views' mean similarity), closest first, it returns the
// first that is clear, as a one-card clue:
//   - by the views' mean, and in the lead view when there is one, the card is nearer to the word
//     than every other card still on the board;
//   - in every view, the assassin (when still on the board) is farther from it than the card.
// None when no word among the `nearest` is clear. Only the first rows of `s` (its clue words)
// are looked at, so the caller's choice of common words holds here too.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>

#include "models/codenames/clue_candidates.hpp"

namespace wordhall::codenames {

// `card`: a team column of `s`; `lead_view`: an index into s.cosines, or negative for none;
// `legal(word)`: whether the clue word of that row may be given on this board.
std::optional<clue_candidate> plain_clue_for(const board_similarities& s, Eigen::Index card,
                                             const std::function<bool(size_t word)>& legal,
                                             long lead_view, size_t nearest = 50);

}  // namespace wordhall::codenames
