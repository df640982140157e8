// The parts of `decide` (rules.hpp): the lobby's commands live in decide.cpp, the turn's
// (place, exchange, pass) and the judge's round trip (effect_result, retry_rating) in turns.cpp.
#pragma once

#include <simdjson.h>

#include <string>
#include <vector>

#include "events/wortkunst/rules.hpp"

namespace wordhall::wortkunst {

result<outcome> place(const state& s, simdjson::dom::object body, const decision_context& ctx);
result<outcome> exchange(const state& s, simdjson::dom::object body, const decision_context& ctx);
result<outcome> pass_turn(const state& s, const decision_context& ctx);
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

}  // namespace wordhall::wortkunst
