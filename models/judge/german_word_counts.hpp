// german_word_counts: how often words occur in German prose, the offline judge's measure of how
// common a word is in use.
//
// Source: the German fortune cookies of Debian's fortunes-de (/usr/share/games/fortunes/de):
// quotations, proverbs, jokes, anecdotes, children's essays and verse, about 340,000 words once
// the files of computing jokes and ASCII art (asciiart, channel-debian.fortunes, computer,
// debian, infodrom, linuxtag, ms) and the two lists of joke names (namen, vornamen) are left out.
// Each distinct line counts once, so the header a file repeats before each of its entries ("Wie
// man sein Kind nicht nennen sollte:") is one line of prose, not four hundred; a line starting
// with "--" names a quotation's author and is left out. The fortune(6) index files (.dat) and
// the .u8 links to the same files are skipped.
//
// A word is a run of the letters A–Z, Ä, Ö, Ü, ß (either case), counted as normalise_word gives
// it with ß spelled SS, as tiles spell it (STRASSE for Straße). The corpus is small: a word German
// uses once in a hundred thousand words is seen about three times, so a count says a word is
// common, while a word it never saw is not thereby rare (see offline_judge.hpp).
//
// Beside each word's count it keeps how often the word follows an article, a possessive or a
// demonstrative ("die Uni", "ein Porsche", "meine Oma"): a name seldom does, so this tells a
// common noun from a name the dictionaries list alike (german_names.hpp).
//
// The prose alone seldom writes the things of a kitchen or a nursery (TASSE 6 times, KUCHEN 9,
// JACKE 2), so the German side of Debian's German-English dictionary (trans-de-en: 206,000
// entries of headwords with their forms, phrases and example sentences of today's German) is
// counted beside it, each word once an entry that uses it: KUCHEN in 18 entries, JACKE in 17,
// TASSE in 11, where a rare word is in about as many as its own (ANTLITZ, FIRMAMENT: 1). Its
// words count for how common a word is (count), not for how it is used (prose_count,
// after_determiner): a headword stands there without its article.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "events/result.hpp"

namespace wordhall::judge {

class german_word_counts {
 public:
  german_word_counts() = default;
  // Counts the files of `directory` as above; `judge_corpus_missing` when it cannot be read or
  // holds no word.
  static result<german_word_counts> load(const std::string& directory);
  // Counts `text`, lines as above (for tests and other sources).
  static german_word_counts from_text(std::string_view text);

  // Counts the German side of the dictionary at `path` (trans-de-en: "Kuchen {m} | Kuchen {pl}
  // :: cake | cakes", the text before "::", its {…} and […] labels left out), each word once a
  // line; `judge_dictionary_missing` when it cannot be read or holds no German word.
  result<void> add_dictionary(const std::string& path);
  // The same from the dictionary's text (for tests).
  void add_dictionary_text(std::string_view text);

  // How often `normalised_word` occurs in the prose and the dictionary (a word with ß is looked
  // up as spelled with SS).
  uint32_t count(std::string_view normalised_word) const;
  // How often it occurs in the prose alone.
  uint32_t prose_count(std::string_view normalised_word) const;
  // How often it directly follows a determiner in the same line of prose (DER, EIN, MEINE, …).
  uint32_t after_determiner(std::string_view normalised_word) const;
  uint64_t total() const { return total_; }   // words counted in the prose
  uint64_t dictionary_total() const { return dictionary_total_; }  // and entries' words
  std::size_t distinct() const { return counts_.size(); }

 private:
  void add_text(std::string_view text);
  std::unordered_map<std::string, uint32_t> counts_;
  std::unordered_map<std::string, uint32_t> dictionary_counts_;
  std::unordered_map<std::string, uint32_t> after_determiner_;
  uint64_t total_ = 0;
  uint64_t dictionary_total_ = 0;
};

}  // namespace wordhall::judge
