// JSON forms of the pieces events and the state share, and strict readers for stored JSON
// (`bad_field` naming what is wrong). CARD = {"word":"bank","role":"red","revealed":false,"turn":0}.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

#include "events/codenames/rules.hpp"
#include "events/json_writer.hpp"

// Reads `expr` (a result) into `target`, or returns its error from the enclosing function.
#define CN_READ(target, expr)        \
  do {                               \
    auto read_ = (expr);             \
    if (!read_) return read_.err();  \
    target = std::move(*read_);      \
  } while (0)

namespace wordhall::codenames_game {

void write_strings(json_writer& out, const std::vector<std::string>& list);
void write_ints(json_writer& out, const std::vector<int>& list);
void write_cards(json_writer& out, const std::vector<card>& cards);

result<int> read_int(simdjson::dom::object o, std::string_view field);
result<simdjson::dom::array> read_array(simdjson::dom::object o, std::string_view field);
result<std::vector<std::string>> read_strings(simdjson::dom::object o, std::string_view field);
result<std::vector<int>> read_ints(simdjson::dom::object o, std::string_view field);
result<std::vector<card>> read_cards(simdjson::dom::object o, std::string_view field);

// Whether `role` / `team` is one of the names rules.hpp defines.
bool known_role(const std::string& role);
bool known_team(const std::string& team);

}  // namespace wordhall::codenames_game
