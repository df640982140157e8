// match_meta: the per-match summary record kept beside the events, for the admin listing and for
// finding a match without replaying it. Stored as JSON under meta_key (see record_codec.hpp).
//
// The journal sets `last_seq` from the events appended in the same batch, so it never decreases
// and matches the event log as of the last append that carried a meta record.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wordhall::storage {

struct match_meta {
  std::string id;
  std::string game;
  int64_t created_ms = 0;
  std::string status;
  std::vector<std::string> players;  // display names, for the admin listing
  uint64_t last_seq = 0;             // never decreases
  int64_t updated_ms = 0;
  int64_t next_deadline_ms = 0;      // the game's next timer, or the append's time when the match
                                     // waits for effects (0: neither), so start-up can wake it

  friend bool operator==(const match_meta& a, const match_meta& b) {
    return a.id == b.id && a.game == b.game && a.created_ms == b.created_ms &&
           a.status == b.status && a.players == b.players && a.last_seq == b.last_seq &&
           a.updated_ms == b.updated_ms && a.next_deadline_ms == b.next_deadline_ms;
  }
  friend bool operator!=(const match_meta& a, const match_meta& b) { return !(a == b); }
};

}  // namespace wordhall::storage
