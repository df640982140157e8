// The JetStream journal against a real nats-server per test case (tests/support/
// nats_server_process.hpp); the contract is journal.hpp's.
#include "storage/jetstream_journal.hpp"

#include <nats/nats.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <thread>

#include "storage/jetstream_codec.hpp"
#include "jetstream_test_util.hpp"
#include "test_util.hpp"
#include "tests/support/nats_server_process.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using namespace wordhall::storage::testing;
using wordhall::testing::nats_fixture;
using wordhall::testing::nats_server_process;

namespace {

std::vector<event_envelope> read_all(const jetstream_journal& j, std::string_view id) {
  std::vector<event_envelope> events;
  status s = j.read_events(id, 1, 1000000, &events);
  INFO(s.to_string());
  REQUIRE(s.ok());
  return events;
}

// Events 1..n, as one append each.
std::vector<event_envelope> append_one_by_one(jetstream_journal& j, const std::string& id,
                                              size_t n) {
  std::vector<event_envelope> all;
  for (uint64_t seq = 0; seq < n; ++seq) {
    append_request request = make_request(id, seq, 1);
    REQUIRE(j.append(request).ok());
    all.push_back(request.events[0]);
  }
  return all;
}

// Retries `attempt` until it returns ok; the journal reconnects on its own after a restart.
status eventually_ok(const std::function<status()>& attempt) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  status s = attempt();
  while (!s.ok() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    s = attempt();
  }
  return s;
}

// True once `probe` answers unavailable (the client notices a dead server within moments).
bool eventually_unavailable(const std::function<status()>& probe) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (probe().code() != status_code::unavailable) {
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

}  // namespace

TEST_CASE("jetstream: appended events read back unchanged", "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  std::vector<match_meta> page;
  REQUIRE(j->list_matches("", 10, &page).ok());  // an empty bucket
  CHECK(page.empty());
  append_request request = make_request("m1", 0, 3);
  request.meta = meta_for("");
  REQUIRE(j->append(request).ok());
  append_request second = make_request("m1", 3, 2);
  REQUIRE(j->append(second).ok());

  std::vector<event_envelope> expected = request.events;
  expected.insert(expected.end(), second.events.begin(), second.events.end());
  CHECK(read_all(*j, "m1") == expected);
  CHECK(j->last_seq("m1") == 5);

  std::vector<event_envelope> some;
  REQUIRE(j->read_events("m1", 3, 2, &some).ok());
  REQUIRE(some.size() == 2);
  CHECK(some[0] == expected[2]);
  CHECK(some[1] == expected[3]);
  REQUIRE(j->read_events("m1", 0, 0, &some).ok());
  CHECK(some.empty());

  std::vector<uint64_t> visited;
  REQUIRE(j->for_each_event("m1", 2, 4, [&](const event_envelope& e) {
               visited.push_back(e.seq);
               return true;
             }).ok());
  CHECK(visited == std::vector<uint64_t>{2, 3, 4});
  visited.clear();
  REQUIRE(j->for_each_event("m1", 1, 100, [&](const event_envelope& e) {
               visited.push_back(e.seq);
               return e.seq < 2;
             }).ok());
  CHECK(visited == std::vector<uint64_t>{1, 2});

  match_meta meta;
  REQUIRE(j->read_meta("m1", &meta).ok());
  CHECK(meta.id == "m1");
  CHECK(meta.last_seq == 3);  // the second append carried no meta
  CHECK(meta.players == std::vector<std::string>{"Ada", "Grace"});

  CHECK(j->last_seq("unknown") == 0);
  CHECK(read_all(*j, "unknown").empty());
  CHECK(j->read_meta("unknown", &meta).code() == status_code::not_found);
  CHECK(j->read_meta("", &meta).code() == status_code::invalid_argument);
  CHECK(j->append(make_request("", 0, 1)).code() == status_code::invalid_argument);
  append_request gap = make_request("m1", 5, 2);
  gap.events[1].seq = 9;
  CHECK(j->append(gap).code() == status_code::invalid_argument);
  CHECK(j->last_seq("m1") == 5);
}

TEST_CASE("jetstream: a stale expected seq is aborted and writes nothing",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
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
  match_meta meta;
  REQUIRE(j->read_meta("m1", &meta).ok());
  CHECK(meta.status == "playing");
  snapshot_record snap;
  CHECK(j->latest_snapshot("m1", 100, &snap).code() == status_code::not_found);

  CHECK(j->append(make_request("new", 3, 1)).code() == status_code::aborted);
  CHECK(j->last_seq("new") == 0);
  CHECK(j->append(make_request("m1", 3, 1)).ok());
}

TEST_CASE("jetstream: a second writer with a stale view is fenced off", "[storage][jetstream]") {
  nats_fixture nats;
  auto node_a = open_jetstream(nats.server.url());
  auto node_b = open_jetstream(nats.server.url());
  std::vector<event_envelope> stored = append_one_by_one(*node_a, "m1", 3);
  // Both nodes now believe seq 3 is the last (b learns it reading the match); also for a match
  // nobody wrote yet.
  CHECK(node_b->last_seq("m1") == 3);
  size_t read_by_b = 0;
  REQUIRE(node_b->for_each_event("m1", 1, 3, [&](const event_envelope&) { return ++read_by_b > 0; })
              .ok());
  CHECK(read_by_b == 3);
  CHECK(node_a->last_seq("fresh") == 0);
  CHECK(node_b->last_seq("fresh") == 0);

  append_request from_a = make_request("m1", 3, 2);
  REQUIRE(node_a->append(from_a).ok());
  append_request from_b = make_request("m1", 3, 1);
  from_b.events[0].payload = R"({"from":"b"})";
  from_b.meta = meta_for("m1", "b-was-here");
  status refused = node_b->append(from_b);
  INFO(refused.to_string());
  CHECK(refused.code() == status_code::aborted);
  // B's own view agreed with the request: it was JetStream's subject sequence check that refused.
  CHECK(refused.message().find("wrong last sequence") != std::string::npos);

  REQUIRE(node_a->append(make_request("fresh", 0, 1)).ok());
  CHECK(node_b->append(make_request("fresh", 0, 1)).code() == status_code::aborted);

  stored.insert(stored.end(), from_a.events.begin(), from_a.events.end());
  CHECK(read_all(*node_b, "m1") == stored);
  match_meta meta;
  CHECK(node_b->read_meta("m1", &meta).code() == status_code::not_found);
  // Having been refused, B re-reads what is stored and can carry on from there.
  CHECK(node_b->last_seq("m1") == 5);
  REQUIRE(node_b->append(make_request("m1", 5, 1)).ok());
  CHECK(node_a->append(make_request("m1", 5, 1)).code() == status_code::aborted);
  CHECK(read_all(*node_a, "m1").size() == 6);
}

TEST_CASE("jetstream: append_batch answers each request and fails conflicts alone",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  auto other_node = open_jetstream(nats.server.url());
  REQUIRE(j->append(make_request("m-0", 0, 2)).ok());
  REQUIRE(j->append(make_request("m-1", 0, 1)).ok());
  CHECK(j->last_seq("m-1") == 1);
  REQUIRE(other_node->append(make_request("m-1", 1, 1)).ok());  // j's view of m-1 is stale now

  std::vector<append_request> batch;
  for (int i = 2; i < 42; ++i) batch.push_back(make_request("m-" + std::to_string(i), 0, 3));
  batch.push_back(make_request("m-0", 2, 1));  // 40: ok
  batch.push_back(make_request("m-0", 3, 2));  // 41: chains on the one before
  batch.push_back(make_request("m-1", 1, 1));  // 42: fenced off by the other node
  batch.push_back(make_request("m-2", 5, 1));  // 43: conflicts with the batch's own m-2 append
  batch.push_back(make_request("", 0, 1));     // 44: malformed
  batch[5].meta = meta_for("m-7");
  batch[6].snapshot = snapshot_record{2, "ttt", R"({"board":"x"})"};

  std::vector<status> results = j->append_batch(batch);
  REQUIRE(results.size() == batch.size());
  for (size_t i = 0; i < 42; ++i) {
    INFO("request " << i << ": " << results[i].to_string());
    CHECK(results[i].ok());
  }
  CHECK(results[42].code() == status_code::aborted);
  CHECK(results[43].code() == status_code::aborted);
  CHECK(results[44].code() == status_code::invalid_argument);

  for (int i = 2; i < 42; ++i) {
    const std::string id = "m-" + std::to_string(i);
    INFO(id);
    CHECK(read_all(*j, id) == batch[i - 2].events);
  }
  CHECK(j->last_seq("m-0") == 5);
  CHECK(read_all(*j, "m-0").size() == 5);
  CHECK(read_all(*j, "m-1").size() == 2);
  match_meta meta;
  REQUIRE(j->read_meta("m-7", &meta).ok());
  CHECK(meta.last_seq == 3);
  snapshot_record snap;
  REQUIRE(j->latest_snapshot("m-8", 100, &snap).ok());
  CHECK(snap == *batch[6].snapshot);
}

TEST_CASE("jetstream: list_matches pages in id order", "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  std::vector<std::string> ids = {"b", "ab", "aa", "a", "m.1", "x y*", "abc", "zz"};
  for (const auto& id : ids) {
    append_request request = make_request(id, 0, 1);
    request.meta = meta_for(id);
    REQUIRE(j->append(request).ok());
  }
  REQUIRE(j->append(make_request("no-meta", 0, 1)).ok());
  const std::vector<std::string> in_order = {"a", "b", "aa", "ab", "zz", "abc", "m.1", "x y*"};

  std::vector<std::string> listed;
  std::vector<match_meta> page;
  std::string after;
  do {
    REQUIRE(j->list_matches(after, 3, &page).ok());
    CHECK(page.size() <= 3);
    for (const auto& meta : page) listed.push_back(meta.id);
    if (!page.empty()) after = page.back().id;
  } while (!page.empty());
  CHECK(listed == in_order);

  REQUIRE(j->list_matches("ab", 100, &page).ok());
  REQUIRE(page.size() == 4);
  CHECK(page[0].id == "zz");
  CHECK(page[3].id == "x y*");
}

TEST_CASE("jetstream: a reopened journal sees everything and carries on",
          "[storage][jetstream]") {
  nats_fixture nats;
  std::vector<event_envelope> stored;
  {
    auto j = open_jetstream(nats.server.url());
    stored = append_one_by_one(*j, "m1", 4);
    append_request request = make_request("m.2", 0, 2);
    request.meta = meta_for("m.2");
    request.snapshot = snapshot_record{2, "ttt", "{}"};
    REQUIRE(j->append(request).ok());
  }
  auto j = open_jetstream(nats.server.url());
  CHECK(j->last_seq("m1") == 4);
  CHECK(j->last_seq("m.2") == 2);
  CHECK(read_all(*j, "m1") == stored);
  CHECK(j->append(make_request("m1", 3, 1)).code() == status_code::aborted);
  REQUIRE(j->append(make_request("m1", 4, 1)).ok());
  match_meta meta;
  REQUIRE(j->read_meta("m.2", &meta).ok());
  snapshot_record snap;
  REQUIRE(j->latest_snapshot("m.2", 100, &snap).ok());
}

TEST_CASE("jetstream: a damaged message reads as data_loss", "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  append_one_by_one(*j, "m1", 2);
  // Written past the journal, straight onto the match's subject.
  natsConnection* nc = nullptr;
  REQUIRE(natsConnection_ConnectTo(&nc, nats.server.url().c_str()) == NATS_OK);
  jsCtx* js = nullptr;
  REQUIRE(natsConnection_JetStream(&js, nc, nullptr) == NATS_OK);
  REQUIRE(js_Publish(nullptr, js, "wh.ev.m1", "garbage", 7, nullptr, nullptr) == NATS_OK);
  jsCtx_Destroy(js);
  natsConnection_Destroy(nc);

  std::vector<event_envelope> events;
  status s = j->read_events("m1", 1, 100, &events);
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("m1") != std::string::npos);
  auto reopened = open_jetstream(nats.server.url());
  CHECK(reopened->append(make_request("m1", 2, 1)).code() == status_code::data_loss);
}

TEST_CASE("jetstream: a listing names a damaged meta record and passes over it",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  for (const char* id : {"m1", "m2", "m3"}) {
    append_request request = make_request(id, 0, 1);
    request.meta = meta_for(id);
    REQUIRE(j->append(request).ok());
  }
  CHECK(j->verify_match("m2").ok());
  // m2's meta record overwritten past the journal with something that is not one.
  natsConnection* nc = nullptr;
  REQUIRE(natsConnection_ConnectTo(&nc, nats.server.url().c_str()) == NATS_OK);
  jsCtx* js = nullptr;
  REQUIRE(natsConnection_JetStream(&js, nc, nullptr) == NATS_OK);
  kvStore* meta = nullptr;
  REQUIRE(js_KeyValue(&meta, js, "wh-meta") == NATS_OK);
  REQUIRE(kvStore_PutString(nullptr, meta, match_token("m2").c_str(), "garbage") == NATS_OK);
  kvStore_Destroy(meta);
  jsCtx_Destroy(js);
  natsConnection_Destroy(nc);

  std::vector<match_meta> page;
  CHECK(j->list_matches("", 10, &page).code() == status_code::data_loss);
  listing_damage damage;
  REQUIRE(j->list_matches("", 10, &page, &damage).ok());
  REQUIRE(page.size() == 2);
  CHECK(page[0].id == "m1");
  CHECK(page[1].id == "m3");
  CHECK(damage.records == std::vector<std::string>{"m2"});
  CHECK(j->verify_match("m2").code() == status_code::data_loss);
  CHECK(j->verify_match("m3").ok());
}

TEST_CASE("jetstream: a dead server answers unavailable and loses nothing acknowledged",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto j = open_jetstream(nats.server.url());
  std::vector<event_envelope> stored = append_one_by_one(*j, "m1", 3);
  append_request with_meta = make_request("m2", 0, 2);
  with_meta.meta = meta_for("m2");
  REQUIRE(j->append(with_meta).ok());

  CHECK(j->write_health().ok());
  nats.server.kill_hard();
  CHECK(eventually_unavailable([&] { return j->write_health(); }));
  CHECK(j->write_health().message().find(nats.server.url()) != std::string::npos);
  CHECK(j->append(make_request("m1", 3, 1)).code() == status_code::unavailable);
  std::vector<status> results =
      j->append_batch({make_request("m1", 3, 1), make_request("m3", 0, 1)});
  CHECK(results[0].code() == status_code::unavailable);
  CHECK(results[1].code() == status_code::unavailable);
  std::vector<event_envelope> events;
  CHECK(j->read_events("m1", 1, 100, &events).code() == status_code::unavailable);
  match_meta meta;
  CHECK(j->read_meta("m2", &meta).code() == status_code::unavailable);
  std::vector<match_meta> page;
  CHECK(j->list_matches("", 10, &page).code() == status_code::unavailable);
  std::unique_ptr<jetstream_journal> unreachable;
  jetstream_journal::options opts;
  opts.url = nats.server.url();
  opts.timeout = std::chrono::milliseconds(500);
  CHECK(jetstream_journal::open(opts, &unreachable).code() == status_code::unavailable);

  nats.server.restart();
  // The same journal reconnects by itself and nothing acknowledged was lost. An append that
  // was refused as unavailable may still have been stored: the client resends what it had
  // buffered when the connection dropped (fenced like any other publish).
  REQUIRE(eventually_ok([&] { return j->resume(); }).ok());
  REQUIRE(eventually_ok([&] { return j->read_events("m1", 1, 100, &events); }).ok());
  REQUIRE(events.size() >= stored.size());
  CHECK(std::vector<event_envelope>(events.begin(), events.begin() + 3) == stored);
  const uint64_t last = j->last_seq("m1");
  CHECK(last == events.size());
  CHECK((last == 3 || last == 4));
  status appended = eventually_ok([&] { return j->append(make_request("m1", last, 1)); });
  INFO(appended.to_string());
  CHECK(appended.ok());
  auto reopened = open_jetstream(nats.server.url());
  CHECK(reopened->last_seq("m1") == last + 1);
  REQUIRE(reopened->read_meta("m2", &meta).ok());
  CHECK(meta.last_seq == 2);
}
