// cluster_node: what `wordhall serve --cluster` runs beside the HTTP server: this node's lease
// (node_lease.hpp), the match owners' bucket, the bus to the other nodes, the membership watch
// and the endpoint answering the other nodes (docs/cluster.md).
//
// join() waits until NATS answers and this node's name is free (a process of the same name that
// just died holds it until its lease lapses); start() then wires the node to the match directory:
// from it on, other nodes' requests reach the directory, and so do the departures of nodes.
// leave() releases the lease at a graceful stop, so the other nodes take this node's matches at
// once. A lease lost to another process of the same name, or not renewed for a whole TTL, ends
// the process with status 3.
#pragma once

#include <caf/all.hpp>
#include <signal.h>

#include <functional>
#include <memory>
#include <mutex>

#include "actors/cluster_context.hpp"
#include "actors/cluster_endpoint.hpp"
#include "actors/node_lease.hpp"
#include "actors/remote_match.hpp"
#include "config/settings.hpp"
#include "storage/status.hpp"

namespace wordhall {

// Retries `open` while NATS does not answer (`unavailable`, logged every 10 s) until it succeeds
// (true), is refused (false, *exit_status 1, the reason on stderr) or a stop signal (`signals`)
// comes (false, 0). A cluster's servers that have just started may not answer every request yet.
bool open_when_reachable(const settings& config, const sigset_t& signals, int* exit_status,
                         const std::function<storage::status()>& open);

class cluster_node {
 public:
  // Null, with the exit status in *exit_status, when a stop signal (`signals`, blocked on every
  // thread) came first (0) or the cluster's settings are refused (1).
  static std::unique_ptr<cluster_node> join(const settings& config, const sigset_t& signals,
                                            int* exit_status);
  ~cluster_node();

  // The matches' view of the cluster (platform::cluster); valid as long as this lives.
  cluster_context* context() { return &context_; }
  // false, with the reason logged, when the bus refuses this node's subjects.
  bool start(caf::actor_system& system, caf::actor directory, metrics& counters);
  void leave();

 private:
  cluster_node() = default;

  std::mutex mu_;
  caf::actor directory_;  // guarded by mu_: the lease's keeper thread reads it
  std::unique_ptr<storage::match_owners> owners_;
  std::unique_ptr<cluster_bus> bus_;
  remote_subscriptions subscriptions_;
  std::unique_ptr<cluster_membership> membership_;
  std::unique_ptr<cluster_endpoint> endpoint_;
  std::unique_ptr<node_lease> lease_;
  cluster_context context_;
};

}  // namespace wordhall
