// wordnet_graph: WordNet's relation graph — synsets, their lemmas and the pointers between them —
// from the data files of Debian's wordnet-base (/usr/share/wordnet/data.{noun,verb,adj,adv}, format
// in wndb(5)). Only the structure is kept: glosses are never read.
//
// A data line:  offset lex_filenum ss_type w_cnt {lemma lex_id}×w_cnt
//               p_cnt {symbol target_offset target_pos source/target}×p_cnt [frames] | gloss
// w_cnt and lex_id are hex, p_cnt decimal; source/target is four hex digits, two for the word
// number in this synset and two for the word in the target (0000: the whole synsets are related).
// A synset is named by its file and byte offset; adjective satellites (pos "s") live in data.adj.
// Lines that start with a space are the licence header.
//
// How often each sense was seen comes from cntlist.rev, lines "sense_key sense_number tag_count"
// with sense_key "lemma%ss_type:lex_filenum:lex_id:head_word:head_id" (ss_type 1 noun, 2 verb,
// 3 adjective, 4 adverb, 5 satellite); a data line gives lex_filenum and each lemma's lex_id.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "events/result.hpp"

namespace wordhall::codenames {

// Pointer symbols grouped by what they mean; a relation and its inverse share a group
// (hypernym "@" and hyponym "~" are both `hypernymy`), since associations are symmetric.
enum class relation : uint8_t {
  hypernymy,     // @ ~
  instance,      // @i ~i (a named thing and its class: "Mississippi" / "river")
  meronymy,      // %p #p %m #m %s #s
  similarity,    // &   (adjective clusters)
  also_see,      // ^
  derivation,    // +
  attribute,     // =   (noun <-> adjective: "weight" / "heavy")
  antonymy,      // !
  pertainymy,    // \   (adjective or adverb <-> its noun or adjective)
  verb_group,    // $
  entailment,    // * >  (entailment, cause)
  topic_domain,  // ;c -c
  other,         // region and usage domains, participles, ...
};

relation relation_of(std::string_view symbol);

struct wordnet_synset {
  char pos = 'n';                   // n, v, a, s (satellite adjective) or r
  std::vector<std::string> lemmas;  // lower-cased, "_" as " ", markers such as "(a)" dropped
  std::vector<uint32_t> tag_counts;  // per lemma: times this sense was tagged in SemCor (or 0)
};

struct wordnet_pointer {
  uint32_t from = 0;  // synset indices
  uint32_t to = 0;
  relation kind = relation::other;
  uint8_t source_word = 0;  // 1-based word numbers; 0 when the synsets as a whole are related
  uint8_t target_word = 0;

  friend bool operator==(const wordnet_pointer& a, const wordnet_pointer& b) {
    return a.from == b.from && a.to == b.to && a.kind == b.kind &&
           a.source_word == b.source_word && a.target_word == b.target_word;
  }
};

struct wordnet_graph {
  std::vector<wordnet_synset> synsets;   // in the order their lines were added
  std::vector<wordnet_pointer> pointers;  // in the order they were read
};

class wordnet_graph_builder {
 public:
  // Adds one line of cntlist.rev; the counts apply to data lines added afterwards. Lines that do
  // not follow the format are ignored (the counts only weigh senses).
  void add_sense_count(std::string_view line);
  // Adds one line of data.<part>, `part` one of "noun", "verb", "adj", "adv". Errors:
  // `bad_wordnet` when the line does not follow the format.
  result<void> add_line(std::string_view part, std::string_view line);
  // Resolves pointer targets; pointers to synsets that were never added are dropped.
  wordnet_graph finish() &&;

 private:
  struct pending_pointer {
    uint32_t from;
    uint64_t target_key;
    relation kind;
    uint8_t source_word, target_word;
  };
  std::unordered_map<std::string, uint32_t> tag_count_of_sense_;  // "lemma%file:lex_file:lex_id"
  std::unordered_map<uint64_t, uint32_t> index_of_key_;
  std::vector<pending_pointer> pending_;
  wordnet_graph graph_;
};

// The graph of the four data files in `dir`, senses weighed by its cntlist.rev when there is one.
// Errors: `missing_corpus` naming the file and the
// Debian package when a file is missing; `bad_wordnet` with the file and line number.
result<wordnet_graph> read_wordnet_graph(const std::string& dir);

}  // namespace wordhall::codenames
