// What each viewer of a Codenames match may see (shapes: docs/codenames.md "Views").
//
// Viewers: a seat (a player), the spectator link, the invitation link (what a newcomer needs to
// choose a team), the admin, and anyone else (nothing but that the match exists). Players and
// spectators see a covered card's word, never its role, and never a clue's intended targets,
// until the game ends, when the whole key is shown. A proposal is seen by the proposer's team
// (and the admin) only. Credentials and their digests are never shown; the admin sees the key,
// the targets and everything else at every step.
#pragma once

#include <optional>
#include <string>

#include "events/codenames/rules.hpp"

namespace wordhall::codenames_game {

std::string view_json(const state& s, const viewer& who);

// The part of event `e` (just applied, giving `after`) that `who` may see; nullopt: none.
std::optional<std::string> visible_event_json(const state& after, const event& e,
                                              const viewer& who);

}  // namespace wordhall::codenames_game
