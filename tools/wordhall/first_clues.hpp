// first_clues: what a person reads of a spymaster — its first clue on each of the first boards
// of an evaluation (the same deals as `spymaster eval --seed S`), and how plain its words are:
// the median commonness rank of the clue words (their place in the clue vocabulary, most common
// first) and the share that are no dictionary headword of their own (inflected forms such as
// "dogs" or "talked", or words WordNet does not list, such as names).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/wordnet_lexicon.hpp"

namespace wordhall {

struct first_clue_report {
  std::vector<std::string> lines;  // "clue 2 -> target, target   (team: ...)"
  double median_rank = 0;
  double not_headword_share = 0;
};

// Errors: those of give_clue.
result<first_clue_report> first_clues(const codenames::spymaster& giver,
                                      const std::vector<std::string>& deck, uint64_t seed,
                                      size_t boards, const std::vector<std::string>& vocabulary,
                                      const models::wordnet_lexicon& lexicon);

}  // namespace wordhall
