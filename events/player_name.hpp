// The display name a player gives, as every game accepts it. Cleaning, in order: the text is
// normalised to NFC (so "é" typed two ways is one name), zero-width characters (U+200B..U+200D,
// U+2060, U+FEFF) and bidi controls (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) are removed,
// and surrounding white space is trimmed. What remains must be 1 to `max_characters` characters
// (code points, so "Ä" counts once) without control characters: "Ann\u200b" is "Ann", and a name
// of U+202E alone is empty.
//
// Errors: name_empty (nothing visible is left), bad_name (too long, control characters, or not
// UTF-8). Only commands are cleaned; names already in events replay as they were stored.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "events/result.hpp"

namespace wordhall {

result<std::string> player_name(std::string_view text, size_t max_characters = 24);

// Case-insensitive equality of two cleaned names (ASCII letters fold), for "name taken" checks.
bool same_player_name(std::string_view a, std::string_view b);

}  // namespace wordhall
