// card_curation: the words vector cards deals (events/vectorcards/word_space.hpp deal_words),
// curated from the deck at server start.
//
// A deck word (models/deck.hpp: common by SCOWL, ranked by SUBTLEX, not blocked) is a card when
//   - WordNet knows it as a lemma (a register filter: slang, inflections and most names are not
//     headwords; such words still work as jokers),
//   - it is not an inflected form of another lemma ("talked" of "talk", "dogs" of "dog",
//     "glasses" of "glass"; wordnet_lexicon::is_inflection keeps "building", a noun of its own),
//   - WordNet's glosses do not label it a slur, an obscenity or mostly slang
//     (wordnet_lexicon::is_low_register),
//   - it is not mostly a name: the frequency list (SUBTLEX keeps each word's commonest
//     spelling) does not write it capitalised ("John", "Cliff", "Glen"),
//   - it is on none of the profanity lists: config/blocklist.txt (already out of the deck) and
//     the maintained lists of npm `naughty-words` (en, nl, de),
//   - it is not excluded from cards (config/vectorcards-card-exclusions.txt: crude, insulting or
//     grim words that are no profanity, "testicle", "moron", "corpse"; still fine as jokers).
// The first `subjects` cards that are concrete nouns (wordnet_lexicon::is_concrete_noun: food,
// animals, artifacts, plants, body parts, natural objects, substances) are the words start and
// target are drawn from. Curating the 50,000-word deck takes about 0.3 s of CPU (0.6 s with a
// cold file cache), most of it reading WordNet's 28 MB, after the vectors have loaded: cheap
// enough to run at every start rather than keep a prepared file in step with the deck.
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "events/vectorcards/word_space.hpp"
#include "models/blocklist.hpp"
#include "models/wordnet_lexicon.hpp"

namespace wordhall::models {

struct curation_paths {
  std::string wordnet_dir;             // /usr/share/wordnet
  std::vector<std::string> profanity;  // JSON arrays of words (naughty-words' en.json, …)
  std::string frequencies;             // word<TAB>count, each word in its commonest spelling
  std::string card_exclusions;         // blocklist format; empty: none
};

struct curation_options {
  size_t subjects = 1500;  // the most common concrete nouns that start and target come from
};

// The single-word entries of JSON word arrays (naughty-words' format: ["word", "two words"]),
// lower-cased. A missing or malformed file is an error naming it.
result<std::unordered_set<std::string>> load_profanity(const std::vector<std::string>& paths);

// The words a word<TAB>count file writes with a capital first letter, lower-cased (names); a
// missing file is an error naming it.
result<std::unordered_set<std::string>> load_capitalised(const std::string& frequencies);

struct curation_sources {
  const wordnet_lexicon& lexicon;
  const std::unordered_set<std::string>& profanity;
  const std::unordered_set<std::string>& names;
  const blocklist& blocked;
  const blocklist* excluded = nullptr;  // out of cards only (card_exclusions)
};

vectorcards::deal_words curate_deal_words(const std::vector<std::string>& deck,
                                          const curation_sources& sources,
                                          const curation_options& options = {});

// Reads WordNet and the profanity lists, then curates `deck`.
result<vectorcards::deal_words> load_deal_words(const curation_paths& paths,
                                                const std::vector<std::string>& deck,
                                                const blocklist& blocked,
                                                const curation_options& options = {});

// naughty-words' list for `language` ("en", "nl", "de") in its folder `naughty_words_dir`.
std::string profanity_list(const std::string& naughty_words_dir, const std::string& language);

// Where `wordhall serve` finds the lists: `naughty_words_dir` holds en.json, nl.json, de.json.
curation_paths default_curation_paths(const std::string& wordnet_dir,
                                      const std::string& naughty_words_dir,
                                      const std::string& frequencies,
                                      const std::string& card_exclusions = "");

}  // namespace wordhall::models
