// Clue words that name things; the contract is in noun_clues.hpp.
#include "models/codenames/noun_clues.hpp"

namespace wordhall::codenames {

std::vector<bool> mostly_noun_words(const std::vector<std::string>& words,
                                    const models::wordnet_lexicon& wordnet) {
  constexpr auto noun = size_t(models::part_of_speech::noun);
  std::vector<bool> out(words.size(), true);
  for (size_t i = 0; i < words.size(); ++i) {
    const models::lemma_facts* facts = wordnet.facts(words[i]);
    if (!facts) continue;
    uint32_t others = 0;
    for (size_t pos = 0; pos < facts->tagged.size(); ++pos)
      if (pos != noun) others += facts->tagged[pos];
    const uint32_t as_noun = facts->tagged[noun];
    out[i] = as_noun + others > 0 ? as_noun >= others : facts->listed[noun];
  }
  return out;
}

}  // namespace wordhall::codenames
