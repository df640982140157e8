#include "models/judge/german_word_counts.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <unordered_set>
#include <vector>

#include "events/text.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/text_file.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

namespace fs = std::filesystem;

// fortunes-de's files that are not everyday German: computing jokes and channel logs full of
// commands, ASCII art, and lists of made-up names.
constexpr std::array<std::string_view, 9> left_out_files = {
    "asciiart", "channel-debian.fortunes", "computer", "debian", "infodrom",
    "linuxtag", "ms",       "namen",                   "vornamen"};

bool counted_file(const fs::directory_entry& entry) {
  if (!entry.is_regular_file() || entry.is_symlink()) return false;
  const std::string name = entry.path().filename().string();
  if (ends_with(name, ".dat") || ends_with(name, ".u8") || name.empty() || name[0] == '.') return false;
  return std::find(left_out_files.begin(), left_out_files.end(), name) == left_out_files.end();
}

// Articles, possessives and demonstratives in every case, normalised: before a word, they make
// it a noun in use.
bool is_determiner(const std::string& word) {
  static const std::unordered_set<std::string> determiners = [] {
    std::unordered_set<std::string> words = {"DER", "DIE", "DAS", "DEN", "DEM", "DES"};
    for (std::string_view stem : {"EIN", "KEIN", "MEIN", "DEIN", "SEIN", "IHR", "UNSER", "EUER", "EUR"})
      for (std::string_view ending : {"", "E", "EN", "EM", "ER", "ES"})
        words.insert(std::string(stem) + std::string(ending));
    for (std::string_view stem : {"DIES", "JED", "JEN"})
      for (std::string_view ending : {"E", "EN", "EM", "ER", "ES"})
        words.insert(std::string(stem) + std::string(ending));
    words.erase("EUR");  // the currency; EURE, EUREN, … are the possessive
    return words;
  }();
  return determiners.count(word) > 0;
}

}  // namespace

result<german_word_counts> german_word_counts::load(const std::string& directory) {
  std::error_code error;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error))
    if (counted_file(*it)) files.push_back(it->path());
  if (error || files.empty())
    return make_error("judge_corpus_missing",
                      "cannot read German prose in " + directory + " (Debian's fortunes-de)");
  std::sort(files.begin(), files.end());
  std::string all;
  for (auto& file : files) {
    std::string text;
    if (!read_file(file.string(), text))
      return make_error("judge_corpus_missing", "cannot read " + file.string());
    all += text;
    all += '\n';
  }
  auto counts = from_text(all);
  if (counts.total() == 0)
    return make_error("judge_corpus_missing", "no German words in " + directory);
  return counts;
}

german_word_counts german_word_counts::from_text(std::string_view text) {
  german_word_counts counts;
  counts.add_text(text);
  return counts;
}

void german_word_counts::add_text(std::string_view text) {
  std::unordered_set<std::string_view> seen_lines;
  for_each_line(text, [&](std::string_view raw) {
    std::string_view line = trim(raw);
    if (line.empty() || line == "%" || line.rfind("--", 0) == 0) return;
    if (!seen_lines.insert(line).second) return;
    const std::string normal = normalise_word(line);
    std::string word, previous;
    auto flush = [&] {
      if (word.empty()) return;
      std::string spelled = tile_spelling(word);
      ++counts_[spelled];
      if (is_determiner(previous)) ++after_determiner_[spelled];
      ++total_;
      previous = std::move(spelled);
      word.clear();
    };
    for (auto letter : utf8_letters(normal)) {
      if (letter_index(letter) >= 0) word += letter;
      else flush();
    }
    flush();
  });
}

result<void> german_word_counts::add_dictionary(const std::string& path) {
  std::string text;
  if (!read_file(path, text))
    return make_error("judge_dictionary_missing",
                      "cannot read " + path + " (Debian's trans-de-en), whose German the judge counts");
  const uint64_t before = dictionary_total_;
  add_dictionary_text(text);
  if (dictionary_total_ == before)
    return make_error("judge_dictionary_missing", "no German words in " + path);
  return {};
}

void german_word_counts::add_dictionary_text(std::string_view text) {
  for_each_line(text, [&](std::string_view line) {
    if (line.empty() || line[0] == '#') return;
    const auto sides = line.find("::");
    if (sides == std::string_view::npos) return;
    const std::string normal = normalise_word(line.substr(0, sides));
    std::string word;
    std::unordered_set<std::string> in_entry;  // each word once an entry
    char closing = 0;  // inside {…} or […]: a grammatical or usage label, no German
    auto flush = [&] {
      if (word.empty()) return;
      if (std::string spelled = tile_spelling(word); in_entry.insert(spelled).second) {
        ++dictionary_counts_[spelled];
        ++dictionary_total_;
      }
      word.clear();
    };
    for (auto letter : utf8_letters(normal)) {
      if (closing) {
        if (letter.size() == 1 && letter[0] == closing) closing = 0;
        continue;
      }
      if (letter == "{" || letter == "[") {
        flush();
        closing = letter == "{" ? '}' : ']';
      } else if (letter_index(letter) >= 0) {
        word += letter;
      } else {
        flush();
      }
    }
    flush();
  });
}

uint32_t german_word_counts::count(std::string_view normalised_word) const {
  const std::string spelled = tile_spelling(normalised_word);
  auto prose = counts_.find(spelled);
  auto dictionary = dictionary_counts_.find(spelled);
  // Every word the dictionary lists has an entry of its own: only the others say it is in use.
  return (prose == counts_.end() ? 0 : prose->second) +
         (dictionary == dictionary_counts_.end() ? 0 : dictionary->second - 1);
}

uint32_t german_word_counts::prose_count(std::string_view normalised_word) const {
  auto it = counts_.find(tile_spelling(normalised_word));
  return it == counts_.end() ? 0 : it->second;
}

uint32_t german_word_counts::after_determiner(std::string_view normalised_word) const {
  auto it = after_determiner_.find(tile_spelling(normalised_word));
  return it == after_determiner_.end() ? 0 : it->second;
}

}  // namespace wordhall::judge
