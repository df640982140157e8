// wordnet_lexicon: what WordNet (Debian's wordnet-base, /usr/share/wordnet) says about English
// words, as vector cards' curation needs it (models/card_curation.hpp).
//
//   - lemmas: every word form WordNet lists in index.noun/.verb/.adj/.adv (a dictionary's
//     headwords: "talk", "dog", "glasses"; never "talked" or "dogs" unless a sense of their own);
//   - base forms: the lemmas a form inflects, by the exception lists (*.exc: "mice" -> "mouse")
//     and WordNet's own suffix rules ("-ies" -> "-y", "-ed" -> "", …), kept only when the base
//     is a lemma of that part of speech;
//   - use: how often each lemma's senses were tagged in the Brown corpus (cntlist.rev), by part of
//     speech and by lexicographer file (noun.food, noun.animal, …);
//   - the lexicographer file of each noun's first (most frequent) sense (index.noun, data.noun);
//   - each sense's gloss (data.*), where WordNet labels slurs, obscenities and slang.
// Reading all of it takes a few hundred milliseconds.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "events/result.hpp"

namespace wordhall::models {

// Parts of speech in WordNet's order (ss_type 1..4; adjective satellites count as adjectives).
enum class part_of_speech { noun = 0, verb = 1, adjective = 2, adverb = 3 };

// WordNet's noun lexicographer files that name things one can see or touch.
bool is_concrete_noun_file(int lexicographer_file);

struct lemma_facts {
  std::array<bool, 4> listed{};                 // a lemma of that part of speech
  std::array<std::vector<uint32_t>, 4> senses;  // synset offsets in data.*, first sense first
  std::array<uint32_t, 4> tagged{};             // tagged uses, by part of speech
  uint32_t concrete_noun_tags = 0;              // tagged uses of senses in concrete noun files
  int first_noun_file = -1;                     // lexicographer file of the first noun sense
};

class wordnet_lexicon {
 public:
  // Reads `dir` (index.*, data.noun, *.exc, cntlist.rev). Errors name the missing file.
  static result<wordnet_lexicon> load(const std::string& dir);

  const lemma_facts* facts(std::string_view word) const;
  bool is_lemma(std::string_view word) const { return facts(word) != nullptr; }
  // The lemmas `word` is an inflected form of (never `word` itself), each with the part of
  // speech it inflects as ("mice": mouse, noun); empty for a base form.
  std::vector<std::pair<std::string, part_of_speech>> base_forms(std::string_view word) const;
  // An inflected form that is no word of its own: every use WordNet saw of it as a lemma is in a
  // part of speech it inflects as ("dogs", "talked", "glasses" beside "glass"; not "building",
  // a noun beside the verb "build", nor "left" beside "leave").
  bool is_inflection(std::string_view word) const;
  // A concrete, mainly-noun lemma: its first noun sense names a concrete thing, and so do at
  // least half of its tagged uses or, when it has none, all its senses (a noun only).
  bool is_concrete_noun(std::string_view word) const;
  // A word of low register by its own glosses: a slur or obscenity ("(ethnic slur)",
  // "offensive term for", "obscene terms for", "vulgar slang") in any sense of a word with at
  // most three senses ("pansy") or in the first sense of its most used part of speech; slang
  // or disparaging ("(slang)", "disparaging term") in most of its senses.
  bool is_low_register(std::string_view word) const;
  size_t size() const { return lemmas_.size(); }

 private:
  // The gloss of a synset: the text after '|' on its line of data.<pos>.
  std::string_view gloss(size_t pos, uint32_t offset) const;

  std::unordered_map<std::string, lemma_facts> lemmas_;
  std::array<std::string, 4> data_;  // data.noun, data.verb, data.adj, data.adv
  std::array<std::unordered_multimap<std::string, std::string>, 4> exceptions_;
};

}  // namespace wordhall::models
