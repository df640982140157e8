// JSON forms of the pieces events, state and views share (docs/wortkunst.md):
//   TILE {"square":"H8","letter":"A","blank":false}   WORD {"word":"HAUS","squares":["H8",…]}
//   EVAL {"word":"HAUS","score":42,"explanation":"…"}
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/wortkunst/rules.hpp"

namespace wordhall::wortkunst {

void write_tiles(json_writer& out, const std::vector<placed_tile>& tiles);
void write_words(json_writer& out, const std::vector<formed_word>& words);
void write_evaluations(json_writer& out, const std::vector<evaluation>& list);
void write_final(json_writer& out, const final_result& r);  // {reason, results, winners}

// Readers for stored JSON (events, snapshots): strict, `bad_field` naming what is wrong.
result<std::vector<placed_tile>> read_stored_tiles(simdjson::dom::object o, std::string_view field);
result<std::vector<formed_word>> read_words(simdjson::dom::object o, std::string_view field);
result<std::vector<evaluation>> read_evaluation_list(simdjson::dom::object o,
                                                     std::string_view field);
result<final_result> read_final(simdjson::dom::object o);

}  // namespace wordhall::wortkunst
