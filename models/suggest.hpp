// suggest: what a player probably meant by a word the vocabulary lacks.
//
// First the case variants the vocabulary has ("Paris" for "paris" in a cased vocabulary,
// "paris" for "PARIS"), then close spellings among common words: at most one edit for words of
// up to four letters, two for longer ones, where an edit inserts, deletes or replaces a letter
// or swaps two neighbours (optimal string alignment distance). Closer words come first, equally
// close ones in the order of `common` (most frequent first).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace wordhall::models {

std::vector<std::string> suggest(std::string_view input,
                                 const std::function<bool(std::string_view)>& in_vocabulary,
                                 const std::vector<std::string>& common, size_t max = 5);

// Optimal string alignment distance, or `limit + 1` as soon as it must exceed `limit`.
size_t edit_distance(std::string_view a, std::string_view b, size_t limit);

}  // namespace wordhall::models
