// word_services: the embeddings together with what the games need around them — the deck,
// the blocklist, suggestions for unknown words — and the one vector operation they all use.
//
// A vector query sums weighted unit vectors of words ("start + public − private"), normalises
// the sum, and answers its cosine with a comparison word and its nearest words. Nearest words
// never include blocked words, the query's own words or the query's exclusions. Everything here
// is read-only after construction, so one value serves every thread. Nearest words come from the
// approximate index when its cache exists next to the vectors (`wordhall embeddings index`
// builds it; tools/prepare-data runs that), otherwise from exact search: a server never spends
// minutes building an index at start-up. Words in queries are looked
// up as `canonical` says, so "Queen" finds "queen" in GloVe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "models/blocklist.hpp"
#include "models/deck.hpp"
#include "models/embeddings.hpp"
#include "models/search.hpp"
#include "models/vector_index.hpp"

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
  std::string token;                  // the vocabulary's form of the word ("queen" for "Queen" in
                                      // a lower-case vocabulary); empty when unknown
  bool known = false;                 // in the vocabulary, as typed or in its canonical form
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
  search_mode search = search_mode::automatic;  // see vector_index.hpp
};

class word_services {
 public:
  static result<std::shared_ptr<const word_services>> load(const word_services_paths& paths);
  word_services(vector_index index, blocklist blocked, std::vector<std::string> deck);
  // Exact search over `vectors` (small vocabularies, tests).
  word_services(embeddings vectors, blocklist blocked, std::vector<std::string> deck);

  // One answer per query; all queries share one pass over the matrix.
  std::vector<vector_answer> answer(const std::vector<vector_query>& queries) const;
  word_check check(const std::string& word) const;
  // The `topn` usable words nearest to `direction` (unit length), none blocked or in `exclude`.
  std::vector<scored_word> nearest_to(const Eigen::VectorXf& direction, size_t topn,
                                      const std::vector<std::string>& exclude) const;
  // The vocabulary's token for what a player typed: the word itself when the vocabulary has it;
  // in a vocabulary without capitals (GloVe) its lower-case form; in a cased one (GoogleNews)
  // the lower-case, Capitalised or UPPER variant it has, in that order. Spaces join multi-word
  // tokens with '_' ("new york" -> "new_york") as word2vec writes them.
  std::optional<std::string> canonical(std::string_view typed) const;
  bool cased() const { return cased_; }

  const embeddings& vectors() const { return index_.vectors(); }
  bool approximate() const { return index_.approximate(); }
  const std::vector<std::string>& deck() const { return deck_; }
  const blocklist& blocked() const { return blocked_; }

 private:
  // Nearest words for the rows of `queries`, none of them blocked or in `exclusions`.
  std::vector<std::vector<neighbour>> nearest_usable(const query_matrix& queries, size_t topn,
                                                     std::vector<std::vector<uint32_t>> exclusions) const;

  vector_index index_;
  blocklist blocked_;
  std::vector<std::string> deck_;
  std::vector<uint32_t> blocked_rows_;  // sorted
  bool cased_ = false;                  // the vocabulary has capital letters
};

}  // namespace wordhall::models
