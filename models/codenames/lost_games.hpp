// lost_games: why a spymaster's games were lost, as a person reads it (`spymaster eval --losses
// N`): a count of the lost games by how they ended, then for each lost game the board's team
// cards and the assassin and every turn: the clue, the cards it was meant for and the cards the
// guesser revealed, each one that was not ours marked with its role. Where a guesser on other
// vectors goes wrong shows here; `--trace N` shows any game so. Pure functions of the records.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "models/codenames/codenames_sim.hpp"

namespace wordhall::codenames {

// The first `count` lost games of `records` (game i of the evaluation is records[i], numbered
// from 1 as the sheets number them), with how each was lost; empty when none was lost.
std::string describe_lost_games(const std::vector<game_record>& records, size_t count);

// The first `count` games of `records`, won or lost, turn by turn as above (`spymaster eval
// --trace N`): every clue a game took, for reading many of them as players meet them.
std::string describe_games(const std::vector<game_record>& records, size_t count);

// One line on every game of `records` lost: how many to the assassin, how many of those on a clue
// meant for a card that an earlier clue had failed to reach (its turn ended on a card not ours
// first: a card this guesser reads otherwise), to the last enemy card and out of turns.
std::string count_lost_games(const std::vector<game_record>& records);

}  // namespace wordhall::codenames
