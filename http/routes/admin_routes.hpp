// The admin API: read-only views of every match, behind a bearer token.
//
//   GET /admin                              the replay page (admin.html)
//   GET /admin/matches?after=ID&limit=N     {"matches":[{id,game,status,players,created,events}],"next"}
//   GET /admin/matches/{id}/events?from=S&limit=N
//                                           {"matchId","lastSeq","events":[envelope...],"next"}
//   GET /admin/matches/{id}/state[?at=N]    {"matchId","game","at","lastSeq","hash","state","live"}
//       without `at`: the live actor's own state and hash (recovering it if it sleeps);
//       with `at`: the state rebuilt by replaying events 1..N (0: before the first event).
// Without a configured token every path answers 404 admin_disabled; a missing or wrong token
// answers 401 unauthorized. Nothing here changes a match.
#pragma once

#include <caf/all.hpp>

#include "config/settings.hpp"
#include "events/game_registry.hpp"
#include "http/router.hpp"
#include "storage/journal.hpp"

namespace wordhall {

struct admin_context {
  const settings* config = nullptr;
  const storage::journal* journal = nullptr;
  const game_registry* games = nullptr;
  caf::actor_system* system = nullptr;
  caf::actor directory;
};

void add_admin_routes(http::router& routes, admin_context ctx);

}  // namespace wordhall
