// Themes: named word lists start and target words are drawn from (config/vectorcards-themes.json).
//
//   {"themes":[{"name":"kitchen","label_nl":"Keuken","label_en":"Kitchen","words":["apple",…]}]}
//
// Names are unique, words lower-case tokens; a theme needs at least two words.
#pragma once

#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "events/vectorcards/word_space.hpp"

namespace wordhall::vectorcards {

result<std::vector<theme>> parse_themes(std::string_view json);

}  // namespace wordhall::vectorcards
