// JSON forms of tic-tac-toe's events and state.
//
// Event types and their current payloads (all fields required):
//   ttt.match_created  v1 {"host":digest,"name":s,"rounds":n,"turnSecs":n}
//   ttt.player_joined  v1 {"player":digest,"name":s}
//   ttt.round_started  v1 {"round":n,"first":"x"|"o","deadline":ms}
//   ttt.mark_placed    v2 {"cell":0..8,"mark":"x"|"o","deadline":ms}
//                      (v1 had "row" and "col" instead of "cell"; upcast on read)
//   ttt.turn_timed_out v1 {"mark":"x"|"o"}
//   ttt.round_finished v1 {"round":n,"winner":"x"|"o"|"d"}
//   ttt.match_finished v1 {"winner":"x"|"o"|"draw"}
#pragma once

#include <string>
#include <string_view>

#include "events/tictactoe/rules.hpp"
#include "events/upcaster.hpp"

namespace wordhall::tictactoe {

new_event encode_event(const event& e);
result<event> decode_event(const event_envelope& stored, const upcaster_chain& upcasters);
upcaster_chain make_upcasters();

std::string encode_state(const state& s);
result<state> decode_state(std::string_view json);

}  // namespace wordhall::tictactoe
