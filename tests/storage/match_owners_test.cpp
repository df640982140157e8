// match_owners against a real nats-server; the contract is match_owners.hpp's.
#include "storage/match_owners.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <thread>

#include "storage/jetstream_lease.hpp"
#include "tests/support/nats_server_process.hpp"

using namespace wordhall::storage;
using wordhall::testing::nats_fixture;
using wordhall::testing::nats_server_process;

namespace {

std::unique_ptr<match_owners> owners_at(const nats_server_process& server) {
  match_owners::options opts;
  opts.url = server.url();
  opts.timeout = std::chrono::milliseconds(2000);
  std::unique_ptr<match_owners> owners;
  status s = match_owners::open(opts, &owners);
  if (!s.ok()) throw std::runtime_error("open owners: " + s.to_string());
  return owners;
}

// A node's lease in the nodes bucket, as `wordhall serve --cluster` holds it.
std::unique_ptr<jetstream_lease> node_lease_at(const nats_server_process& server,
                                               const std::string& node,
                                               const std::string& incarnation) {
  jetstream_lease::options opts;
  opts.url = server.url();
  opts.bucket = "wh-nodes";
  opts.name = node;
  opts.holder = incarnation;
  opts.ttl = std::chrono::milliseconds(1000);
  opts.timeout = std::chrono::milliseconds(2000);
  std::unique_ptr<jetstream_lease> lease;
  status s = jetstream_lease::open(opts, &lease);
  if (!s.ok()) throw std::runtime_error("open lease: " + s.to_string());
  REQUIRE(lease->acquire().ok());
  return lease;
}

}  // namespace

TEST_CASE("match owners: a claim wins once; a stale revision is refused; any id is a key",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto a = owners_at(nats.server);
  auto b = owners_at(nats.server);
  const std::string match = "m.1 with/odd*bytes";
  owner_entry entry;
  CHECK(a->owner(match, &entry).code() == status_code::not_found);

  uint64_t revision = 0;
  REQUIRE(a->claim(match, "a/1", 0, &revision).ok());
  // b races for the same unowned match and loses.
  CHECK(b->claim(match, "b/1", 0).code() == status_code::aborted);
  REQUIRE(b->owner(match, &entry).ok());
  CHECK(entry.holder == "a/1");
  CHECK(entry.revision == revision);

  // b takes it over with the revision it read; a, still holding the old one, cannot take it back.
  REQUIRE(b->claim(match, "b/1", entry.revision).ok());
  CHECK(a->claim(match, "a/1", revision).code() == status_code::aborted);
  REQUIRE(a->owner(match, &entry).ok());
  CHECK(entry.holder == "b/1");

  REQUIRE(a->claim("other", "a/1", 0).ok());
  std::vector<std::pair<std::string, owner_entry>> owned;
  REQUIRE(a->owned(&owned).ok());
  REQUIRE(owned.size() == 2);
  std::map<std::string, std::string> holders;
  for (auto& [id, e] : owned) holders[id] = e.holder;
  CHECK(holders == std::map<std::string, std::string>{{match, "b/1"}, {"other", "a/1"}});
}

TEST_CASE("match owners: nodes are alive while their leases live, with their incarnations",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto owners = owners_at(nats.server);
  std::map<std::string, std::string> alive;
  REQUIRE(owners->live_nodes(&alive).ok());  // no node yet: not even a bucket
  CHECK(alive.empty());

  auto a = node_lease_at(nats.server, "a", "inc1");
  auto b = node_lease_at(nats.server, "b", "inc2");
  REQUIRE(owners->live_nodes(&alive).ok());
  CHECK(alive == std::map<std::string, std::string>{{"a", "inc1"}, {"b", "inc2"}});

  // b releases; a stops renewing and lapses after its TTL.
  REQUIRE(b->release().ok());
  REQUIRE(owners->live_nodes(&alive).ok());
  CHECK(alive == std::map<std::string, std::string>{{"a", "inc1"}});
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!alive.empty()) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    REQUIRE(owners->live_nodes(&alive).ok());
  }
}

TEST_CASE("match owners: holders split into node and incarnation", "[storage]") {
  std::string node, incarnation;
  CHECK(owner_holder("web1", "9f0c") == "web1/9f0c");
  REQUIRE(split_owner_holder("web1/9f0c", &node, &incarnation));
  CHECK(node == "web1");
  CHECK(incarnation == "9f0c");
  CHECK_FALSE(split_owner_holder("web1", &node, &incarnation));
}
