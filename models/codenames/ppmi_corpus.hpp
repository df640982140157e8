// ppmi_corpus: text turned into the token stream the PPMI vectors count co-occurrences in.
//
// Tokens are maximal runs of ASCII letters, lower-cased, of two letters or more, minus stop words
// (config/function-words.txt); everything else separates them ("dog's" -> "dog"). Text comes in
// sentences and co-occurrence windows never cross a sentence's end.
//
// WordNet (Debian's wordnet-base, /usr/share/wordnet/data.{noun,verb,adj,adv}) gives one sentence
// per synset: its lemmas ("domestic_dog" -> "domestic dog"; adjective markers such as "(a)"
// dropped) followed by its gloss, the text after " | ", examples included. Lines that start with
// a space are the licence header. So "dog" and its gloss ("a member of the genus Canis ...")
// share windows, which is what makes the vectors of dictionary neighbours similar.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"

namespace wordhall::codenames {

struct corpus {
  std::vector<std::string> types;     // distinct tokens, in order of first appearance
  std::vector<uint32_t> tokens;       // indices into types
  std::vector<size_t> sentence_ends;  // sentence i is tokens[end(i-1) .. end(i))
};

class corpus_builder {
 public:
  explicit corpus_builder(std::unordered_set<std::string> stop_words = {});
  void add_sentence(std::string_view text);
  corpus finish() &&;

 private:
  std::unordered_set<std::string> stop_words_;
  std::unordered_map<std::string, uint32_t> ids_;
  corpus corpus_;
};

// Calls `emit` with each token of `text` (stop words included: the builder drops those).
template <class emit_fn>
void tokenise(std::string_view text, emit_fn&& emit) {
  std::string token;
  auto flush = [&] {
    if (token.size() >= 2) emit(std::string_view(token));
    token.clear();
  };
  for (char c : text) {
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    if (c >= 'a' && c <= 'z') {
      token += c;
    } else {
      flush();
    }
  }
  flush();
}

// The synsets of WordNet's four data files in `dir`. Errors: `missing_corpus` naming the file
// and the Debian package when a file is missing.
result<corpus> read_wordnet_corpus(const std::string& dir,
                                   std::unordered_set<std::string> stop_words);

// The text of one WordNet data line as a sentence: lemmas then gloss ("" for header lines).
std::string wordnet_sentence(std::string_view line);

}  // namespace wordhall::codenames
