// What each viewer of a vector cards match may see (shapes: docs/vectorcards.md "Views").
//
// A viewer is identified by their credential digest. Private cards, one's own move before the
// results and one's par are shown to their owner only; other players' private cards are never
// shown, not even after the round. The admin sees everything.
#pragma once

#include <string>

#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

std::string view_json(const state& s, const std::string& caller, bool admin);
std::string round_json(const state& s, const round_state& r, const std::string& caller, bool admin);
std::string leaderboard_json(const state& s, const round_state& r, const std::string& caller);

}  // namespace wordhall::vectorcards
