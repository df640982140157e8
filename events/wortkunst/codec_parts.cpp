#include "events/wortkunst/codec_parts.hpp"

#include "events/json_read.hpp"

namespace wordhall::wortkunst {

using simdjson::dom::element;
using simdjson::dom::object;

void write_tiles(json_writer& out, const std::vector<placed_tile>& tiles) {
  out.begin_array();
  for (auto& t : tiles)
    out.begin_object().field("square", square_name(t.at)).field("letter", t.letter)
        .field("blank", t.blank).end_object();
  out.end_array();
}

void write_words(json_writer& out, const std::vector<formed_word>& words) {
  out.begin_array();
  for (auto& w : words) {
    out.begin_object().field("word", w.word).key("squares").begin_array();
    for (auto& sq : w.squares) out.value(square_name(sq));
    out.end_array().end_object();
  }
  out.end_array();
}

void write_evaluations(json_writer& out, const std::vector<evaluation>& list) {
  out.begin_array();
  for (auto& e : list)
    out.begin_object().field("word", e.word).field("score", e.score)
        .field("explanation", e.explanation).end_object();
  out.end_array();
}

void write_final(json_writer& out, const final_result& r) {
  out.begin_object().field("reason", r.reason).key("results").begin_array();
  for (auto& row : r.results) {
    out.begin_object().field("seat", row.seat).key("rack");
    write_strings(out, row.rack);
    out.field("penalty", row.penalty).field("score", row.score).end_object();
  }
  out.end_array().key("winners");
  write_ints(out, r.winners);
  out.end_object();
}

result<std::vector<placed_tile>> read_stored_tiles(object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<placed_tile> out;
  for (element e : *list) {
    auto item = as_object(e, "tile");
    if (!item) return item.err();
    auto name = get_string(*item, "square");
    auto letter = get_string(*item, "letter");
    auto blank = get_bool(*item, "blank");
    if (!name || !letter || !blank) return make_error("bad_field", "a tile needs square, letter, blank");
    auto at = parse_square(*name);
    if (!at) return make_error("bad_field", "\"" + *name + "\" is not a square");
    out.push_back({*at, *letter, *blank});
  }
  return out;
}

result<std::vector<formed_word>> read_words(object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<formed_word> out;
  for (element e : *list) {
    auto item = as_object(e, "word");
    if (!item) return item.err();
    auto word = get_string(*item, "word");
    if (!word) return word.err();
    auto squares = read_strings(*item, "squares");
    if (!squares) return squares.err();
    formed_word w{*word, {}};
    for (auto& name : *squares) {
      auto at = parse_square(name);
      if (!at) return make_error("bad_field", "\"" + name + "\" is not a square");
      w.squares.push_back(*at);
    }
    out.push_back(std::move(w));
  }
  return out;
}

result<std::vector<evaluation>> read_evaluation_list(object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<evaluation> out;
  for (element e : *list) {
    auto item = as_object(e, "evaluation");
    if (!item) return item.err();
    auto word = get_string(*item, "word");
    auto score = read_int(*item, "score");
    auto explanation = get_string(*item, "explanation");
    if (!word || !score || !explanation)
      return make_error("bad_field", "an evaluation needs word, score, explanation");
    out.push_back({*word, *score, *explanation});
  }
  return out;
}

result<final_result> read_final(object o) {
  final_result r;
  auto reason = get_string(o, "reason");
  if (!reason) return reason.err();
  r.reason = *reason;
  auto rows = read_array(o, "results");
  if (!rows) return rows.err();
  for (element e : *rows) {
    auto item = as_object(e, "result");
    if (!item) return item.err();
    auto seat = read_int(*item, "seat");
    auto rack = read_strings(*item, "rack");
    auto penalty = get_int(*item, "penalty");
    auto score = get_int(*item, "score");
    if (!seat || !rack || !penalty || !score)
      return make_error("bad_field", "a result needs seat, rack, penalty, score");
    r.results.push_back({*seat, *rack, *penalty, *score});
  }
  auto winners = read_ints(o, "winners");
  if (!winners) return winners.err();
  r.winners = *winners;
  return r;
}

}  // namespace wordhall::wortkunst
