// metrics: the server's counters, rendered in Prometheus' text exposition format.
//
// Lock-free atomics so every actor and I/O thread can count without coordination. Names follow
// Prometheus conventions (`_total` for counters, base units: seconds).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace wordhall {

class latency_histogram {
 public:
  static constexpr std::array<double, 12> bounds = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                                    0.01,   0.025,   0.05,   0.1,   0.25,   1.0};
  void observe(double seconds);
  void render(std::string& out, const std::string& name, const std::string& help) const;

 private:
  std::array<std::atomic<uint64_t>, bounds.size() + 1> buckets_{};  // last: +Inf
  std::atomic<uint64_t> count_{0};
  std::atomic<uint64_t> sum_micros_{0};
};

struct metrics {
  std::atomic<int64_t> live_matches{0};
  std::atomic<uint64_t> events_appended{0};
  std::atomic<uint64_t> appends{0};
  std::atomic<uint64_t> append_failures{0};
  std::atomic<uint64_t> storage_full_refusals{0};  // commands not stored for a full disk
  std::atomic<uint64_t> recoveries{0};
  std::atomic<uint64_t> recovery_failures{0};
  std::atomic<uint64_t> commands{0};
  std::atomic<uint64_t> commands_rejected{0};
  std::atomic<uint64_t> deadlines_fired{0};
  std::atomic<uint64_t> effects_started{0};
  std::atomic<uint64_t> effects_failed{0};
  std::atomic<uint64_t> commands_rate_limited{0};  // WebSocket frames over maxCommandsPerSecond
  // In a cluster: commands this node forwarded to a match's owner, requests it answered for
  // other nodes, and matches it took over from a node that left.
  std::atomic<uint64_t> cluster_commands_forwarded{0};
  std::atomic<uint64_t> cluster_requests_answered{0};
  std::atomic<uint64_t> cluster_takeovers{0};
  latency_histogram append_latency;
  // Filled in by the HTTP layer's owner: open WebSocket connections right now, and HTTP requests
  // read so far (every one, also those refused before reaching a route).
  std::function<size_t()> websocket_connections;
  std::function<uint64_t()> http_requests;
  // Connections refused for their peer's limit, WebSockets closed for not answering pings.
  std::function<uint64_t()> connections_refused;
  std::function<uint64_t()> websocket_idle_timeouts;
  // Connections refused because the server held maxConnections; creations refused for their
  // client's maxCreationsPerMinute.
  std::function<uint64_t()> connections_over_capacity;
  std::function<uint64_t()> creations_rate_limited;
  // In a cluster: the nodes alive as this node last saw them (itself among them); unset alone.
  std::function<size_t()> cluster_nodes;

  std::string render() const;
};

}  // namespace wordhall
