// vectorcards_search: the effect runner of vector cards' searches for nearest words and target
// ranks (events/vectorcards/resolution.hpp): "vectorcards.search", a closing round's search for
// the moves it still lacks, and "vectorcards.presearch", a running round's moves searched ahead.
//
// The searches run on a background lane at the lowest priority, not on the actor threads: when a
// hundred matches close at once, their searches wait, not the other matches' commands. Each turn
// of the lane takes every waiting search of one kind and answers them all from one pass over the
// deck (a pass costs about the same for one move as for fifty: reading 20 MB of vectors), closing
// rounds' searches first (their players wait for them), then presearches. A match has at most
// one search waiting (its key stays the same until the answer), so the queues stay as short as
// the number of matches. Presearches are for a quiet server: beyond `presearches_per_second`
// (a token bucket as deep) they fail at once with `busy`, and the matches concerned leave their
// moves to their rounds' own searches. Measured with 100 matches of 50 players, searching ahead
// for all of them doubled the typical acknowledgement of a submit (their commands, events and
// passes over the deck all fall inside the submit window) while the results came sooner. The word space is read from its slot when a search runs; without
// vectors (none loaded, or not yet: `wordhall serve` hands this runner its searches once loading
// is over) a search fails with `embeddings_unavailable` and the round resolves without nearest
// words.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <mutex>
#include <string>

#include "actors/background_lane.hpp"
#include "actors/platform.hpp"
#include "events/vectorcards/word_space.hpp"

namespace wordhall {

class vectorcards_search_effects : public effect_runner {
 public:
  explicit vectorcards_search_effects(std::shared_ptr<const vectorcards::word_space_slot> words);

  // Never blocks: the search is queued; `done` is called from the lane's thread (from this one
  // for an unknown service or a presearch refused as `busy`).
  void run(const std::string& service, const std::string& payload, effect_done done) override;

 private:
  struct request {
    std::string payload;
    effect_done done;
  };
  // On the lane: runs every waiting round search, else every waiting presearch.
  void run_next();
  // Whether a presearch may go now (mu_ held).
  bool take_presearch_token(std::chrono::steady_clock::time_point now);

  static constexpr double presearches_per_second = 20;

  std::shared_ptr<const vectorcards::word_space_slot> words_;
  std::mutex mu_;
  std::deque<request> searches_, presearches_;
  double presearch_tokens_ = presearches_per_second;
  std::chrono::steady_clock::time_point last_refill_{};
  background_lane lane_;  // last: joined (after its queued searches) before the rest goes
};

}  // namespace wordhall
