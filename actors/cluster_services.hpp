// cluster_services: the models matches consult (the Wortkunst judge, the Codenames spymaster),
// given for the whole cluster by its worker nodes over NATS.
//
// A worker node (`--role worker`) answers the requests of `wh.svc.<service>` in the queue group
// "wh-workers" (serve_effects): NATS hands each request to one worker, which runs it on its own
// runner (its judge and its LLM pool, its spymaster) and replies with the outcome. A web node
// (`--role web`) loads neither model: remote_effects sends each such effect there. So one node
// with a GPU gives every clue, and the judge's LLM concurrency limit holds for the whole cluster
// when one worker rates. The other effects (vector cards' searches) run on every node.
//
// remote_effects::run calls `done` once: with the worker's outcome; or, when no worker listens
// (`no_worker`) or none answered within the timeout (`worker_silent`), a failure the match
// shows and lets the player retry.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "actors/cluster_bus.hpp"
#include "actors/platform.hpp"

namespace wordhall {

std::string service_subject(std::string_view service);  // "wh.svc.<service>"

class remote_effects : public effect_runner {
 public:
  remote_effects(cluster_bus& bus, std::chrono::milliseconds timeout)
      : bus_(bus), timeout_(timeout) {}
  void run(const std::string& service, const std::string& payload, effect_done done) override;

 private:
  cluster_bus& bus_;
  const std::chrono::milliseconds timeout_;
};

// Answers the cluster's requests for `services` with `local` (which must outlive the bus).
storage::status serve_effects(cluster_bus& bus, effect_runner& local,
                              const std::vector<std::string>& services);

}  // namespace wordhall
