// deck_curation: how the project's Codenames deck (config/codenames-deck.txt) is chosen, once,
// by `wordhall spymaster curate-deck`, from WordNet (Debian's wordnet-base), SCOWL (scowl),
// SUBTLEX counts, the blocklist and the spymaster's vectors.
//
// A word makes the deck when it is
//   1. a WordNet noun lemma of one word, 3 to 10 lower-case ASCII letters;
//   2. common: in SCOWL's lower-case word lists up to `scowl_level`, and not a name: absent from
//      SCOWL's proper-name and capitalised-word lists up to that level ("bill", "rose", "mike");
//   3. not a function word, not blocked, not excluded by hand
//   (config/codenames-deck-exclusions.txt:
//      crude words and abstract ones that the other rules let through), in the vectors' vocabulary;
//   4. used mainly as a noun: its SemCor-tagged noun senses are at least one and at least as many
//      as its tagged verb, adjective and adverb senses together (WordNet's tagsense_cnt);
//   5. no inflected form: not in WordNet's exception lists, not the plural (-s, -es, -ies) of
//      another noun lemma, not the -ing form of a verb;
//   6. concrete and ambiguous, as Codenames cards are: at least two noun senses from at least two
//      lexicographer files, the first (most frequent) sense an animal, artifact, body part, food,
//      object, phenomenon, plant, substance or person, a person noun only when it also has a
//      concrete sense that is not a person ("king": also a chess piece).
// Candidates are ranked by SUBTLEX count (ties: alphabetical); going down the ranking a word is
// skipped when it contains, is contained in or shares a Porter stem with a word already taken,
// so no two cards rule each other's clues out. The first `size` words make the deck.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "models/blocklist.hpp"
#include "models/deck.hpp"

namespace wordhall::codenames {

struct wordnet_noun {
  int tagged_noun_senses = 0;
  int tagged_other_senses = 0;       // verb, adjective and adverb senses together
  std::vector<int> sense_lexfiles;   // lexicographer file of each noun sense, in order
  bool first_sense_is_name = false;  // the lemma appears only capitalised in sense 1
};

struct wordnet_lexicon {
  std::unordered_map<std::string, wordnet_noun> nouns;
  std::unordered_set<std::string> verbs;
  std::unordered_set<std::string> inflected;  // first column of the *.exc files
};

// Reads index.{noun,verb,adj,adv}, data.noun and *.exc from `dir`. Errors: `missing_corpus`.
result<wordnet_lexicon> load_wordnet_lexicon(const std::string& dir);

struct curation_inputs {
  wordnet_lexicon wordnet;
  models::word_sources words;                // SCOWL (rule 2), SUBTLEX, function words (rule 3)
  std::unordered_set<std::string> names;     // rule 2, lower-cased SCOWL names
  models::blocklist blocked;                 // rule 3
  std::unordered_set<std::string> excluded;  // rule 3, by hand
  std::function<bool(std::string_view)> in_vocabulary;  // rule 3
};

struct curation_options {
  size_t size = 400;
  size_t min_length = 3;
  size_t max_length = 10;
};

// The lower-cased entries of SCOWL's {english,american,british}-{proper-names,upper} lists up
// to `level` in `scowl_dir`.
std::unordered_set<std::string> load_scowl_names(const std::string& scowl_dir, int level);

// Applies rules 1 to 6 and the ranking; fewer than `size` words when fewer qualify.
std::vector<std::string> curate_deck(const curation_inputs& inputs,
                                     const curation_options& options);

// Rule 5 alone, for tests and messages.
bool is_inflected_form(const std::string& lemma, const wordnet_lexicon& wordnet);

}  // namespace wordhall::codenames
