// The JetStream journal's snapshot and meta entries (the KV buckets beside the event stream)
// against a real nats-server per test case; the contract is journal.hpp's.
#include <catch2/catch.hpp>

#include <optional>

#include "jetstream_test_util.hpp"
#include "storage/jetstream_journal.hpp"
#include "test_util.hpp"
#include "tests/support/nats_server_process.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using namespace wordhall::storage::testing;
using wordhall::testing::nats_fixture;

TEST_CASE("jetstream: a batch's metas and snapshots are written together, and over another node's",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto node_a = open_jetstream(nats.server.url());
  auto node_b = open_jetstream(nats.server.url());
  auto with_derived = [](const std::string& id, uint64_t after, const std::string& name) {
    append_request r = make_request(id, after, 1);
    r.meta = meta_for(id, name);
    r.snapshot = snapshot_record{after + 1, "ttt", R"({"at":)" + std::to_string(after + 1) + "}"};
    return r;
  };
  // First writes: the entries are created; later ones update them by their known revision.
  for (uint64_t round = 0; round < 3; ++round) {
    std::vector<append_request> batch;
    for (int i = 0; i < 8; ++i)
      batch.push_back(with_derived("d-" + std::to_string(i), round, "a" + std::to_string(round)));
    for (const auto& result : node_a->append_batch(batch)) CHECK(result.ok());
  }
  // Node b appends to d-0, so a's known revisions of d-0's entries are stale; a's next append
  // (after re-reading the stream) still writes its own meta and snapshot over b's.
  REQUIRE(node_b->append(with_derived("d-0", 3, "b")).ok());
  CHECK(node_a->append(with_derived("d-0", 3, "a-stale")).code() == status_code::aborted);
  std::vector<append_request> last;
  last.push_back(with_derived("d-0", 4, "a-again"));
  last.push_back(with_derived("d-1", 3, "a3"));
  for (const auto& result : node_a->append_batch(last)) CHECK(result.ok());
  CHECK(node_a->derived_write_failures() == 0);

  match_meta meta;
  REQUIRE(node_b->read_meta("d-0", &meta).ok());
  CHECK(meta.last_seq == 5);
  CHECK(meta == [&] {
    match_meta expected = *last[0].meta;
    expected.id = "d-0";
    expected.last_seq = 5;
    return expected;
  }());
  REQUIRE(node_b->read_meta("d-1", &meta).ok());
  CHECK(meta.last_seq == 4);
  REQUIRE(node_b->read_meta("d-7", &meta).ok());
  CHECK(meta.last_seq == 3);
  snapshot_record snap;
  REQUIRE(node_b->latest_snapshot("d-0", 100, &snap).ok());
  CHECK(snap == *last[0].snapshot);
  REQUIRE(node_b->latest_snapshot("d-5", 100, &snap).ok());
  CHECK(snap.seq == 3);
}

TEST_CASE("jetstream: snapshots and meta round-trip", "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  for (uint64_t seq = 0; seq < 6; seq += 2) {
    append_request request = make_request("m1", seq, 2);
    request.snapshot = snapshot_record{seq + 2, "ttt", "{\"at\":" + std::to_string(seq + 2) + "}"};
    request.meta = meta_for("m1", seq + 2 < 6 ? "playing" : "finished");
    request.meta->next_deadline_ms = 5000 + static_cast<int64_t>(seq);
    REQUIRE(j->append(request).ok());
  }
  snapshot_record snap;
  REQUIRE(j->latest_snapshot("m1", 1000, &snap).ok());
  CHECK(snap == snapshot_record{6, "ttt", R"({"at":6})"});
  REQUIRE(j->latest_snapshot("m1", 5, &snap).ok());
  CHECK(snap == snapshot_record{4, "ttt", R"({"at":4})"});
  REQUIRE(j->latest_snapshot("m1", 2, &snap).ok());
  CHECK(snap.seq == 2);
  CHECK(j->latest_snapshot("m1", 1, &snap).code() == status_code::not_found);
  CHECK(j->latest_snapshot("other", 100, &snap).code() == status_code::not_found);

  match_meta meta;
  REQUIRE(j->read_meta("m1", &meta).ok());
  match_meta expected = meta_for("m1", "finished");
  expected.last_seq = 6;
  expected.next_deadline_ms = 5004;
  CHECK(meta == expected);

  // A writer whose meta revision is out of date (another node wrote since) still lands its
  // newer meta, and an older meta never replaces a newer one.
  auto other_node = open_jetstream(nats.server.url());
  append_request from_other = make_request("m1", 6, 1);
  from_other.meta = meta_for("m1", "rematch");
  REQUIRE(other_node->append(from_other).ok());
  append_request newer = make_request("m1", 7, 1);
  newer.meta = meta_for("m1", "later");
  REQUIRE(j->append(newer).ok());  // j's cached view was stale: checked against the stream
  REQUIRE(other_node->read_meta("m1", &meta).ok());
  CHECK(meta.status == "later");
  CHECK(meta.last_seq == 8);
  CHECK(j->derived_write_failures() == 0);
}

TEST_CASE("jetstream: reading on from a snapshot gives the events after it",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  std::vector<event_envelope> all;
  auto append = [&](uint64_t expected, size_t count, std::optional<uint64_t> snapshot_at) {
    append_request request = make_request("m1", expected, count);
    if (snapshot_at) request.snapshot = snapshot_record{*snapshot_at, "ttt", "{}"};
    REQUIRE(j->append(request).ok());
    all.insert(all.end(), request.events.begin(), request.events.end());
  };
  append(0, 2, std::nullopt);
  append(2, 3, 4);  // a snapshot inside its append
  append(5, 2, 7);  // one at its append's end
  append(7, 1, 1);  // an older one than stored: left out

  auto reader = open_jetstream(nats.server.url());
  auto events_from = [&](uint64_t from) {
    std::vector<event_envelope> events;
    status s = reader->for_each_event("m1", from, 100, [&](const event_envelope& e) {
      events.push_back(e);
      return true;
    });
    INFO(s.to_string());
    REQUIRE(s.ok());
    return events;
  };
  auto tail = [&](uint64_t from) {
    return std::vector<event_envelope>(all.begin() + static_cast<long>(from - 1), all.end());
  };
  snapshot_record snap;
  REQUIRE(reader->latest_snapshot("m1", 6, &snap).ok());
  CHECK(snap.seq == 4);
  CHECK(events_from(5) == tail(5));
  CHECK(events_from(3) == tail(3));
  CHECK(events_from(1) == all);
  REQUIRE(reader->latest_snapshot("m1", 100, &snap).ok());
  CHECK(snap.seq == 7);
  CHECK(reader->latest_snapshot("m1", 3, &snap).code() == status_code::not_found);
  CHECK(events_from(8) == tail(8));
  append(8, 2, std::nullopt);
  CHECK(events_from(8) == tail(8));
  CHECK(events_from(10) == tail(10));
  CHECK(events_from(11).empty());
}
