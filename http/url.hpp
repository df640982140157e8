// Request targets: splitting, percent-decoding, and the rule that makes a path safe.
//
// Only origin-form targets are accepted: `/path[?query]`. The path is percent-decoded as a whole;
// the query is `name=value` pairs joined by `&` in which `+` also stands for a space. A decoded
// path is *safe* when it starts with '/' and holds no `..` segment, no NUL byte and no backslash.
// The server refuses unsafe paths (400 bad_path) before routing, so neither static files nor route
// parameters ever see a traversal attempt, however it was encoded.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wordhall::http {

// Decodes %XX escapes, and '+' as a space when `plus_is_space`; nullopt on a malformed escape.
std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space = false);

struct parsed_target {
  std::string path;
  std::map<std::string, std::string> query;
};

// nullopt when the target is not origin-form or holds a malformed escape.
std::optional<parsed_target> parse_target(std::string_view target);

// The target up to '?', still percent-encoded.
std::string_view raw_path(std::string_view target);

// The segments of a path that starts with '/': "/a/b/" gives {"a", "b", ""}.
std::vector<std::string_view> split_path(std::string_view path);

bool is_safe_path(std::string_view decoded_path);

}  // namespace wordhall::http
