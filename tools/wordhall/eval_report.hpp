// eval_report: the table `wordhall spymaster eval` and `sheet-score` print of their games.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "models/codenames/codenames_sim.hpp"

namespace wordhall {

// To stdout: one row per spymaster (games, win rate, mean turns, words per clue, assassin rate),
// under it one row per game of a match when the games were played as matches, then per
// spymaster how often the first pick was ours, by the clue's number, and how often it was ours
// and the assassin, by the cards of ours left when the clue was given.
void print_summaries(
    const std::vector<std::pair<std::string, codenames::eval_summary>>& results);

}  // namespace wordhall
