// The REST interface of Codenames (docs/codenames.md "The game"). Each request becomes one
// command to the match actor, as a WebSocket command would, and its reply answers.
//
//   POST /api/codenames                     {mode, name?, team?}   201 {matchId, playerUrl,
//                                                                  inviteUrl, spectatorUrl}
//   GET  /api/codenames/{matchId}                                  the caller's VIEW
//   POST /api/codenames/{matchId}/join      {name?, team?}         with the invitation: 201
//                                           {seat, playerUrl, view}; with a seat: VIEW
//   POST /api/codenames/{matchId}/start                            VIEW (the host)
//   POST /api/codenames/{matchId}/propose   {card}                 VIEW
//   POST /api/codenames/{matchId}/confirm   {card?}                VIEW
//   POST /api/codenames/{matchId}/end-turn                         VIEW
//   POST /api/codenames/{matchId}/retry-clue                       VIEW
//   POST /api/codenames/{matchId}/rematch   {game_number?}         VIEW (the next game, same seats)
//   GET  /cn/{matchId}/p/{seatToken}        the player's page      (codenames-game.html)
//   GET  /cn/{matchId}/join/{inviteToken}   the invitation's page  (the same page)
//   GET  /cn/{matchId}/watch/{token}        the spectator's page   (the same page)
//
// URLs are absolute, built from the request's Host header. The credential (a seat's, the
// invitation's or the spectator's secret) is `Authorization: Bearer <token>` or, for POSTs,
// `"seatToken"` in the JSON body (the header wins). A page whose token is not of its kind in a
// Codenames match is codenames-404.html with status 404. Refusals are {"error":{"code","message"}}
// with the status of docs/codenames.md's table; platform codes: no_such_match 404,
// unavailable 503.
#pragma once

#include <caf/all.hpp>

#include <string>

#include "http/creation_limit.hpp"
#include "http/router.hpp"

namespace wordhall {

// `creations` limits the create route per client address and must outlive the routes.
void add_codenames_routes(http::router& routes, caf::actor_system& system, caf::actor directory,
                          std::string www_root, http::creation_limit& creations);

}  // namespace wordhall
