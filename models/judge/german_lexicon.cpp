#include "models/judge/german_lexicon.hpp"

#include <algorithm>
#include <fstream>

#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

// An abbreviation or a brand (ABC, AfD, McDonald): a capital anywhere after the first letter.
bool is_abbreviation(std::string_view entry) {
  auto letters = utf8_letters(entry);
  for (std::size_t i = 1; i < letters.size(); ++i) {
    auto l = letters[i];
    if (l.size() == 1 && l[0] >= 'A' && l[0] <= 'Z') return true;
    if (l == "Ä" || l == "Ö" || l == "Ü") return true;
  }
  return false;
}

bool keep(std::string_view entry) {
  return utf8_letters(entry).size() >= 2 && !is_abbreviation(entry);
}

// Adds the normalised entry, and its spelling on tiles (no ß tile: STRAßE is laid STRASSE).
void add(std::vector<std::string>& words, std::string_view entry) {
  words.push_back(normalise_word(entry));
  const std::string& word = words.back();
  if (word.find("ß") == std::string::npos) return;
  std::string tiles;
  for (auto letter : utf8_letters(word)) tiles += letter == "ß" ? std::string_view("SS") : letter;
  words.push_back(std::move(tiles));
}

}  // namespace

result<german_lexicon> german_lexicon::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("judge_words_missing", "cannot read the word list " + path);
  std::vector<std::string> words;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (keep(line)) add(words, line);
  }
  return from_sorted(std::move(words));
}

german_lexicon german_lexicon::from_words(const std::vector<std::string>& words) {
  std::vector<std::string> kept;
  for (auto& w : words)
    if (keep(w)) add(kept, w);
  return from_sorted(std::move(kept));
}

german_lexicon german_lexicon::from_sorted(std::vector<std::string> words) {
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  german_lexicon lexicon;
  std::size_t bytes = 0;
  for (auto& w : words) bytes += w.size();
  lexicon.text_.reserve(bytes);
  lexicon.starts_.reserve(words.size() + 1);
  for (auto& w : words) {
    lexicon.starts_.push_back(static_cast<uint32_t>(lexicon.text_.size()));
    lexicon.text_ += w;
  }
  lexicon.starts_.push_back(static_cast<uint32_t>(lexicon.text_.size()));
  return lexicon;
}

bool german_lexicon::contains(std::string_view normalised_word) const {
  std::size_t lo = 0, hi = size();
  while (lo < hi) {
    std::size_t mid = lo + (hi - lo) / 2;
    std::string_view w(text_.data() + starts_[mid], starts_[mid + 1] - starts_[mid]);
    int c = w.compare(normalised_word);
    if (c == 0) return true;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

}  // namespace wordhall::judge
