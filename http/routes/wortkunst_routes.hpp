// The REST interface of Wortkunst (seed 001 "API and URLs"; docs/wortkunst.md). Each request
// becomes one command to the match actor, as a WebSocket command would, and its reply answers.
//
//   POST /api/games                        {playerCount, settings?}  201 {gameId, playerUrls}
//   GET  /g/{gameId}/p/{seatToken}         the game page (wortkunst-game.html), 404 page if the
//                                          game or the seat does not exist
//   GET  /api/games/{gameId}                                         the caller's VIEW
//   POST /api/games/{gameId}/join          {name?}                   VIEW
//   POST /api/games/{gameId}/start                                   VIEW (host only)
//   POST /api/games/{gameId}/place         {tiles:[{square,letter,blank?}]}   VIEW
//   POST /api/games/{gameId}/exchange      {letters:["A","?",…]}     VIEW
//   POST /api/games/{gameId}/pass                                    VIEW
//   POST /api/games/{gameId}/retry-rating                            VIEW
//   POST /api/games/{gameId}/check         {tiles}                   {words, formed} (a dry run)
//   GET  /api/games/{gameId}/gcg                                     the game as a GCG file
//   GET  /api/wortkunst/judge                                        {judge:"offline"} or
//                                                                    {judge:"llm", model}
//
// gameId is the platform's match id. playerUrls are absolute, built from the request's Host
// header: http://<Host>/g/{gameId}/p/{seatToken}, seat 0 (the host) first. The seat token is the
// credential: `Authorization: Bearer <seatToken>` or, for POSTs, `"seatToken"` in the JSON body
// (the header wins). Without one the caller is a spectator (GET) or refused as `not_a_seat`.
// The GCG file is read from the journal (events/wortkunst/gcg.hpp) and, like the view, is for
// anyone who knows the game's id: the racks in it are the caller's own (Bearer seat token) until
// the game is over, then everyone's.
// Refusals are {"error":{"code","message"}} with the game's code and the status of the table in
// docs/wortkunst.md; platform codes: no_such_match 404, unavailable 503.
#pragma once

#include <caf/all.hpp>

#include <string>

#include "http/creation_limit.hpp"
#include "http/router.hpp"
#include "storage/journal.hpp"

namespace wordhall {

// What the routes read besides the match actors: the journal (GCG export) and the judge that
// rates (a model's name, or "offline"), for the lobby.
struct wortkunst_route_context {
  const storage::journal* journal = nullptr;
  std::string judge = "offline";
};

// `creations` limits the create route per client address and must outlive the routes.
void add_wortkunst_routes(http::router& routes, caf::actor_system& system, caf::actor directory,
                          std::string www_root, wortkunst_route_context context,
                          http::creation_limit& creations);

}  // namespace wordhall
