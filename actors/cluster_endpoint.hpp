// cluster_endpoint: a node's answers to the other nodes of its cluster (cluster_protocol.hpp).
//
// It hears this node's subjects on the bus: commands, subscriptions and inspections of matches
// for their owner, and the deliveries for this node's own remote subscriptions. A request for a
// match goes to the directory as local_lookup_atom, which answers only with a match this node
// owns (claiming it when its owner is gone); any other gets `moved`. Each remote subscription is
// a relay actor here that subscribes to the match like a browser's session and publishes what it
// gets to the subscriber's node, in order, until that node unsubscribes or leaves the cluster
// (node_gone), or the match stops (then `ended`).
#pragma once

#include <caf/all.hpp>

#include <mutex>
#include <string>
#include <unordered_map>

#include "actors/cluster_context.hpp"
#include "actors/cluster_protocol.hpp"
#include "actors/metrics.hpp"

namespace wordhall {

class cluster_endpoint {
 public:
  cluster_endpoint(caf::actor_system& system, cluster_context& cluster, caf::actor directory,
                   metrics& counters);
  // Subscribes this node's subjects; unavailable when NATS refuses.
  storage::status start();
  // Ends the relays whose subscribers lived on `holder`'s node, which left the cluster.
  void node_gone(const std::string& holder);

 private:
  void on_command(const std::string& data, const std::string& reply_to);
  void on_subscribe(const std::string& data, const std::string& reply_to);
  void on_unsubscribe(const std::string& data);
  void on_inspect(const std::string& data, const std::string& reply_to);
  void reply(const std::string& reply_to, const wire_message& m);

  caf::actor_system& system_;
  cluster_context& cluster_;
  caf::actor directory_;
  metrics& metrics_;
  struct relay {
    caf::actor handle;
    std::string subscriber_holder;
  };
  std::mutex mu_;
  std::unordered_map<std::string, relay> relays_;  // by subscription id; guarded by mu_
};

}  // namespace wordhall
