// remote_match: stands in this node for a match that another node of the cluster owns, so the
// WebSocket sessions and HTTP handlers here talk to it as to a local match actor.
//
// It answers the match actor's messages (messages.hpp) by asking the owner over NATS
// (cluster_protocol.hpp): a command's outcome, an inspection's report, and for each subscriber
// a subscription of its own at the owner, whose snapshots and updates reach the subscriber
// directly (remote_subscriptions). drain answers at once: nothing waits here.
//
// It stops, with exit reason `unreachable`, when the owner does not answer, says the match moved,
// or ends a subscription; its subscribers watch it, subscribe again through the directory and so
// reach the match's new owner. A command the owner did not answer gets the outcome
// `unavailable` ("try again"). With no subscriber and no request for `idle` it stops normally.
// The directory ends it when the owner's node leaves the cluster.
#pragma once

#include <caf/all.hpp>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "actors/cluster_context.hpp"

namespace wordhall {

// Subscriber side: where the deliveries of this node's remote subscriptions go. Thread-safe:
// the bus's delivery thread reads it while proxies add and remove.
class remote_subscriptions {
 public:
  void add(const std::string& sub, caf::actor subscriber, caf::actor proxy);
  void remove(const std::string& sub);
  // Hands one delivery (cluster_protocol.hpp) to its subscriber; an `ended` one stops the proxy.
  // Deliveries for subscriptions this node no longer has are dropped.
  void deliver(const std::string& message);

 private:
  struct target {
    caf::actor subscriber;
    caf::actor proxy;
  };
  std::mutex mu_;
  std::unordered_map<std::string, target> targets_;
};

caf::actor spawn_remote_match(caf::actor_system& system, std::string match_id,
                              std::string owner_node, cluster_context* cluster,
                              std::chrono::milliseconds idle);

}  // namespace wordhall
