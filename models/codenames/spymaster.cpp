#include "models/codenames/spymaster.hpp"

namespace wordhall::codenames {

std::vector<std::string> table_entries(const board_view& board) {
  std::vector<std::string> out;
  for (const auto* group : {&board.team, &board.enemy, &board.civilians, &board.revealed}) {
    out.insert(out.end(), group->begin(), group->end());
  }
  if (!board.assassin.empty()) out.push_back(board.assassin);
  return out;
}

std::vector<result<clue>> spymaster::give_clues(const std::vector<board_view>& boards) const {
  std::vector<result<clue>> out;
  out.reserve(boards.size());
  for (const auto& board : boards) out.push_back(give_clue(board));
  return out;
}

}  // namespace wordhall::codenames
