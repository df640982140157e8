// vectorcards_search: the effect runner of "vectorcards.search", a closing round's search for
// its moves' nearest words and target ranks (events/vectorcards/resolution.hpp).
//
// Each search is one pass over the deck for all of a round's moves, milliseconds of CPU. They
// run one after another on a background lane at the lowest priority, not on the actor threads:
// when a hundred matches close at once, their searches wait, not the other matches' commands.
// The word space is read from its slot when the search runs; without vectors (none loaded, or
// not yet: `wordhall serve` hands this runner its searches once loading is over) a search fails
// with `embeddings_unavailable` and the round resolves without nearest words.
#pragma once

#include <memory>
#include <string>

#include "actors/background_lane.hpp"
#include "actors/platform.hpp"
#include "events/vectorcards/word_space.hpp"

namespace wordhall {

class vectorcards_search_effects : public effect_runner {
 public:
  explicit vectorcards_search_effects(std::shared_ptr<const vectorcards::word_space_slot> words);

  // Never blocks: the search is queued; `done` is called from the lane's thread.
  void run(const std::string& service, const std::string& payload, effect_done done) override;

 private:
  std::shared_ptr<const vectorcards::word_space_slot> words_;
  background_lane lane_;  // last: joined (after its queued searches) before words_ goes
};

}  // namespace wordhall
