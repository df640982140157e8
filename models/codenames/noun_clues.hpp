// noun_clues: which clue words name things, as people read clues best.
//
// In blind quizzes a clue that is mostly a noun was read right far more often than one that is
// mostly a verb, adjective or adverb ("clinic", "wharf", "marrow" against "glad", "typical",
// "rip", "swinging"), but a spymaster giving only such words did not play better with blind
// readers: the words it gives instead are odder nouns (docs/codenames.md, "Clue words that name
// things"). mostly_noun_words marks, for each word, whether it is such a word by WordNet:
//   - WordNet tagged uses of it in the Brown corpus: at least as many as a noun as in every other
//     part of speech together;
//   - no tagged use: WordNet lists it as a noun;
//   - not in WordNet at all (a word WordNet has no entry for): marked, since nothing says
//     otherwise.
#pragma once

#include <string>
#include <vector>

#include "models/wordnet_lexicon.hpp"

namespace wordhall::codenames {

std::vector<bool> mostly_noun_words(const std::vector<std::string>& words,
                                    const models::wordnet_lexicon& wordnet);

}  // namespace wordhall::codenames
