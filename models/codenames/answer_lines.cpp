#include "models/codenames/answer_lines.hpp"

#include <algorithm>

namespace wordhall::codenames {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

}  // namespace

std::string ascii_lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

bool is_small_number(std::string_view text) {
  return !text.empty() && text.size() <= 6 &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

result<std::vector<answer_line>> read_answer_lines(std::string_view text, std::string_view form) {
  std::vector<answer_line> out;
  size_t line_number = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    line = trimmed(line);
    if (line.empty()) continue;
    const size_t colon = line.find(':');
    const std::string_view label =
        colon == std::string_view::npos ? std::string_view{} : trimmed(line.substr(0, colon));
    if (label.empty()) {
      return make_error("bad_answer",
                        "line " + std::to_string(line_number) + ": write " + std::string(form));
    }
    answer_line read;
    read.line = line_number;
    read.label = std::string(label);
    std::string_view rest = line.substr(colon + 1);
    while (true) {
      const size_t comma = rest.find(',');
      const std::string_view pick = trimmed(rest.substr(0, comma));
      if (!pick.empty()) read.picks.emplace_back(pick);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    out.push_back(std::move(read));
  }
  return out;
}

}  // namespace wordhall::codenames
