#include "events/player_name.hpp"

#include <algorithm>
#include <cctype>

namespace wordhall {

std::optional<std::string> player_name(std::string_view text, size_t max_characters) {
  auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  bool control = std::any_of(text.begin(), text.end(),
                             [](char c) { return static_cast<unsigned char>(c) < 0x20; });
  // UTF-8: every byte but a continuation byte (10xxxxxx) starts a character.
  size_t characters = static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
  if (text.empty() || control || characters > max_characters) return std::nullopt;
  return std::string(text);
}

}  // namespace wordhall
