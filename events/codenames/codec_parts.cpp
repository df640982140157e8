#include "events/codenames/codec_parts.hpp"

#include "events/json_read.hpp"

namespace wordhall::codenames_game {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

void write_strings(json_writer& out, const std::vector<std::string>& list) {
  out.begin_array();
  for (auto& s : list) out.value(s);
  out.end_array();
}

void write_ints(json_writer& out, const std::vector<int>& list) {
  out.begin_array();
  for (int i : list) out.value(i);
  out.end_array();
}

void write_cards(json_writer& out, const std::vector<card>& cards) {
  out.begin_array();
  for (auto& c : cards)
    out.begin_object().field("word", c.word).field("role", c.role).field("revealed", c.revealed)
        .field("turn", c.revealed_turn).end_object();
  out.end_array();
}

result<int> read_int(object o, std::string_view field) {
  auto v = get_int(o, field);
  if (!v) return v.err();
  return static_cast<int>(*v);
}

result<array> read_array(object o, std::string_view field) {
  auto e = find_field(o, field);
  if (!e || !e->is_array())
    return make_error("bad_field", "\"" + std::string(field) + "\" must be an array");
  return array_of(*e);
}

result<std::vector<std::string>> read_strings(object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<std::string> out;
  for (element e : *list) {
    std::string_view text;
    if (e.get(text)) return make_error("bad_field", "\"" + std::string(field) + "\" holds strings");
    out.emplace_back(text);
  }
  return out;
}

result<std::vector<int>> read_ints(object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<int> out;
  for (element e : *list) {
    int64_t v;
    if (e.get(v)) return make_error("bad_field", "\"" + std::string(field) + "\" holds integers");
    out.push_back(static_cast<int>(v));
  }
  return out;
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
    CN_READ(c.word, get_string(*item, "word"));
    CN_READ(c.role, get_string(*item, "role"));
    CN_READ(c.revealed, get_bool(*item, "revealed"));
    CN_READ(c.revealed_turn, read_int(*item, "turn"));
    if (!known_role(c.role)) return make_error("bad_field", "unknown role \"" + c.role + "\"");
    out.push_back(std::move(c));
  }
  if (out.size() != static_cast<size_t>(board_size))
    return make_error("bad_field", "a board has 25 cards");
  return out;
}

}  // namespace wordhall::codenames_game
