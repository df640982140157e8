#include "storage/rocksdb_journal.hpp"

#include <catch2/catch.hpp>

#include "test_util.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using namespace wordhall::storage::testing;

TEST_CASE("appended events read back unchanged", "[storage][journal]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  append_request request = make_request("m1", 0, 3);
  request.meta = meta_for("");
  REQUIRE(j->append(request).ok());

  CHECK(read_all(*j, "m1") == request.events);
  CHECK(j->last_seq("m1") == 3);

  std::vector<event_envelope> some;
  REQUIRE(j->read_events("m1", 2, 1, &some).ok());
  REQUIRE(some.size() == 1);
  CHECK(some[0] == request.events[1]);
  REQUIRE(j->read_events("m1", 0, 0, &some).ok());
  CHECK(some.empty());

  std::vector<uint64_t> visited;
  REQUIRE(j->for_each_event("m1", 2, 3, [&](const event_envelope& e) {
               visited.push_back(e.seq);
               return true;
             }).ok());
  CHECK(visited == std::vector<uint64_t>{2, 3});
  visited.clear();
  REQUIRE(j->for_each_event("m1", 1, 100, [&](const event_envelope& e) {
               visited.push_back(e.seq);
               return e.seq < 2;  // stop after the second
             }).ok());
  CHECK(visited == std::vector<uint64_t>{1, 2});

  match_meta meta;
  REQUIRE(j->read_meta("m1", &meta).ok());
  CHECK(meta.id == "m1");  // filled in from the request
  CHECK(meta.last_seq == 3);
  CHECK(meta.players == std::vector<std::string>{"Ada", "Grace"});

  CHECK(j->last_seq("unknown") == 0);
  CHECK(read_all(*j, "unknown").empty());
  CHECK(j->read_meta("unknown", &meta).code() == status_code::not_found);
}

TEST_CASE("a conflicting expected seq is aborted and writes nothing", "[storage][journal]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  append_request first = make_request("m1", 0, 3);
  first.meta = meta_for("m1", "playing");
  REQUIRE(j->append(first).ok());

  for (uint64_t wrong : {0, 1, 2, 4, 10}) {
    append_request stale = make_request("m1", wrong, 2);
    stale.meta = meta_for("m1", "finished");
    stale.snapshot = snapshot_record{wrong + 2, "ttt", "{}"};
    status s = j->append(stale);
    INFO("expected_last_seq " << wrong);
    CHECK(s.code() == status_code::aborted);
    CHECK(s.message().find("m1") != std::string::npos);
  }
  CHECK(read_all(*j, "m1") == first.events);
  CHECK(j->last_seq("m1") == 3);
  match_meta meta;
  REQUIRE(j->read_meta("m1", &meta).ok());
  CHECK(meta.status == "playing");
  snapshot_record snap;
  CHECK(j->latest_snapshot("m1", 100, &snap).code() == status_code::not_found);

  CHECK(j->append(make_request("new", 3, 1)).code() == status_code::aborted);
  CHECK(j->last_seq("new") == 0);
  CHECK(j->append(make_request("m1", 3, 1)).ok());
}

TEST_CASE("a multi-event append is all or nothing", "[storage][journal]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  append_request gap = make_request("m1", 0, 3);
  gap.events[2].seq = 4;
  gap.meta = meta_for("m1");
  status s = j->append(gap);
  CHECK(s.code() == status_code::invalid_argument);
  CHECK(s.message().find("seq 4") != std::string::npos);
  CHECK(j->last_seq("m1") == 0);
  CHECK(read_all(*j, "m1").empty());
  match_meta meta;
  CHECK(j->read_meta("m1", &meta).code() == status_code::not_found);

  append_request future_snapshot = make_request("m1", 0, 2);
  future_snapshot.snapshot = snapshot_record{3, "ttt", "{}"};
  CHECK(j->append(future_snapshot).code() == status_code::invalid_argument);
  append_request other_meta = make_request("m1", 0, 2);
  other_meta.meta = meta_for("m2");
  CHECK(j->append(other_meta).code() == status_code::invalid_argument);
  CHECK(j->append(make_request("", 0, 1)).code() == status_code::invalid_argument);
  CHECK(j->append(make_request(std::string(256, 'x'), 0, 1)).code() ==
        status_code::invalid_argument);
  CHECK(read_all(*j, "m1").empty());
}

TEST_CASE("append_batch commits the valid requests and fails the others alone",
          "[storage][journal]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  REQUIRE(j->append(make_request("b", 0, 5)).ok());

  std::vector<append_request> batch;
  batch.push_back(make_request("a", 0, 2));   // ok
  batch.push_back(make_request("b", 4, 1));   // stale: b is at 5
  batch.push_back(make_request("c", 0, 2));   // malformed below
  batch.back().events[1].seq = 7;
  batch.push_back(make_request("a", 2, 3));   // chains on the first request
  batch.push_back(make_request("a", 2, 1));   // stale: the previous one moved a to 5
  batch.push_back(make_request("b", 5, 1));   // ok: the stale b request changed nothing
  batch.push_back(make_request("d", 0, 1));   // ok
  std::vector<status> results = j->append_batch(batch);
  REQUIRE(results.size() == batch.size());
  CHECK(results[0].ok());
  CHECK(results[1].code() == status_code::aborted);
  CHECK(results[2].code() == status_code::invalid_argument);
  CHECK(results[3].ok());
  CHECK(results[4].code() == status_code::aborted);
  CHECK(results[5].ok());
  CHECK(results[6].ok());

  CHECK(j->last_seq("a") == 5);
  CHECK(j->last_seq("b") == 6);
  CHECK(j->last_seq("c") == 0);
  CHECK(j->last_seq("d") == 1);
  CHECK(read_all(*j, "a") == make_request("a", 0, 5).events);
  CHECK(read_all(*j, "c").empty());
  CHECK(j->append_batch({}).empty());
}

TEST_CASE("latest_snapshot finds the newest snapshot at or before a seq", "[storage][journal]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  append_request first = make_request("ab", 0, 5);
  first.snapshot = snapshot_record{5, "ttt", R"({"board":"xo.......","turn":"x"})"};
  REQUIRE(j->append(first).ok());
  append_request second = make_request("ab", 5, 5);
  second.snapshot = snapshot_record{10, "ttt", R"({"board":"xoxo.....","turn":"x"})"};
  REQUIRE(j->append(second).ok());
  // Neighbours on both sides of "ab" in key order, to catch a seek that leaves the prefix.
  append_request before = make_request("aa", 0, 3);
  before.snapshot = snapshot_record{3, "ttt", "{}"};
  REQUIRE(j->append(before).ok());
  append_request after = make_request("abc", 0, 1);
  after.snapshot = snapshot_record{1, "ttt", "{}"};
  REQUIRE(j->append(after).ok());

  snapshot_record snap;
  REQUIRE(j->latest_snapshot("ab", 7, &snap).ok());
  CHECK(snap == *first.snapshot);
  REQUIRE(j->latest_snapshot("ab", 10, &snap).ok());
  CHECK(snap == *second.snapshot);
  REQUIRE(j->latest_snapshot("ab", ~0ULL, &snap).ok());
  CHECK(snap.seq == 10);
  CHECK(j->latest_snapshot("ab", 4, &snap).code() == status_code::not_found);
  CHECK(j->latest_snapshot("ac", 100, &snap).code() == status_code::not_found);
  CHECK(j->latest_snapshot("a", 100, &snap).code() == status_code::not_found);

  // A snapshot may ride along without events (taken later of an existing seq).
  append_request snapshot_only;
  snapshot_only.match_id = "ab";
  snapshot_only.expected_last_seq = 10;
  snapshot_only.snapshot = snapshot_record{8, "ttt", "{\"at\":8}"};
  REQUIRE(j->append(snapshot_only).ok());
  REQUIRE(j->latest_snapshot("ab", 9, &snap).ok());
  CHECK(snap.state == "{\"at\":8}");
}

TEST_CASE("open reports a missing or locked database", "[storage][journal]") {
  temp_dir dir;
  rocksdb_journal::options no_create;
  no_create.create_if_missing = false;
  std::unique_ptr<rocksdb_journal> j;
  CHECK(rocksdb_journal::open(dir.path() + "/missing", no_create, &j).code() ==
        status_code::invalid_argument);
  CHECK(j == nullptr);

  auto first = open_journal(dir.db());
  status locked = rocksdb_journal::open(dir.db(), rocksdb_journal::options{}, &j);
  CHECK(locked.code() == status_code::unavailable);
  CHECK(j == nullptr);
}
