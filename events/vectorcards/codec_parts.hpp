// The parts vector cards' codec (codec.hpp) writes and reads inside its events and state: a
// deal, a move, a resolution, standings, and the field readers they share. Internal to the codec.
#pragma once

#include <simdjson.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards::codec_parts {

using simdjson::dom::element;
using simdjson::dom::object;

template <class T>
result<void> read_into(result<T> r, T* out) {
  if (!r) return r.err();
  *out = std::move(*r);
  return {};
}

template <class Int>
result<void> read_int(object o, std::string_view f, Int* out) {
  auto v = get_int(o, f);
  if (!v) return v.err();
  *out = static_cast<Int>(*v);
  return {};
}

// Writers: one JSON object (or array) each, in the shapes docs/vectorcards.md gives.
void write_move(json_writer& out, const scored_move& m);
void write_player(json_writer& out, const player& p);
void write_point(json_writer& out, const point2& p);
// {"start":[x,y],"target":[x,y],"players":{"p1":[x,y],…}}
void write_projection(json_writer& out, const projection& p);
void write_deal(json_writer& out, const deal& d);
// A move's fields; its nearest word and target rank only once they are known.
void write_made(json_writer& out, const move& m);
// {"p1":{"nearest_token","nearest_similarity","target_rank"},…}
void write_neighbours(json_writer& out, const std::map<std::string, neighbourhood>& found);
// {"p1":[start, public, private],…}: each played word's share of the score.
void write_shares(json_writer& out, const std::map<std::string, move_shares>& shares);
// A resolution's fields; "shares" only when there are some (older resolutions have none).
void write_resolution(json_writer& out, const resolution& r);
void write_standings(json_writer& out, const std::vector<standing>& list);
// Readers: a required field into *out, or `bad_field` naming it.
result<void> read_string(object o, std::string_view f, std::string* out);
result<void> read_double(object o, std::string_view f, double* out);
result<void> read_bool(object o, std::string_view f, bool* out);
result<object> read_object(object o, std::string_view f);
// The inverses of the writers.
result<scored_move> read_move(object o);
result<player> read_player(object o);
result<point2> read_point(element e);
result<projection> read_projection(object o, std::string_view field);
result<deal> read_deal(object o);
result<move> read_made(object o);
result<std::map<std::string, neighbourhood>> read_neighbours(object o, std::string_view field);
// An optional "shares" field: empty when absent.
result<std::map<std::string, move_shares>> read_shares(object o, std::string_view field);
result<resolution> read_resolution(object o);
result<std::vector<standing>> read_standings(object o, std::string_view field);
// With `check`, `bad_settings` unless low <= value <= high.
result<void> bounded(bool check, double value, double low, double high, std::string_view field);

}  // namespace wordhall::vectorcards::codec_parts
