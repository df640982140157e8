#include "storage/group_commit.hpp"

#include <catch2/catch.hpp>

#include <future>
#include <mutex>
#include <thread>

#include "test_util.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using namespace wordhall::storage::testing;

TEST_CASE("group commit: 64 writers on 64 matches share fsyncs", "[storage][group_commit]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  group_commit committer(*j);
  constexpr int writers = 64, appends = 50;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < writers; ++t) {
    threads.emplace_back([&, t] {
      const std::string match = "gc-" + std::to_string(t);
      for (int i = 0; i < appends; ++i) {
        std::promise<status> durable;
        committer.submit(make_request(match, i, 1), [&](status s) { durable.set_value(s); });
        if (!durable.get_future().get().ok()) ++failures;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(failures == 0);
  CHECK(committer.requests_written() == writers * appends);
  CHECK(committer.batches_written() < committer.requests_written());
  for (int t = 0; t < writers; ++t) {
    const std::string match = "gc-" + std::to_string(t);
    std::vector<event_envelope> events;
    REQUIRE(j->read_events(match, 1, 1000, &events).ok());
    CHECK(events == make_request(match, 0, appends).events);
    CHECK(j->last_seq(match) == appends);
  }
}

TEST_CASE("group commit: stop drains every submitted request in order",
          "[storage][group_commit]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  group_commit committer(*j, /*max_batch=*/64);
  constexpr int count = 500;
  std::vector<int> order;
  std::vector<status> results(count);
  // All queued at once for one match: the chain only holds if batches keep submission order.
  for (int i = 0; i < count; ++i) {
    committer.submit(make_request("drain", i, 1), [&, i](status s) {
      order.push_back(i);
      results[i] = std::move(s);
    });
  }
  committer.stop();
  REQUIRE(order.size() == count);
  for (int i = 0; i < count; ++i) {
    CHECK(order[i] == i);
    CHECK(results[i].ok());
  }
  CHECK(j->last_seq("drain") == count);
  CHECK(committer.batches_written() >= count / 64);

  status after_stop;
  bool called = false;
  committer.submit(make_request("drain", count, 1), [&](status s) {
    called = true;
    after_stop = std::move(s);
  });
  CHECK(called);
  CHECK(after_stop.code() == status_code::unavailable);
  CHECK(j->last_seq("drain") == count);
  committer.stop();  // idempotent
}

TEST_CASE("group commit: a conflicting request fails alone", "[storage][group_commit]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  std::vector<status> results(3);
  {
    group_commit committer(*j);
    committer.submit(make_request("a", 0, 2), [&](status s) { results[0] = s; });
    committer.submit(make_request("b", 7, 1), [&](status s) { results[1] = s; });
    committer.submit(make_request("a", 2, 1), [&](status s) { results[2] = s; });
  }  // the destructor drains
  CHECK(results[0].ok());
  CHECK(results[1].code() == status_code::aborted);
  CHECK(results[2].ok());
  CHECK(j->last_seq("a") == 3);
  CHECK(j->last_seq("b") == 0);
}

TEST_CASE("group commit: a callback may submit the match's next append",
          "[storage][group_commit]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  group_commit committer(*j);
  constexpr uint64_t count = 100;
  std::promise<status> finished;
  std::function<void(uint64_t)> append_next = [&](uint64_t last) {
    committer.submit(make_request("chain", last, 1), [&, last](status s) {
      if (!s.ok() || last + 1 == count) {
        finished.set_value(s);
      } else {
        append_next(last + 1);
      }
    });
  };
  append_next(0);
  CHECK(finished.get_future().get().ok());
  CHECK(j->last_seq("chain") == count);
}

TEST_CASE("group commit: stop() from a callback stops intake but still drains the queue",
          "[storage][group_commit]") {
  temp_dir dir;
  auto j = open_journal(dir.db());
  std::vector<status> results(10);
  status late;
  std::promise<void> all_queued;
  {
    group_commit committer(*j, /*max_batch=*/1);
    committer.submit(make_request("s", 0, 1), [&](status s) {
      results[0] = std::move(s);
      all_queued.get_future().wait();  // the other nine are queued behind this batch
      committer.stop();                // must not deadlock joining its own thread
      committer.submit(make_request("late", 0, 1), [&](status s) { late = std::move(s); });
    });
    for (int i = 1; i < 10; ++i) {
      committer.submit(make_request("s", i, 1), [&, i](status s) { results[i] = std::move(s); });
    }
    all_queued.set_value();
  }
  for (const auto& result : results) CHECK(result.ok());
  CHECK(late.code() == status_code::unavailable);
  CHECK(j->last_seq("s") == 10);
  CHECK(j->last_seq("late") == 0);
}
