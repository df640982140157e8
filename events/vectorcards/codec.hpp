// JSON forms of vector cards' settings, events and state (payloads: docs/vectorcards.md).
//
// Doubles are written as the shortest text that reads back to the same value, so similarities
// survive the journal at full precision and ties stay ties after a replay.
//
// Events are v1 but for two, whose older shapes are upcast on read:
//   vc.move_submitted v2: nearest_token, nearest_similarity and target_rank only when the submit
//                         searched them (nearest_now); v1 always had them.
//   vc.round_resolved v2: adds "neighbours" {player: {nearest_token, nearest_similarity,
//                         target_rank}} for the moves searched at resolution; v1 had none.
//                         Resolutions searched with the vectors add "shares" {player: [start,
//                         public, private]}; a payload without it reads as no shares.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>

#include "events/envelope.hpp"
#include "events/json_writer.hpp"
#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

// Reads settings over the defaults; with `check_bounds`, values outside the documented bounds
// and unknown fields are `bad_settings` (commands), without it they are taken as stored (events).
result<settings> read_settings(simdjson::dom::object o, bool check_bounds);
void write_settings(json_writer& out, const settings& config);

new_event encode_event(const event& e);
result<event> decode_event(const event_envelope& stored);

std::string encode_state(const state& s);
result<state> decode_state(std::string_view json);

}  // namespace wordhall::vectorcards
