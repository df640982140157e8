#include "models/deck.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace wordhall::models {
namespace {

bool is_lower_word(std::string_view w, bool allow_multiword) {
  if (w.empty() || w.front() == '_' || w.back() == '_') return false;
  for (char c : w) {
    if (c >= 'a' && c <= 'z') continue;
    if (c == '_' && allow_multiword) continue;
    return false;
  }
  return true;
}

// Every part of a multi-word token must be common on its own.
bool is_common(std::string_view w, const word_sources& sources) {
  size_t start = 0;
  while (start <= w.size()) {
    size_t end = w.find('_', start);
    if (end == std::string_view::npos) end = w.size();
    if (!sources.common.count(std::string(w.substr(start, end - start)))) return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

result<word_sources> load_word_sources(const std::string& scowl_dir, int scowl_level,
                                       const std::string& frequency_tsv,
                                       const std::string& function_words) {
  namespace fs = std::filesystem;
  word_sources out;
  std::error_code ec;
  if (!fs::is_directory(scowl_dir, ec))
    return make_error("missing_word_lists", "no SCOWL word lists in " + scowl_dir +
                                                " (Debian package scowl)");
  size_t files = 0;
  for (auto& entry : fs::directory_iterator(scowl_dir, ec)) {
    std::string name = entry.path().filename().string();
    size_t dot = name.rfind('.');
    if (dot == std::string::npos) continue;
    std::string kind = name.substr(0, dot);
    if (kind != "english-words" && kind != "american-words" && kind != "british-words") continue;
    int level = std::atoi(name.c_str() + dot + 1);
    if (level <= 0 || level > scowl_level) continue;
    std::ifstream in(entry.path());
    std::string word;
    while (std::getline(in, word)) {
      if (!word.empty() && word.back() == '\r') word.pop_back();
      if (is_lower_word(word, false)) out.common.insert(word);
    }
    ++files;
  }
  if (files == 0)
    return make_error("missing_word_lists", "no SCOWL word lists up to level " +
                                                std::to_string(scowl_level) + " in " + scowl_dir);
  if (!frequency_tsv.empty()) {
    std::ifstream in(frequency_tsv);
    if (!in) return make_error("missing_frequencies", "cannot read " + frequency_tsv);
    std::string line;
    size_t line_no = 0;
    while (std::getline(in, line)) {
      ++line_no;
      size_t tab = line.find('\t');
      if (tab == std::string::npos)
        return make_error("bad_frequencies", frequency_tsv + ":" + std::to_string(line_no) +
                                                 ": expected word<TAB>count");
      std::string word = fold_case(line.substr(0, tab));
      uint64_t count = std::strtoull(line.c_str() + tab + 1, nullptr, 10);
      auto& slot = out.frequency[word];
      slot += count;  // "The" and "the" count together
    }
  }
  if (!function_words.empty()) {
    std::ifstream in(function_words);
    if (!in) return make_error("missing_function_words", "cannot read " + function_words);
    std::string word;
    while (std::getline(in, word)) {
      if (!word.empty() && word.back() == '\r') word.pop_back();
      if (!word.empty() && word[0] != '#') out.function_words.insert(fold_case(word));
    }
  }
  return out;
}

std::vector<std::string> build_deck(const std::vector<std::string_view>& vocabulary,
                                    const word_sources& sources, const blocklist& blocked,
                                    const deck_options& options) {
  struct candidate {
    std::string_view word;
    uint64_t frequency;
    size_t order;
  };
  std::vector<candidate> candidates;
  for (size_t i = 0; i < vocabulary.size(); ++i) {
    std::string_view w = vocabulary[i];
    if (w.size() < options.min_length || w.size() > options.max_length) continue;
    if (!is_lower_word(w, options.allow_multiword) || !is_common(w, sources)) continue;
    if (sources.function_words.count(std::string(w)) || blocked.blocks(w)) continue;
    auto f = sources.frequency.find(std::string(w));
    candidates.push_back({w, f == sources.frequency.end() ? 0 : f->second, i});
  }
  auto by_rank = [](const candidate& a, const candidate& b) {
    if (a.frequency != b.frequency) return a.frequency > b.frequency;
    return a.order < b.order;
  };
  size_t keep = std::min(options.size, candidates.size());
  std::partial_sort(candidates.begin(), candidates.begin() + keep, candidates.end(), by_rank);
  std::vector<std::string> deck;
  deck.reserve(keep);
  for (size_t i = 0; i < keep; ++i) deck.emplace_back(candidates[i].word);
  return deck;
}

}  // namespace wordhall::models
