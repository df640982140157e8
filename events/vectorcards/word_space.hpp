// word_space: the word arithmetic vector cards needs, as the pure core sees it.
//
// The core decides with it but never stores it: every number it yields is written into events,
// so `apply` and replays never need one. Implementations are read-only after construction and
// deterministic for the same vectors (models/card_words.hpp implements it over the embeddings);
// one instance serves every match on every thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wordhall::vectorcards {

struct word_lookup {
  std::string token;                     // the vocabulary's form; empty when unknown
  bool known = false;
  bool blocked = false;
  std::vector<std::string> suggestions;  // when unknown or blocked
};

struct neighbourhood {
  std::string nearest;              // empty when every candidate was excluded
  double nearest_similarity = 0.0;
  int64_t target_rank = 0;          // 1 + deck words (not excluded) closer to the direction
};

// One move's search: its direction (unit length), the words its nearest word may not be, the
// word whose rank it wants, and where the nearest word comes from (the deck, or the whole
// vocabulary).
struct neighbour_query {
  std::vector<double> direction;
  std::vector<std::string> exclude;
  std::string target = {};  // defaults, so a query for neighbours() below may leave them out
  bool full_vocabulary = false;
};

// The curated lists the dealing draws from (models/card_curation.hpp builds them), each most
// common first: `cards`, common lemmas, one form per lemma, none blocked; `subjects`, the
// concrete nouns among them that start and target words are drawn from. Empty lists: the
// dealing draws from the deck.
struct deal_words {
  std::vector<std::string> cards;
  std::vector<std::string> subjects;
};

class word_space {
 public:
  virtual ~word_space() = default;

  // The words cards are dealt from, most common first. Never empty.
  virtual const std::vector<std::string>& deck() const = 0;
  // The curated lists (see deal_words); by default none.
  virtual const deal_words& dealing_words() const {
    static const deal_words none;
    return none;
  }
  // What a player typed, resolved to a vocabulary token.
  virtual word_lookup lookup(std::string_view typed) const = 0;
  // The unit vector of a vocabulary token; empty when the token is unknown.
  virtual std::vector<float> unit_vector(std::string_view token) const = 0;
  // For each query, the nearest usable word to its direction among the deck (`full_vocabulary`
  // false) or the whole vocabulary (true), never a blocked word or one of its `exclude`; and the
  // rank of its `target` among the deck's words (minus `exclude` and the target) by closeness to
  // the direction. Answers are in query order and do not depend on which other queries share
  // the call, so moves are searched together, in one pass over the deck: a round's, or those of
  // every round waiting.
  virtual std::vector<neighbourhood> search(const std::vector<neighbour_query>& queries) const = 0;

  // The same, with one target and one vocabulary for every query (their own are ignored).
  std::vector<neighbourhood> neighbours(std::vector<neighbour_query> queries,
                                        std::string_view target, bool full_vocabulary) const {
    for (auto& q : queries) {
      q.target = std::string(target);
      q.full_vocabulary = full_vocabulary;
    }
    return search(queries);
  }
};

// Where the game finds the word space: filled once the vectors have loaded (the server listens
// before that), read by every match. Thread-safe.
class word_space_slot {
 public:
  std::shared_ptr<const word_space> get() const { return std::atomic_load(&space_); }
  void set(std::shared_ptr<const word_space> space) { std::atomic_store(&space_, std::move(space)); }

 private:
  std::shared_ptr<const word_space> space_;
};

// A named list of words start and target words are drawn from instead of the deck.
struct theme {
  std::string name;
  std::string label_nl;
  std::string label_en;
  std::vector<std::string> words;
};

}  // namespace wordhall::vectorcards
