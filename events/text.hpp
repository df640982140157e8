// text: the few string_view helpers that several libraries need, in one place.
#pragma once

#include <cctype>
#include <string_view>

namespace wordhall {

// `text` without the ASCII white space (std::isspace in the C locale) at either end.
inline std::string_view trim(std::string_view text) {
  auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

inline bool ends_with(std::string_view text, std::string_view tail) {
  return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

}  // namespace wordhall
