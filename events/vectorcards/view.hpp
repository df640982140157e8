// What each viewer of a vector cards match may see (shapes: docs/vectorcards.md "Views").
//
// A viewer is identified by their credential digest. Private cards, one's own move before the
// results and one's par are shown to their owner only. Once a round has its results, every
// player's move (both cards, a joker's word, the signs) is everyone's; the cards a player held
// but did not play never are. The admin sees everything.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

std::string view_json(const state& s, const std::string& caller, bool admin);
// The views of several players at once (an update to every subscriber), each equal to its
// view_json: what they all see alike is rendered once.
std::vector<std::string> views_json(const state& s, const std::vector<std::string>& callers);
std::string round_json(const state& s, const round_state& r, const std::string& caller, bool admin);
std::string leaderboard_json(const state& s, const round_state& r, const std::string& caller);
// A player's own move as round.your_move shows it.
void write_own_move(json_writer& out, const move& m);
// "nearest_token", "nearest_similarity" and "target_rank" of a move: null until they are found.
void write_neighbourhood_fields(json_writer& out, const std::optional<neighbourhood>& around);

}  // namespace wordhall::vectorcards
