#include "actors/metrics.hpp"

#include <cstdio>

namespace wordhall {
namespace {

void line(std::string& out, const std::string& name, const std::string& type,
          const std::string& help, const std::string& value) {
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
  out += name + " " + value + "\n";
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace

void latency_histogram::observe(double seconds) {
  size_t i = 0;
  while (i < bounds.size() && seconds > bounds[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  sum_micros_.fetch_add(static_cast<uint64_t>(seconds * 1e6), std::memory_order_relaxed);
}

void latency_histogram::render(std::string& out, const std::string& name,
                               const std::string& help) const {
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " histogram\n";
  uint64_t cumulative = 0;
  for (size_t i = 0; i < bounds.size(); ++i) {
    cumulative += buckets_[i].load(std::memory_order_relaxed);
    out += name + "_bucket{le=\"" + num(bounds[i]) + "\"} " + std::to_string(cumulative) + "\n";
  }
  cumulative += buckets_[bounds.size()].load(std::memory_order_relaxed);
  out += name + "_bucket{le=\"+Inf\"} " + std::to_string(cumulative) + "\n";
  out += name + "_sum " + num(sum_micros_.load(std::memory_order_relaxed) / 1e6) + "\n";
  out += name + "_count " + std::to_string(count_.load(std::memory_order_relaxed)) + "\n";
}

std::string metrics::render() const {
  std::string out;
  line(out, "wordhall_live_matches", "gauge", "Match actors running now.",
       std::to_string(live_matches.load()));
  line(out, "wordhall_websocket_connections", "gauge", "Open WebSocket connections.",
       std::to_string(websocket_connections ? websocket_connections() : 0));
  line(out, "wordhall_events_appended_total", "counter", "Events made durable.",
       std::to_string(events_appended.load()));
  line(out, "wordhall_appends_total", "counter", "Durable appends (one per match batch).",
       std::to_string(appends.load()));
  line(out, "wordhall_append_failures_total", "counter", "Appends the journal refused or failed.",
       std::to_string(append_failures.load()));
  line(out, "wordhall_storage_full_refusals_total", "counter",
       "Commands refused because the disk was full.", std::to_string(storage_full_refusals.load()));
  line(out, "wordhall_recoveries_total", "counter", "Match actors rebuilt from the journal.",
       std::to_string(recoveries.load()));
  line(out, "wordhall_recovery_failures_total", "counter", "Recoveries that failed.",
       std::to_string(recovery_failures.load()));
  line(out, "wordhall_commands_total", "counter", "Commands decided.",
       std::to_string(commands.load()));
  line(out, "wordhall_commands_rejected_total", "counter", "Commands refused with an error.",
       std::to_string(commands_rejected.load()));
  line(out, "wordhall_deadlines_fired_total", "counter", "Match deadlines that fired.",
       std::to_string(deadlines_fired.load()));
  line(out, "wordhall_effects_started_total", "counter",
       "Effects (such as LLM ratings) matches started.", std::to_string(effects_started.load()));
  line(out, "wordhall_effects_failed_total", "counter", "Effects that came back failed.",
       std::to_string(effects_failed.load()));
  line(out, "wordhall_http_requests_total", "counter", "HTTP requests received.",
       std::to_string(http_requests ? http_requests() : 0));
  line(out, "wordhall_connections_refused_total", "counter",
       "Connections refused: their peer address held maxConnectionsPerPeer already.",
       std::to_string(connections_refused ? connections_refused() : 0));
  line(out, "wordhall_websocket_idle_timeouts_total", "counter",
       "WebSockets closed after wsIdleTimeoutSecs without a message or an answered ping.",
       std::to_string(websocket_idle_timeouts ? websocket_idle_timeouts() : 0));
  line(out, "wordhall_connections_over_capacity_total", "counter",
       "Connections refused with 503 server_busy: the server held maxConnections already.",
       std::to_string(connections_over_capacity ? connections_over_capacity() : 0));
  line(out, "wordhall_creations_rate_limited_total", "counter",
       "Match creations refused: their client address was over maxCreationsPerMinute.",
       std::to_string(creations_rate_limited ? creations_rate_limited() : 0));
  line(out, "wordhall_commands_rate_limited_total", "counter",
       "WebSocket messages (commands, subscribes, pings ...) refused: their connection was over "
       "maxCommandsPerSecond.",
       std::to_string(commands_rate_limited.load()));
  append_latency.render(out, "wordhall_append_latency_seconds",
                        "From submitting an append to it being durable (in a cluster: until "
                        "JetStream acknowledged it).");
  if (cluster_nodes) {
    line(out, "wordhall_cluster_nodes", "gauge", "Nodes of the cluster alive, this one among them.",
         std::to_string(cluster_nodes()));
    line(out, "wordhall_cluster_commands_forwarded_total", "counter",
         "Commands this node forwarded to the node owning their match.",
         std::to_string(cluster_commands_forwarded.load()));
    line(out, "wordhall_cluster_requests_answered_total", "counter",
         "Commands other nodes forwarded here, to a match this node owns.",
         std::to_string(cluster_requests_answered.load()));
    line(out, "wordhall_cluster_takeovers_total", "counter",
         "Matches this node took over from a node that left the cluster.",
         std::to_string(cluster_takeovers.load()));
  }
  return out;
}

}  // namespace wordhall
