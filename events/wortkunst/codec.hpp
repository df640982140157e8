// JSON forms of Wortkunst's events and state. Event types and payloads (all version 1, all fields
// required; TILE, WORD, EVAL as in codec_parts.hpp; docs/wortkunst.md "Events"):
//   wk.game_created     {player_count, settings:{pass_rounds}, seats:[{seat, digest}]}
//   wk.seat_joined      {seat, name}
//   wk.started          {seed, players:[seat], bag:[tile × 102, shuffled]}
//   wk.move_placed      {move, seat, tiles:[TILE], words:[WORD], drawn:[tile]}
//   wk.move_rated       {move, seat, judge, evaluations:[EVAL], score}
//   wk.rating_failed    {move, attempt, code, message}
//   wk.rating_retried   {move, attempt}
//   wk.tiles_exchanged  {move, seat, letters:[tile], drawn:[tile], bag:[tile]}
//   wk.passed           {move, seat}
//   wk.game_ended       {reason, results:[{seat, rack, penalty, score}], winners:[seat]}
#pragma once

#include <string>
#include <string_view>

#include "events/envelope.hpp"
#include "events/wortkunst/rules.hpp"

namespace wordhall::wortkunst {

new_event encode_event(const event& e);
result<event> decode_event(const event_envelope& stored);

// Whether `e` can be applied to `s` without breaking it (seats exist, a game exists): a decoded
// event from a damaged journal is refused rather than crashing evolve.
result<void> applicable(const state& s, const event& e);

std::string encode_state(const state& s);
result<state> decode_state(std::string_view json);

}  // namespace wordhall::wortkunst
