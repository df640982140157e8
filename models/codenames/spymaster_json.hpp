// spymaster_json: the JSON `wordhall spymaster` reads and prints.
//
//   board  {"team":[E,...],"enemy":[E,...],"civilians":[E,...],"assassin":E,"given":[W,...]}
//          and optionally "revealed":[E,...]: the unrevealed cards by role, this game's earlier
//          clues and the covered cards. "team" must hold at least one entry; the other keys may
//          be missing (empty), "assassin" may be null or "" once revealed. Entries are strings.
//          Optionally "history":[{"clue":W,"picks":[E,...],"ours":B},...]: this game's earlier
//          turns in order, with the cards their guessers revealed in order ("ours" defaults to
//          true; false for the other team's turns). Without "given", the given clues are those
//          of our turns in "history". Optionally "earlier":[{"cards":[E,...],"history":[...]},
//          ...]: the match's earlier games, oldest first, each with every card dealt and its
//          turns as in "history".
//   clue   {"clue":W,"number":N,"targets":[E,...]}
//   error  {"error":{"code":C,"message":M}} (events/json_writer.hpp): a board without a clue,
//          in `clue --lines`
//   eval   {"learned":{...},"baseline":{"win_rate":R,"mean_turns":R,"words_per_clue":R,
//          "assassin_rate":R}}: one object per evaluated spymaster, keyed by its name, in the
//          order given, with "by_game_of_match":[{"games":N,"win_rate":R,...},...] for games
//          played as matches of several (the first games of the matches, the second, ...), and
//          "first_pick_ours":{"1":{"clues":N,"ours":N},...} by the clue's number ("learned", "unread", "setnet", "rule", "baseline", those evaluated),
//          then optionally "paired":{"learned_minus_rule":{"games":N,"turns":{"mean":R,
//          "ci95":[R,R]},"wins":{"mean":R,"ci95":[R,R]}},"learned_minus_unread":{...},...}:
//          paired comparisons on the same deals.
// Errors: `bad_json` (not JSON, not an object), `bad_field` naming the field.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/codenames_sim.hpp"
#include "models/codenames/spymaster.hpp"

namespace wordhall::codenames {

result<board_view> parse_board_json(std::string_view text);
// The board as parse_board_json reads it, every list written ("earlier" only when there is one).
std::string board_json(const board_view& board);
std::string clue_json(const clue& given);
std::string eval_json(const std::vector<std::pair<std::string, eval_summary>>& results,
                      const std::vector<std::pair<std::string, paired_comparison>>& paired = {});

}  // namespace wordhall::codenames
