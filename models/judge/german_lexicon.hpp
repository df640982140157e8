// german_lexicon: the German word list the offline judge recognises compounds with.
//
// Source: Debian's wngerman (/usr/share/dict/ngerman), one word per line in UTF-8, about 356,000
// lines with inflected forms. Words are kept after normalise_word; entries with a capital after
// the first letter (abbreviations such as ABC, AfD) and one-letter entries are left out; a word
// with ß is also kept as spelled on tiles, which have no ß (STRAßE and STRASSE). The set
// is sorted and packed into one buffer with offsets (about 5 MB for the full list), because the
// judge holds it for the server's lifetime and only ever asks "is this a word?".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"

namespace wordhall::judge {

class german_lexicon {
 public:
  german_lexicon() = default;
  // Reads a word list; `judge_words_missing` when the file cannot be read.
  static result<german_lexicon> load(const std::string& path);
  static german_lexicon from_words(const std::vector<std::string>& words);

  bool contains(std::string_view normalised_word) const;
  std::size_t size() const { return starts_.empty() ? 0 : starts_.size() - 1; }

 private:
  static german_lexicon from_sorted(std::vector<std::string> words);

  std::string text_;              // the words, back to back
  std::vector<uint32_t> starts_;  // word i is text_[starts_[i], starts_[i+1])
};

}  // namespace wordhall::judge
