// Starting and watching the nodes of a test cluster (`wordhall serve --cluster` against real
// nats-server processes on loopback), shared by the cluster tests.
#pragma once

#include "tests/support/clients.hpp"
#include "tests/support/nats_server_process.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/vectorcards_rest.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace wordhall::testing {

inline constexpr int lease_secs = 4;

// A node of the cluster at `nats_urls`, named `name`, with its own data directory under `dir`.
inline std::unique_ptr<server_process> start_node(const temp_dir& dir, const std::string& nats_urls,
                                           const std::string& name,
                                           const std::vector<std::string>& word_flags,
                                           int replicas = 1, int lease = lease_secs) {
  const std::string data = dir.path() + "/" + name;
  std::filesystem::create_directories(data);
  std::vector<std::string> flags = word_flags;
  for (const auto& flag :
       {std::string("--cluster"), nats_urls, std::string("--node"), name,
        std::string("--cluster-replicas"), std::to_string(replicas),
        std::string("--cluster-lease-secs"), std::to_string(lease)}) {
    flags.push_back(flag);
  }
  auto node = std::make_unique<server_process>(data, "test-admin-token", flags,
                                               server_start::return_at_once);
  node->wait_for_port(std::chrono::seconds(60));
  wait_until_ready(node->port());
  return node;
}

// Waits (up to `limit`) until the node's log says `text`.
inline void wait_for_log(const server_process& node, const std::string& text,
                  std::chrono::seconds limit = std::chrono::seconds(20)) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (node.log().find(text) == std::string::npos) {
    INFO("waiting for \"" << text << "\" in the log of port " << node.port());
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

// The lines of the node's log that mention `needle`, for a failure's message.
inline std::string log_lines_with(const server_process& node, const std::string& needle) {
  std::istringstream log(node.log());
  std::string out;
  for (std::string line; std::getline(log, line);)
    if (line.find(needle) != std::string::npos) out += line + "\n";
  return out;
}

// Seconds from `since` to now.
inline double seconds_since(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// The seq of a snapshot or update frame.
inline uint64_t frame_seq(const std::string& frame) {
  json_probe p(frame);
  return static_cast<uint64_t>(p.num("/seq"));
}

// Polls `port` until the round view of `match` for `player` says phase `phase` (up to `limit`).
inline json_probe wait_for_phase(unsigned short port, const std::string& match, const std::string& player,
                          const std::string& phase, std::chrono::seconds limit) {
  rest_client c{port, {}};
  auto until = std::chrono::steady_clock::now() + limit;
  for (;;) {
    auto r = c.get(round_url(match, player));
    if (r.status == 200) {
      json_probe p(r.body);
      if (p.str("/round_state/phase") == phase) return p;
    }
    INFO("waiting for phase " << phase << ": " << r.status << " " << r.body);
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// Waits for the viewer's frames until one shows the round's results; checks on the way that they
// come in seq order and that no seq's events come twice.
inline void follow_to_results(ws_client& viewer, uint64_t last_seq) {
  for (;;) {
    std::string frame = viewer.receive();
    if (frame.find(R"("type":"update")") == std::string::npos) continue;
    uint64_t seq = frame_seq(frame);
    CHECK(seq >= last_seq);
    if (seq == last_seq) {  // a fresh view with no events (presence), never events again
      CHECK(frame.find(R"("events":[])") != std::string::npos);
      continue;
    }
    last_seq = seq;
    if (frame.find(R"("phase":"results")") != std::string::npos) return;
  }
}


}  // namespace wordhall::testing
