#include "actors/ws_session_frame.hpp"

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace wordhall {
namespace {

bool is_number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// The end of the string literal opening at text[begin] (one past its closing quote), or npos.
size_t end_of_string(std::string_view text, size_t begin) {
  for (size_t i = begin + 1; i < text.size(); ++i) {
    if (text[i] == '\\') ++i;
    else if (text[i] == '"') return i + 1;
  }
  return std::string_view::npos;
}

size_t skip_space(std::string_view text, size_t i) {
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
    ++i;
  return i;
}

bool out_of_range(std::string_view literal) {
  if (literal.find_first_of(".eE") == std::string_view::npos) {
    // An integer: JSON readers here take int64 and uint64.
    if (literal.front() == '-') {
      int64_t v;
      auto [end, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), v);
      return ec == std::errc::result_out_of_range;
    }
    uint64_t v;
    auto [end, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), v);
    return ec == std::errc::result_out_of_range;
  }
  std::string copy(literal);
  errno = 0;
  double d = std::strtod(copy.c_str(), nullptr);
  return errno == ERANGE && d != 0.0;  // an underflow to zero is still a number
}

}  // namespace

std::optional<long long> salvage_client_seq(std::string_view text) {
  int depth = 0;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '{' || c == '[') ++depth, ++i;
    else if (c == '}' || c == ']') --depth, ++i;
    else if (c != '"') ++i;
    else {
      size_t end = end_of_string(text, i);
      if (end == std::string_view::npos) return std::nullopt;
      bool is_key_at_top = depth == 1 && text.substr(i, end - i) == "\"clientSeq\"";
      i = end;
      if (!is_key_at_top) continue;
      size_t colon = skip_space(text, i);
      if (colon >= text.size() || text[colon] != ':') continue;
      size_t start = skip_space(text, colon + 1), stop = start;
      while (stop < text.size() && is_number_char(text[stop])) ++stop;
      long long v;
      auto [ptr, ec] = std::from_chars(text.data() + start, text.data() + stop, v);
      if (ec != std::errc{} || ptr != text.data() + stop) return std::nullopt;
      return v;
    }
  }
  return std::nullopt;
}

bool has_number_out_of_range(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '"') {
      i = end_of_string(text, i);
      if (i == std::string_view::npos) return false;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      size_t stop = i;
      while (stop < text.size() && is_number_char(text[stop])) ++stop;
      if (out_of_range(text.substr(i, stop - i))) return true;
      i = stop;
    } else {
      ++i;
    }
  }
  return false;
}

}  // namespace wordhall
