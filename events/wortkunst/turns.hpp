// The parts of `decide` (rules.hpp): the lobby's commands live in decide.cpp, the turn's
// (place, exchange, pass) and the judge's round trip (effect_result, retry_rating) in turns.cpp.
#pragma once

#include <simdjson.h>

#include <optional>
#include <string>
#include <vector>

#include "events/wortkunst/rules.hpp"

namespace wordhall::wortkunst {

result<outcome> place(const state& s, simdjson::dom::object body, const decision_context& ctx);
result<outcome> exchange(const state& s, simdjson::dom::object body, const decision_context& ctx);
result<outcome> pass_turn(const state& s, const decision_context& ctx);
// A placement tried on the board as it is, played by no one (the page's live preview): replies
// {"words":[…],"formed":[WORD…]} or refuses with the rule `place` would break (a player's rack
// included; the turn not, so a player may plan ahead). Never any events.
result<outcome> check_move(const state& s, simdjson::dom::object body, const decision_context& ctx);
result<outcome> retry_rating(const state& s, const decision_context& ctx);
result<outcome> effect_result(const state& s, simdjson::dom::object body,
                              const decision_context& ctx);

// The state once `events` happened, and the caller's view of it (most commands' reply), with
// presence when the platform passed who is connected.
state after(const state& s, const std::vector<event>& events);
std::string reply_view(const state& s, const std::vector<event>& events,
                       const decision_context& ctx);

// The end of the game: penalties, final scores, winners.
final_result finish(const state& s, const std::string& reason);

// The end a pass by the player to move would bring now: when it would be the last of
// `passes_to_end` passes in a row (and no move waits for its rating), the standings it would
// leave, penalties included; nullopt when a pass would not end the game. `pass` ends the game
// with exactly these standings, and the view shows them before anyone passes.
std::optional<final_result> pass_would_end(const state& s);

}  // namespace wordhall::wortkunst
