// `wordhall replay --data-dir DIR MATCH_ID`: prints a match's events as stored, one JSON object
// per line, then `state_hash=<16 hex> last_seq=<n>`: the hash the live server reports for the
// match (GET /admin/matches/{id}/state). Opens the journal read-only, so it works beside a
// running server.
#pragma once

#include <cstdint>
#include <string>

namespace wordhall {

struct replay_options {
  std::string data_dir = "var";
  std::string match_id;
  uint64_t at = UINT64_MAX;  // stop after this seq
  bool quiet = false;        // only the hash line
};

int run_replay(const replay_options& options);

}  // namespace wordhall
