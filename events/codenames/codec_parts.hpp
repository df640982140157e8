// JSON forms of the pieces events and the state share, and strict readers for stored JSON
// (`bad_field` naming what is wrong). CARD = {"word":"bank","role":"red","revealed":false,"turn":0}.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

#include "events/codenames/rules.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall::codenames_game {

void write_cards(json_writer& out, const std::vector<card>& cards);

result<std::vector<card>> read_cards(simdjson::dom::object o, std::string_view field);

// Whether `role` / `team` is one of the names rules.hpp defines.
bool known_role(const std::string& role);
bool known_team(const std::string& team);

}  // namespace wordhall::codenames_game
