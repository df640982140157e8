// cluster_context: what the actors of a node need to know of its cluster (null in a single
// process). Owned by `wordhall serve` for the actor system's lifetime.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "actors/cluster_bus.hpp"
#include "actors/cluster_membership.hpp"
#include "actors/metrics.hpp"
#include "storage/match_owners.hpp"

namespace wordhall {

class remote_subscriptions;

struct cluster_context {
  std::string node;    // this node's name
  std::string holder;  // "<node>/<incarnation>": what this node writes as a match's owner
  storage::match_owners* owners = nullptr;
  cluster_membership* membership = nullptr;
  cluster_bus* bus = nullptr;
  remote_subscriptions* subscriptions = nullptr;  // where deliveries for this node's browsers go
  metrics* counters = nullptr;
  // The node lease's epoch while this node may write, else 0 (node_lease::current_epoch).
  std::function<uint64_t()> write_epoch;
  // How long a node waits for another node's answer before telling its client to try again.
  std::chrono::milliseconds request_timeout{10000};
};

}  // namespace wordhall
