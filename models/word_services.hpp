// word_services: the embeddings together with what the games need around them — the deck,
// the blocklist, suggestions for unknown words — and the one vector operation they all use.
//
// A vector query sums weighted unit vectors of words ("start + public − private"), normalises
// the sum, and answers its cosine with a comparison word and its nearest words. Nearest words
// never include blocked words, the query's own words or the query's exclusions. Everything here
// is read-only after construction, so one value serves every thread.
#pragma once

#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "models/blocklist.hpp"
#include "models/deck.hpp"
#include "models/embeddings.hpp"
#include "models/search.hpp"

namespace wordhall::models {

struct vector_term {
  std::string word;
  float weight = 1.0f;
};

struct vector_query {
  std::vector<vector_term> terms;
  std::string compare_to;             // empty: no cosine wanted
  size_t topn = 1;                    // nearest words wanted (0: none)
  std::vector<std::string> exclude;   // besides the terms and blocked words
};

struct vector_answer {
  error failure;                      // code empty: ok
  float cosine = 0.0f;                // with compare_to
  std::vector<scored_word> nearest;   // best first
};

struct word_check {
  bool known = false;                 // in the vocabulary
  bool blocked = false;
  std::vector<std::string> suggestions;  // when unknown or blocked
};

struct word_services_paths {
  std::string vectors;        // any format load_vectors reads; the compact file starts fastest
  std::string blocklist;      // config/blocklist.txt
  std::string scowl_dir;      // /usr/share/dict/scowl
  std::string frequencies;    // word<TAB>count (may be empty)
  std::string function_words; // config/function-words.txt (may be empty)
  deck_options deck;
};

class word_services {
 public:
  static result<std::shared_ptr<const word_services>> load(const word_services_paths& paths);
  word_services(embeddings vectors, blocklist blocked, std::vector<std::string> deck);

  // One answer per query; all queries share one pass over the matrix.
  std::vector<vector_answer> answer(const std::vector<vector_query>& queries) const;
  word_check check(const std::string& word) const;

  const embeddings& vectors() const { return vectors_; }
  const std::vector<std::string>& deck() const { return deck_; }
  const blocklist& blocked() const { return blocked_; }

 private:
  embeddings vectors_;
  blocklist blocked_;
  std::vector<std::string> deck_;
  std::vector<uint32_t> blocked_rows_;  // sorted
};

}  // namespace wordhall::models
