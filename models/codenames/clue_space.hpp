// clue_space: a spymaster's words — the clue vocabulary as one contiguous matrix of unit rows,
// and unit vectors for the entries on the table.
//
// The clue vocabulary is the words a spymaster may say: common lower-case words chosen as
// deck.hpp chooses a deck (in SCOWL up to a level, not a function word, not blocked), most
// frequent first, so that ties between equally good clues go to the more common word. Nor is a
// clue any word vector cards never deals for its tone (models/card_curation.hpp): npm
// naughty-words' English list and the crude, insulting, grim and sexual words of
// config/vectorcards-card-exclusions.txt. A clue is said aloud at a table of friends; "anus" for
// CHEEK or "sperm" for EGG sours it however well it points. Keeping
// it contiguous makes "every clue word against the board" one matrix product (20,000 words ×
// 100 dimensions × 25 entries: a few milliseconds). Read-only after construction.
//
// An entry's vector is its own token's (as typed, lower-cased, or with spaces joined by '_');
// failing that, a phrase ("ice cream") gets the normalised sum of its words' vectors.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "models/blocklist.hpp"
#include "models/codenames/clue_rules.hpp"
#include "models/embeddings.hpp"

namespace wordhall::codenames {

using clue_matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Errors: `word_not_in_vocabulary` naming the entry.
result<Eigen::VectorXf> entry_vector(const models::embeddings& vectors, std::string_view entry);
// True when entry_vector would find a vector.
bool has_entry_vector(const models::embeddings& vectors, std::string_view entry);

class clue_space {
 public:
  // Words of `clue_words` that `vectors` lacks are left out; the order is kept.
  clue_space(models::embeddings vectors, const std::vector<std::string>& clue_words,
             models::blocklist blocked);

  const models::embeddings& vectors() const { return vectors_; }
  const std::vector<std::string>& words() const { return words_; }
  const clue_matrix& rows() const { return rows_; }
  const models::blocklist& blocked() const { return blocked_; }

  // Unit column vectors of the entries, one column each, in order.
  result<Eigen::MatrixXf> entry_columns(const std::vector<std::string>& entries) const;
  // rows().middleRows(from, count) * columns: the cosines of `count` clue words (from `from`) with
  // each column, through the system BLAS (models/blas_products.hpp), whose kernels for this CPU
  // multiply several times faster than Eigen built for plain x86-64.
  Eigen::MatrixXf cosines_with(const Eigen::MatrixXf& columns, size_t from, size_t count) const;
  Eigen::MatrixXf cosines_with(const Eigen::MatrixXf& columns) const {
    return cosines_with(columns, 0, size_t(rows_.rows()));
  }
  // The clue word nearest to `direction` (by cosine) that `rules` allows; none when every clue
  // word is ruled out. Equal scores go to the more common word.
  std::optional<size_t> nearest_legal(const Eigen::VectorXf& direction,
                                      const clue_rules& rules) const;

 private:
  models::embeddings vectors_;
  std::vector<std::string> words_;
  clue_matrix rows_;
  models::blocklist blocked_;
};

// clue_rules' verdicts on a clue_space's words, each worked out on first use and remembered: a
// search asks about few of the 20,000 words, and about some of them many times. One per board.
class legal_word_cache {
 public:
  legal_word_cache(const clue_space& space, const clue_rules& rules)
      : space_(space), rules_(rules), known_(space.words().size(), unknown) {}
  bool legal(size_t word) {
    if (known_[word] == unknown) known_[word] = rules_.legal(space_.words()[word]) ? yes : no;
    return known_[word] == yes;
  }

 private:
  enum verdict : signed char { unknown, yes, no };
  const clue_space& space_;
  const clue_rules& rules_;
  std::vector<verdict> known_;
};

struct clue_space_sources {
  std::string vectors;         // any format models::load_vectors reads
  std::string blocklist;       // config/blocklist.txt
  std::string sour_words;      // config/vectorcards-card-exclusions.txt (may be empty)
  std::string profanity;       // node_modules/naughty-words/en.json (may be empty)
  std::string scowl_dir;       // /usr/share/dict/scowl
  std::string frequencies;     // data/embeddings/subtlex-frequencies.tsv (may be empty)
  std::string function_words;  // config/function-words.txt (may be empty)
  size_t size = 20'000;        // clue words kept
  int scowl_level = 50;        // SCOWL's "common words" cut-off
};

// Loads the vectors and the word lists and picks the clue vocabulary. `keep`, when given, must
// also accept a word (the evaluation passes "the guesser knows it"); `size` counts kept words.
result<std::shared_ptr<const clue_space>> load_clue_space(
    const clue_space_sources& sources, const std::function<bool(std::string_view)>& keep = {});

}  // namespace wordhall::codenames
