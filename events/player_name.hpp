// The display name a player gives, as every game accepts it: trimmed of surrounding white space,
// then 1 to `max_characters` characters (code points, so "Ä" counts once), no control characters.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace wordhall {

// The cleaned name, or nullopt when the text is no acceptable name.
std::optional<std::string> player_name(std::string_view text, size_t max_characters = 24);

}  // namespace wordhall
