// The parts of `decide` (rules.hpp): the lobby's commands live in decide.cpp, the guessers'
// (propose, confirm, end_turn) in guesses.cpp, the spymaster's round trip (effect_result,
// retry_clue) and the board it reads in clues.cpp.
#pragma once

#include <simdjson.h>

#include <string>
#include <vector>

#include "events/codenames/rules.hpp"

namespace wordhall::codenames_game {

result<outcome> propose(const state& s, simdjson::dom::object body, const decision_context& ctx);
result<outcome> confirm(const state& s, simdjson::dom::object body, const decision_context& ctx);
result<outcome> end_turn(const state& s, const decision_context& ctx);
result<outcome> retry_clue(const state& s, const decision_context& ctx);
result<outcome> effect_result(const state& s, simdjson::dom::object body,
                              const decision_context& ctx);

// The board as the spymaster of the team to move reads it (docs/codenames.md "The game"):
// {"team","enemy","civilians","assassin","revealed","given"}.
std::string spymaster_board_json(const state& s);

// The caller's view of the state once `events` happened (most commands' reply), with presence
// when the platform passed who is connected.
std::string reply_view(const state& s, const std::vector<event>& events,
                       const decision_context& ctx);

}  // namespace wordhall::codenames_game
