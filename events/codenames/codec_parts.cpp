#include "events/codenames/codec_parts.hpp"

#include "events/json_read.hpp"

namespace wordhall::codenames_game {

using simdjson::dom::element;
using simdjson::dom::object;

void write_cards(json_writer& out, const std::vector<card>& cards) {
  out.begin_array();
  for (auto& c : cards)
    out.begin_object().field("word", c.word).field("role", c.role).field("revealed", c.revealed)
        .field("turn", c.revealed_turn).end_object();
  out.end_array();
}

bool known_role(const std::string& role) {
  return role == red || role == blue || role == civilian || role == assassin;
}

bool known_team(const std::string& team) { return team == red || team == blue; }

result<std::vector<card>> read_cards(object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<card> out;
  for (element e : *list) {
    auto item = as_object(e, "card");
    if (!item) return item.err();
    card c;
    WORDHALL_READ(c.word, get_string(*item, "word"));
    WORDHALL_READ(c.role, get_string(*item, "role"));
    WORDHALL_READ(c.revealed, get_bool(*item, "revealed"));
    WORDHALL_READ(c.revealed_turn, read_int(*item, "turn"));
    if (!known_role(c.role)) return make_error("bad_field", "unknown role \"" + c.role + "\"");
    out.push_back(std::move(c));
  }
  if (out.size() != static_cast<size_t>(board_size))
    return make_error("bad_field", "a board has 25 cards");
  return out;
}

}  // namespace wordhall::codenames_game
