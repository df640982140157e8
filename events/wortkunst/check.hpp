// `wordhall wortkunst check`: one placement against one board, as JSON in and out, without racks
// (docs/wortkunst.md). The command only moves text between stdin and stdout; this is the logic,
// so tests need no process.
//   in:  {"board":[15 rows of 15 characters]?, "placement":[TILE…]}   (no board: an empty one)
//   out: {"ok":true,"words":["HAUS",…],"formed":[{"word","squares"}…]}            exit 0
//        {"ok":false,"error":{"code","message"}} with a placement rule's code        exit 1
//        {"ok":false,"error":{"code":"bad_json"|"bad_board"|"bad_field",…}}          exit 2
#pragma once

#include <string>
#include <string_view>

namespace wordhall::wortkunst {

struct check_outcome {
  int exit_code = 0;
  std::string output;  // one line of JSON, no newline
};

check_outcome check_placement_json(std::string_view input);

}  // namespace wordhall::wortkunst
