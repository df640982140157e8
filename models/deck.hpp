// deck: the words the games deal, chosen from a vocabulary.
//
// A word makes the deck when it is
//   - in the embeddings vocabulary, written in lower-case ASCII letters only (no digits,
//     punctuation or underscores, unless multi-word tokens are allowed, then '_' may join parts),
//   - between min_length and max_length characters,
//   - a common English word: written in lower case in SCOWL's word lists up to `scowl_level`
//     (10 = most common, 95 = rarest). SCOWL keeps names of people and places in separate
//     lists, so "paris" or "john" (GloVe lower-cases everything) are not dealt, while "bill" and
//     "rose", common words as well as names, are,
//   - not a function word ("the", "which": config/function-words.txt) and not blocked.
// Words are ranked by spoken frequency (SUBTLEX counts) and, for words SUBTLEX lacks, by their
// order in the vocabulary (GloVe is ordered by corpus frequency); the first `size` make the deck.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "models/blocklist.hpp"

namespace wordhall::models {

struct deck_options {
  size_t size = 50'000;
  int scowl_level = 70;
  size_t min_length = 3;
  size_t max_length = 14;
  bool allow_multiword = false;
};

struct word_sources {
  std::unordered_set<std::string> common;               // lower-case SCOWL words up to the level
  std::unordered_map<std::string, uint64_t> frequency;  // SUBTLEX counts, lower-cased
  std::unordered_set<std::string> function_words;       // never dealt
};

// Reads SCOWL's english-, american- and british- word lists with levels up to `scowl_level`
// from `scowl_dir` (Debian's `scowl` package: /usr/share/dict/scowl), keeping the entries
// written in lower case, a word<TAB>count frequency file and a function-word list (one word a
// line, '#' comments; empty paths: none).
result<word_sources> load_word_sources(const std::string& scowl_dir, int scowl_level,
                                       const std::string& frequency_tsv,
                                       const std::string& function_words = "");

// `vocabulary` in its source order. Returns the deck, most frequent first.
std::vector<std::string> build_deck(const std::vector<std::string_view>& vocabulary,
                                    const word_sources& sources, const blocklist& blocked,
                                    const deck_options& options);

}  // namespace wordhall::models
