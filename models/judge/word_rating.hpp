// word_rating: what a judge says about one word, and the spelling judges compare words in.
//
// Words reach the judge as players laid them: upper-case German in UTF-8, possibly with Ä Ö Ü.
// `normalise_word` is the one canonical form every part of the judge keys on (the memory, the
// reply validation, the compound splitter), so "haustür ", "HAUSTÜR" and "Haustür" are one word.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wordhall::judge {

struct word_rating {
  std::string word;         // as asked (or normalised, where the context says so)
  int score = 0;            // 1..100
  std::string explanation;  // one or two sentences, German where the judge manages
};

// Trims ASCII white space and upper-cases ASCII and the Latin-1 letters of UTF-8 (ä→Ä, ö→Ö,
// ü→Ü, é→É, ...). ß stays ß: German has no upper-case ß on tiles. Other bytes are kept as they
// are, so a malformed UTF-8 sequence changes nothing but is never mistaken for a letter.
std::string normalise_word(std::string_view word);

// The Unicode code points of UTF-8 `text`; a malformed byte counts as one code point of its own.
std::vector<std::string_view> utf8_letters(std::string_view text);

// `normalised` with each ß spelled SS, as tiles spell it (no tile has ß: STRAßE is laid STRASSE).
std::string tile_spelling(std::string_view normalised);

// One code point (as utf8_letters gives it) that is a capital letter: A–Z, Ä, Ö, Ü.
bool is_capital(std::string_view letter);

// A spelling that starts with a capital: a noun or a name, as the dictionaries spell it.
bool is_capitalised(std::string_view spelling);

}  // namespace wordhall::judge
