// jetstream_lease against a real nats-server per test case; the contract is jetstream_lease.hpp's.
#include "storage/jetstream_lease.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "test_util.hpp"
#include "tests/support/nats_server_process.hpp"

using namespace wordhall::storage;
using namespace wordhall::storage::testing;
using wordhall::testing::nats_fixture;
using wordhall::testing::nats_server_process;

namespace {

std::unique_ptr<jetstream_lease> lease_for(const nats_server_process& server,
                                           const std::string& holder) {
  jetstream_lease::options opts;
  opts.url = server.url();
  opts.name = "serving";
  opts.holder = holder;
  opts.ttl = std::chrono::milliseconds(1000);
  opts.timeout = std::chrono::milliseconds(2000);
  std::unique_ptr<jetstream_lease> lease;
  status s = jetstream_lease::open(opts, &lease);
  if (!s.ok()) throw std::runtime_error("open lease: " + s.to_string());
  return lease;
}

}  // namespace

TEST_CASE("jetstream lease: one holder at a time, named to the others", "[storage][jetstream]") {
  nats_fixture nats;
  auto a = lease_for(nats.server, "node-a");
  auto b = lease_for(nats.server, "node-b");
  REQUIRE(a->acquire().ok());
  CHECK(a->held());
  status refused = b->acquire();
  CHECK(refused.code() == status_code::aborted);
  CHECK(refused.message().find("node-a") != std::string::npos);
  CHECK_FALSE(b->held());
  std::string holder;
  REQUIRE(b->holder(&holder).ok());
  CHECK(holder == "node-a");

  // Renewing well within the TTL keeps it, for longer than one TTL.
  for (int i = 0; i < 6; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    REQUIRE(a->renew().ok());
    CHECK(b->acquire().code() == status_code::aborted);
  }

  // Released, it is free at once.
  REQUIRE(a->release().ok());
  CHECK_FALSE(a->held());
  CHECK(b->holder(&holder).code() == status_code::not_found);
  REQUIRE(b->acquire().ok());
  REQUIRE(a->holder(&holder).ok());
  CHECK(holder == "node-b");
}

TEST_CASE("jetstream lease: a holder that stops renewing loses it, and learns so",
          "[storage][jetstream]") {
  nats_fixture nats;
  auto a = lease_for(nats.server, "node-a");
  auto b = lease_for(nats.server, "node-b");
  REQUIRE(a->acquire().ok());
  const auto quiet_since = std::chrono::steady_clock::now();
  status taken = b->acquire();
  while (!taken.ok() && std::chrono::steady_clock::now() - quiet_since < std::chrono::seconds(15)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    taken = b->acquire();
  }
  INFO(taken.to_string());
  REQUIRE(taken.ok());
  // Never before its TTL.
  CHECK(std::chrono::steady_clock::now() - quiet_since >= std::chrono::milliseconds(1000));

  status lost = a->renew();
  CHECK(lost.code() == status_code::aborted);
  CHECK(lost.message().find("node-b") != std::string::npos);
  CHECK_FALSE(a->held());
  CHECK(b->renew().ok());
}

TEST_CASE("jetstream lease: bad options and a dead server are told apart", "[storage][jetstream]") {
  nats_fixture nats;
  jetstream_lease::options opts;
  opts.url = nats.server.url();
  opts.holder = "node-a";
  opts.name = "has space";
  std::unique_ptr<jetstream_lease> lease;
  CHECK(jetstream_lease::open(opts, &lease).code() == status_code::invalid_argument);
  opts.name = "serving";
  opts.ttl = std::chrono::milliseconds(10);
  CHECK(jetstream_lease::open(opts, &lease).code() == status_code::invalid_argument);

  auto a = lease_for(nats.server, "node-a");
  REQUIRE(a->acquire().ok());
  nats.server.kill_hard();
  CHECK(a->renew().code() == status_code::unavailable);
  opts.ttl = std::chrono::milliseconds(1000);
  opts.timeout = std::chrono::milliseconds(500);
  CHECK(jetstream_lease::open(opts, &lease).code() == status_code::unavailable);
}
