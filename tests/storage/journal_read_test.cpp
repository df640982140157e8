// The journal across restarts, listing, and reads racing appends.
#include "storage/rocksdb_journal.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "test_util.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using namespace wordhall::storage::testing;

TEST_CASE("reopening keeps events, snapshots, meta and last seqs", "[storage][journal]") {
  temp_dir dir;
  append_request request = make_request("m1", 0, 4);
  request.meta = meta_for("m1");
  request.snapshot = snapshot_record{4, "ttt", "{\"s\":4}"};
  {
    auto j = open_journal(dir.db());
    REQUIRE(j->append(request).ok());
    // No meta on these: last_seq must come from the events, not the meta record.
    REQUIRE(j->append(make_request("m1", 4, 2)).ok());
    REQUIRE(j->append(make_request("ab", 0, 3)).ok());
    REQUIRE(j->append(make_request("abc", 0, 7)).ok());
    REQUIRE(j->append(make_request("aa", 0, 5)).ok());
  }
  auto j = open_journal(dir.db());
  CHECK(j->last_seq("m1") == 6);
  CHECK(j->last_seq("ab") == 3);
  CHECK(j->last_seq("abc") == 7);
  CHECK(j->last_seq("aa") == 5);
  CHECK(j->last_seq("a") == 0);
  CHECK(j->last_seq("abcd") == 0);
  CHECK(read_all(*j, "m1") == make_request("m1", 0, 6).events);
  match_meta meta;
  REQUIRE(j->read_meta("m1", &meta).ok());
  CHECK(meta.last_seq == 4);
  snapshot_record snap;
  REQUIRE(j->latest_snapshot("m1", 100, &snap).ok());
  CHECK(snap == *request.snapshot);

  CHECK(j->append(make_request("ab", 0, 1)).code() == status_code::aborted);
  CHECK(j->append(make_request("ab", 3, 1)).ok());
  CHECK(j->last_seq("ab") == 4);
}

TEST_CASE("list_matches pages through meta records in key order", "[storage][journal]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  const std::vector<std::string> ids = {"m03", "m01", "z", "m05", "m02", "m04", "m06", "m07"};
  for (const auto& id : ids) {
    append_request request = make_request(id, 0, 1);
    request.meta = meta_for(id);
    REQUIRE(j->append(request).ok());
  }
  REQUIRE(j->append(make_request("m00-no-meta", 0, 1)).ok());

  std::vector<std::string> seen;
  std::vector<size_t> page_sizes;
  std::string after;
  for (;;) {
    std::vector<match_meta> page;
    REQUIRE(j->list_matches(after, 3, &page).ok());
    if (page.empty()) break;
    page_sizes.push_back(page.size());
    for (const auto& meta : page) seen.push_back(meta.id);
    after = page.back().id;
  }
  // Shorter ids first ("z"), then bytewise.
  CHECK(seen == std::vector<std::string>{"z", "m01", "m02", "m03", "m04", "m05", "m06", "m07"});
  CHECK(page_sizes == std::vector<size_t>{3, 3, 2});

  std::vector<match_meta> page;
  REQUIRE(j->list_matches("m00", 2, &page).ok());  // an id with no meta record
  REQUIRE(page.size() == 2);
  CHECK(page[0].id == "m01");
  CHECK(page[1].id == "m02");
  REQUIRE(j->list_matches("m07", 10, &page).ok());
  CHECK(page.empty());
  REQUIRE(j->list_matches("", 0, &page).ok());
  CHECK(page.empty());
  CHECK(j->list_matches(std::string(256, 'x'), 1, &page).code() == status_code::invalid_argument);
}

TEST_CASE("reads are consistent while appends run on another thread", "[storage][journal]") {
  temp_dir dir;
  auto j = open_journal(dir.db(), /*sync=*/false);
  // The writer keeps going until the readers have scanned often enough to overlap it (a time
  // cap keeps a wedged run from hanging the suite).
  constexpr uint64_t min_events = 2000;
  constexpr int min_rounds = 50;
  std::atomic<int> reader_rounds{0};
  std::atomic<bool> done{false};
  std::atomic<uint64_t> written{0};
  std::thread writer([&] {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (uint64_t seq = 0; seq < min_events || reader_rounds < min_rounds; ++seq) {
      if (std::chrono::steady_clock::now() > give_up) break;
      append_request request = make_request("live", seq, 1);
      if (seq % 100 == 0) request.snapshot = snapshot_record{seq + 1, "ttt", "{}"};
      if (!j->append(request).ok()) break;
      written = seq + 1;
    }
    done = true;
  });
  std::atomic<int> problems{0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 2; ++r) {
    readers.emplace_back([&] {
      uint64_t previous_last = 0;
      while (!done) {
        const uint64_t last = j->last_seq("live");
        if (last < previous_last) ++problems;
        previous_last = last;
        // A window at the tail keeps each round short however long the match grows.
        const uint64_t from = last > 500 ? last - 500 : 1;
        uint64_t expected = from;
        status s = j->for_each_event("live", from, ~0ULL, [&](const event_envelope& e) {
          if (e.seq != expected || e.id != "evt-" + std::to_string(e.seq)) ++problems;
          ++expected;
          return true;
        });
        if (!s.ok() || expected - 1 < last) ++problems;
        snapshot_record snap;
        s = j->latest_snapshot("live", ~0ULL, &snap);
        if (!s.ok() && s.code() != status_code::not_found) ++problems;
        ++reader_rounds;
      }
    });
  }
  writer.join();
  for (auto& reader : readers) reader.join();
  CHECK(problems == 0);
  CHECK(reader_rounds > 0);  // usually >= min_rounds; far fewer only on a very slow run
  CHECK(j->last_seq("live") == written);
  CHECK(read_all(*j, "live").size() == written);
}

TEST_CASE("a read-only journal reads beside a running writer and refuses appends",
          "[storage][journal]") {
  temp_dir dir;
  auto writer = open_journal(dir.db());
  append_request request = make_request("m1", 0, 3);
  request.meta = meta_for("m1");
  REQUIRE(writer->append(request).ok());

  rocksdb_journal::options read_only;
  read_only.read_only = true;
  std::unique_ptr<rocksdb_journal> reader;
  REQUIRE(rocksdb_journal::open(dir.db(), read_only, &reader).ok());
  CHECK(read_all(*reader, "m1") == request.events);
  CHECK(reader->last_seq("m1") == 3);
  match_meta meta;
  REQUIRE(reader->read_meta("m1", &meta).ok());
  CHECK(meta.last_seq == 3);

  CHECK(reader->append(make_request("m1", 3, 1)).code() == status_code::invalid_argument);
  REQUIRE(writer->append(make_request("m1", 3, 1)).ok());
  CHECK(reader->last_seq("m1") == 3);  // the view as of opening
  CHECK(writer->last_seq("m1") == 4);
}
