// What each viewer of a Wortkunst game may see (shapes: docs/wortkunst.md "Views").
//
// A player sees their own rack and nobody else's, never the bag's order, other players' drawn
// tiles or the letters they exchanged; credentials and their digests are never shown to anyone.
// The admin sees every rack. `viewer.online` (when given) says which seats are connected.
#pragma once

#include <optional>
#include <string>

#include "events/wortkunst/rules.hpp"

namespace wordhall::wortkunst {

std::string view_json(const state& s, const viewer& who);

// The part of event `e` (just applied, giving `after`) that `who` may see.
std::string visible_event_json(const state& after, const event& e, const viewer& who);

}  // namespace wordhall::wortkunst
