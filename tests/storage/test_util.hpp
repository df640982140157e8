// Test helpers for storage: a fresh directory per test and small event builders.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "events/envelope.hpp"
#include "storage/rocksdb_journal.hpp"
#include "tests/support/temp_dir.hpp"

namespace wordhall::storage::testing {

// A fresh directory per test (removed afterwards) with the journal's path inside it.
class temp_dir : public wordhall::testing::temp_dir {
 public:
  std::string db() const { return path() + "/db"; }
};

inline event_envelope make_event(uint64_t seq, std::string payload = R"({"cell":4,"mark":"x"})") {
  event_envelope e;
  e.type = "ttt.mark_placed";
  e.version = 1;
  e.seq = seq;
  e.id = "evt-" + std::to_string(seq);
  e.timestamp_ms = 1763776800000 + static_cast<int64_t>(seq);
  e.payload = std::move(payload);
  return e;
}

// Events expected+1 .. expected+count for one match.
inline append_request make_request(std::string match_id, uint64_t expected, size_t count) {
  append_request r;
  r.match_id = std::move(match_id);
  r.expected_last_seq = expected;
  for (size_t i = 1; i <= count; ++i) r.events.push_back(make_event(expected + i));
  return r;
}

inline std::unique_ptr<rocksdb_journal> open_journal(const std::string& dir, bool sync = true) {
  rocksdb_journal::options opts;
  opts.sync = sync;
  std::unique_ptr<rocksdb_journal> j;
  status s = rocksdb_journal::open(dir, opts, &j);
  if (!s.ok()) throw std::runtime_error("open journal: " + s.to_string());
  return j;
}

inline match_meta meta_for(std::string id, std::string status = "playing") {
  match_meta meta;
  meta.id = std::move(id);
  meta.game = "ttt";
  meta.created_ms = 1000;
  meta.status = std::move(status);
  meta.players = {"Ada", "Grace"};
  meta.updated_ms = 2000;
  return meta;
}

// Every event of a match, failing the test if the read fails.
inline std::vector<event_envelope> read_all(const journal& j, std::string_view id) {
  std::vector<event_envelope> events;
  status s = j.read_events(id, 1, 1000000, &events);
  INFO(s.to_string());
  REQUIRE(s.ok());
  return events;
}

}  // namespace wordhall::storage::testing
