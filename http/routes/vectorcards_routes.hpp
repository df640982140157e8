// The REST interface of vector cards (docs/vectorcards.md, "REST"): each request becomes one
// command to the match actor, exactly as a WebSocket command would, and its reply is the answer.
//
//   POST /match                               {name, settings?}  201 {"match_id"}
//   POST /match/{id}/join                     {player_name}      {player_id, player, lobby_state}
//   POST /match/{id}/start                    {player_id}        {round_state}
//   GET  /match/{id}?player_id=                                  the view
//   GET  /match/{id}/round/current?player_id=                    {round_state} | 404 no_round
//   POST /match/{id}/round/{round_id}/submit  {player_id, public_token, public_sign,
//                                              private_token, private_sign,
//                                              joker_override_token?, stake?}  the move's score
//   POST /match/{id}/round/{round_id}/resolve {player_id}        {leaderboard}
//   POST /match/{id}/round/next               {player_id}        {round_state}
//
// `player_id` is the player's secret: it is turned into its digest here and never written into
// an answer (only `join` returns the caller's own, once). Refusals keep the game's error code
// ({"error":{"code","message"}}) with the status of the table in docs/vectorcards.md; a body
// that is not a JSON object is 400 bad_json, a missing or non-string player_id 400 bad_field.
// Validating the other fields is the game's job: they are copied into the command as sent.
#pragma once

#include <caf/all.hpp>

#include <vector>

#include "events/vectorcards/word_space.hpp"
#include "http/creation_limit.hpp"
#include "http/router.hpp"

namespace wordhall {

// `creations` limits the create route per client address and must outlive the routes.
void add_vectorcards_routes(http::router& routes, caf::actor_system& system, caf::actor directory,
                            http::creation_limit& creations);

// GET /api/vectorcards/themes -> {"themes":[{"name","label_nl","label_en","words"}]}: what a
// match's "theme" setting may name ("words": how many the list has).
void add_vectorcards_theme_route(http::router& routes, const std::vector<vectorcards::theme>& themes);

}  // namespace wordhall
