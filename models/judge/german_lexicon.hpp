// german_lexicon: the German words the offline judge knows, and what the list says about them.
//
// Sources: Debian's wngerman (/usr/share/dict/ngerman), one word per line in UTF-8, about 356,000
// lines with inflected forms and many compounds, and the stems of Hunspell's German dictionary
// (hunspell-de-de's de_DE.dic, about 75,000), which hold base words the list lacks (Spiel,
// Quatsch); stems flagged as only-in-compounds (o), needing an affix (h: LIEBES as in
// LIEBESBRIEF) or forbidden (d) are left out. Words are kept after normalise_word; entries
// with a capital after the first letter (abbreviations such as ABC, AfD) and one-letter entries
// are left out; a word with ß is also kept as spelled on tiles, which have no ß (STRAßE and
// STRASSE). The set is sorted and packed into one buffer with offsets (about 5 MB), plus a second
// order of the same words sorted by their reversed bytes, so that "which words end in X" is a
// range as cheap as "which words start with X".
//
// What the list tells beyond "is this a word":
//   noun       the list spells the word with a capital (Haus), so display() gives "Haus" and a
//              compound's head can be checked to be a noun.
//   family     how many listed words are compounds with the word as a part: WASSER+FALL,
//              MEER+WASSER, GEBURT+S+TAG. German builds compounds from the words it uses most,
//              so this is the judge's measure of how common a word is (HAUS: over 300, ANTLITZ:
//              none); see offline_judge.hpp.
//   bigrams    how often each pair of adjacent letters occurs across the list, to tell letter
//              salad (QY occurs in no German word) from a near-word.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"

namespace wordhall::judge {

// The linking elements (Fugenelemente) a compound's parts may be joined by, "" first: GEBURT·S·TAG,
// LIEBE·S·BRIEF, STERN·EN·HIMMEL, KIND·ER·GARTEN, HUND·E·HÜTTE, HELD·EN·MUT, HERZ·ENS·WUNSCH.
inline constexpr std::string_view linking_elements[] = {"", "S", "ES", "N", "EN", "ER", "E", "ENS"};

class german_lexicon {
 public:
  german_lexicon() = default;
  // Reads a word list and, unless `hunspell_dic` is empty, a Hunspell .dic's stems;
  // `judge_words_missing` or `judge_hunspell_missing` when a file cannot be read.
  static result<german_lexicon> load(const std::string& word_list, const std::string& hunspell_dic = "");
  static german_lexicon from_words(const std::vector<std::string>& words);

  bool contains(std::string_view normalised_word) const;
  // Spelled with a capital in the list (a noun or a name).
  bool is_noun(std::string_view normalised_word) const;
  // The word as the list spells it (HAUS → "Haus", SCHNELL → "schnell"); one listed both ways
  // with a capital (Spiel and spiel: "Spiel"); a tile spelling as the list spells it (STRASSE:
  // "Straße"); a word the list lacks in lower case.
  std::string display(std::string_view normalised_word) const;
  // Listed words of the form WORD·link·KNOWN or KNOWN·link·WORD (KNOWN: a listed word of at least
  // three letters), counted up to `cap`.
  std::size_t family_size(std::string_view normalised_word, std::size_t cap = 2000) const;
  // How often the letters `a` `b` (normalised, one code point each) stand side by side across the
  // list; 0 for a pair never seen or a letter outside A–Z, Ä, Ö, Ü, ß.
  uint32_t bigram_count(std::string_view a, std::string_view b) const;

  std::size_t size() const { return starts_.empty() ? 0 : starts_.size() - 1; }

 private:
  static constexpr std::size_t alphabet = 30;  // A–Z, Ä, Ö, Ü, ß
  struct entry_spelling {
    std::string word;   // normalised
    bool noun = false;     // the list spelled it with a capital
    bool sharp_s = false;  // the tile spelling of a word with ß (STRASSE for STRAßE)
  };
  // Adds a list's entry (normalised) and, for a word with ß, its tile spelling; skips one-letter
  // entries and abbreviations.
  static void add_entry(std::vector<entry_spelling>& entries, std::string_view entry);
  static german_lexicon from_entries(std::vector<entry_spelling> entries);
  std::string_view word(std::size_t i) const {
    return std::string_view(text_.data() + starts_[i], starts_[i + 1] - starts_[i]);
  }
  // The index of the first word not before `normalised_word` in the sorted words.
  std::size_t lower_bound(std::string_view normalised_word) const;
  // The index of `normalised_word` in the sorted words, or size() when absent.
  std::size_t find(std::string_view normalised_word) const;

  std::string text_;                 // the words, sorted, back to back
  std::vector<uint32_t> starts_;     // word i is text_[starts_[i], starts_[i+1])
  // capital: listed with a capital; as listed: listed as spelled here, not only as the tile
  // spelling of a word with ß (MASSE is Masse, and also Maße laid on tiles).
  static constexpr uint8_t capital_spelling = 1, as_listed_spelling = 2;
  std::vector<uint8_t> spellings_;   // per word
  std::vector<uint32_t> reversed_;   // word indexes, sorted by their bytes read backwards
  std::array<uint32_t, alphabet * alphabet> bigrams_{};
};

// The index of a normalised letter in the lexicon's alphabet (A–Z 0–25, Ä Ö Ü ß 26–29), or -1.
int letter_index(std::string_view letter);

}  // namespace wordhall::judge
