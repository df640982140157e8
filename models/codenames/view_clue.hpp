// view_clue: the boldest clear clues for a team that reads clues as one of the views does.
//
// A spymaster that cannot know its guessers gives clues every view agrees on, and that costs
// turns: most such clues are for one card. Once a game's picks show how its team reads clues
// (guesser_reader.hpp), the spymaster can weigh clues that one view alone makes clear.
// view_clues_of looks at every legal clue word and, in that view alone, ranks the team cards by
// their similarity to it; a clue for the first k of them is clear when each of them is more
// similar to the word than the nearest card not ours by at least `margin` (room for a guesser's
// noise) and, with the assassin still on the board, than the assassin by at least
// `assassin_margin`. For each k = 1 .. max_targets it gives the clear clue with the widest
// margin (ties: the more common word) that `acceptable` accepts, its targets most similar first.
//
// Only the first rows of `s` (its clue words) are looked at, so the caller's choice of common
// words holds here too; `acceptable` is asked only about clues that would be chosen, as clue
// rules are slow next to a similarity.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "models/codenames/clue_candidates.hpp"

namespace wordhall::codenames {

struct view_clue_options {
  double margin = 0.05;
  double assassin_margin = 0.15;
  size_t max_targets = 4;
};

// `view`: an index into s.cosines. Fewer than max_targets clues when no word makes some k clear.
std::vector<clue_candidate> view_clues_of(
    const board_similarities& s, size_t view,
    const std::function<bool(const clue_candidate&)>& acceptable,
    const view_clue_options& options = {});

}  // namespace wordhall::codenames
