#include "events/wortkunst/check.hpp"

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/wortkunst/codec_parts.hpp"
#include "events/wortkunst/placement.hpp"

namespace wordhall::wortkunst {
namespace {

check_outcome failed(const error& e, int exit_code) {
  json_writer out;
  out.begin_object().field("ok", false).key("error").begin_object().field("code", e.code)
      .field("message", e.message).end_object().end_object();
  return {exit_code, out.take()};
}

}  // namespace

check_outcome check_placement_json(std::string_view input) {
  auto doc = json_document::parse(input);
  if (!doc) return failed(doc.err(), 2);
  auto root = as_object(doc->root(), "the input");
  if (!root) return failed(root.err(), 2);
  board b;
  if (auto rows = find_field(*root, "board"); rows && !rows->is_null()) {
    if (!rows->is_array())
      return failed(make_error("bad_board", "\"board\" must be an array of 15 strings"), 2);
    std::vector<std::string> text;
    for (auto row : array_of(*rows)) {
      std::string_view line;
      if (row.get(line))
        return failed(make_error("bad_board", "\"board\" must be an array of 15 strings"), 2);
      text.emplace_back(line);
    }
    auto parsed = board::from_rows(text);
    if (!parsed) return failed(parsed.err(), 2);
    b = *parsed;
  }
  auto placement = find_field(*root, "placement");
  if (!placement) return failed(make_error("bad_field", "\"placement\" is required"), 2);
  auto tiles = read_tiles(*placement);
  if (!tiles) return failed(tiles.err(), tiles.err().code == "bad_field" ? 2 : 1);
  auto words = check_placement(b, *tiles);
  if (!words) return failed(words.err(), 1);
  json_writer out;
  out.begin_object().field("ok", true).key("words").begin_array();
  for (auto& w : *words) out.value(w.word);
  out.end_array().key("formed");
  write_words(out, *words);
  out.end_object();
  return {0, out.take()};
}

}  // namespace wordhall::wortkunst
