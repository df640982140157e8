// What can still be read from a WebSocket frame that did not parse as JSON.
//
// A client waits for the answer carrying its clientSeq, so an error must carry it whenever the
// frame got far enough to hold one: `salvage_client_seq` finds a top-level "clientSeq" whose
// value is a 64-bit integer by scanning the text (strings and nesting respected), whatever comes
// after it (a number too large, bytes that are not UTF-8, a truncated tail).
// `has_number_out_of_range` tells a frame that failed because of a number no 64-bit integer or
// double can hold from one that is otherwise malformed.
#pragma once

#include <optional>
#include <string_view>

namespace wordhall {

std::optional<long long> salvage_client_seq(std::string_view text);
bool has_number_out_of_range(std::string_view text);

}  // namespace wordhall
