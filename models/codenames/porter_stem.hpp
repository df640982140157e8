// porter_stem: Martin Porter's suffix-stripping stemmer (1980), as in his reference C
// implementation (with its two documented departures: "-bli" -> "-ble", "-logi" -> "-log").
//
// Codenames forbids a clue "of the same stem" as a board word, plural included: two words are
// taken to share a stem when their Porter stems are equal ("cities"/"city" -> "citi",
// "baking"/"bake" -> "bake"). Input is lower-case ASCII; any other byte is kept and treated as a
// consonant. Words of one or two letters are returned unchanged, as in the reference code.
// Irregular forms ("mice"/"mouse") are out of its reach.
#pragma once

#include <string>
#include <string_view>

namespace wordhall::codenames {

std::string porter_stem(std::string_view word);

}  // namespace wordhall::codenames
