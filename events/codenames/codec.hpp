// JSON forms of Codenames' events and state. Event types and payloads (all version 1, all fields
// required; CARD as in codec_parts.hpp; docs/codenames.md "Events"):
//   cn.match_created   {mode, seed, first_team, cards:[CARD × 25], invite_digest, spectator_digest}
//   cn.seat_joined     {seat, digest, name, team}
//   cn.seat_changed    {seat, name, team}
//   cn.started         {}
//   cn.clue_given      {turn, team, clue, number, targets:[word], spymaster}
//   cn.clue_failed     {turn, attempt, code, message}
//   cn.clue_retried    {turn, attempt}
//   cn.guess_proposed  {turn, seat, card}
//   cn.card_revealed   {turn, seat, card, role}
//   cn.turn_ended      {turn, team, reason}
//   cn.game_ended      {winner, reason}
//   cn.rematch_dealt   {game_number, seed, first_team, cards:[CARD × 25]}
#pragma once

#include <string>
#include <string_view>

#include "events/codenames/rules.hpp"
#include "events/envelope.hpp"

namespace wordhall::codenames_game {

new_event encode_event(const event& e);
result<event> decode_event(const event_envelope& stored);

// Whether `e` can be applied to `s` without breaking it (the match exists, seats and cards are
// in range, names are known): a decoded event from a damaged journal is refused, never a crash.
result<void> applicable(const state& s, const event& e);

std::string encode_state(const state& s);
result<state> decode_state(std::string_view json);

}  // namespace wordhall::codenames_game
