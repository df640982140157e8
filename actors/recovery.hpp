// recover_match: a match's state rebuilt from its journal.
//
// Starts from the newest snapshot at or before `at_most_seq` and replays the events after it; a
// snapshot that is missing, corrupt or undecodable is skipped in favour of replay from event 1
// (snapshots are an optimisation, never the truth). Used by match actors, the admin API's
// `state?at=N`, `wordhall replay` and the benchmarks, so all of them agree by construction.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

#include "events/game.hpp"
#include "storage/journal.hpp"

namespace wordhall {

struct recovered_match {
  std::unique_ptr<match_state> state;
  uint64_t last_seq = 0;       // the seq of the last event applied
  uint64_t snapshot_seq = 0;   // 0 when replayed from the start
  uint64_t events_replayed = 0;
};

struct recovery_options {
  uint64_t at_most_seq = std::numeric_limits<uint64_t>::max();
  bool use_snapshots = true;
};

result<recovered_match> recover_match(const storage::journal& journal, const game& g,
                                      std::string_view match_id,
                                      const recovery_options& options = {});

}  // namespace wordhall
