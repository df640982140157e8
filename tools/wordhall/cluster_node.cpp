#include "tools/wordhall/cluster_node.hpp"

#include <unistd.h>

#include <cstring>
#include <iostream>

#include "actors/log.hpp"
#include "actors/messages.hpp"
#include "actors/secrets.hpp"

namespace wordhall {
namespace {

std::string default_node_name(const settings& config) {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0 || host[0] == '\0') std::strcpy(host, "node");
  return std::string(host) + "-" + std::to_string(config.port);
}

}  // namespace

bool open_when_reachable(const settings& config, const sigset_t& signals, int* exit_status,
                         const std::function<storage::status()>& open) {
  auto last_said = std::chrono::steady_clock::now() - std::chrono::hours(1);
  for (;;) {
    auto st = open();
    if (st.ok()) return true;
    if (st.code() != storage::status_code::unavailable) {
      std::cerr << "wordhall: cannot join the cluster at " << config.cluster << ": "
                << st.message() << "\n";
      *exit_status = 1;
      return false;
    }
    if (std::chrono::steady_clock::now() - last_said >= std::chrono::seconds(10)) {
      log_line("cluster_unreachable", "cluster=" + config.cluster + " reason=" + st.message());
      last_said = std::chrono::steady_clock::now();
    }
    timespec second{1, 0};
    if (sigtimedwait(&signals, nullptr, &second) > 0) {
      *exit_status = 0;
      return false;
    }
  }
}

std::unique_ptr<cluster_node> cluster_node::join(const settings& config, const sigset_t& signals,
                                                 int* exit_status) {
  std::unique_ptr<cluster_node> node(new cluster_node());
  cluster_context& context = node->context_;
  context.node = config.node.empty() ? default_node_name(config) : config.node;
  const std::string incarnation = random_hex(8);
  context.holder = storage::owner_holder(context.node, incarnation);

  const auto ttl = std::chrono::seconds(config.cluster_lease_secs);
  storage::jetstream_lease::options lease_options;
  lease_options.url = config.cluster;
  lease_options.bucket = "wh-nodes";
  lease_options.name = context.node;
  lease_options.holder = incarnation;
  lease_options.ttl = ttl;
  lease_options.replicas = static_cast<int>(config.cluster_replicas);
  std::unique_ptr<storage::jetstream_lease> lease;
  if (!open_when_reachable(config, signals, exit_status,
                      [&] { return storage::jetstream_lease::open(lease_options, &lease); }))
    return nullptr;
  if (lease->ttl() != std::chrono::milliseconds(ttl)) {
    log_line("cluster_lease_secs", "setting=" + std::to_string(config.cluster_lease_secs) +
                                       " bucket_ms=" + std::to_string(lease->ttl().count()) +
                                       " (the bucket's, set when the cluster first ran, holds)");
  }
  storage::match_owners::options owner_options;
  owner_options.url = config.cluster;
  owner_options.replicas = static_cast<int>(config.cluster_replicas);
  if (!open_when_reachable(config, signals, exit_status,
                      [&] { return storage::match_owners::open(owner_options, &node->owners_); }) ||
      !open_when_reachable(config, signals, exit_status,
                      [&] { return cluster_bus::open(config.cluster, &node->bus_); }))
    return nullptr;

  cluster_node* self = node.get();
  node->lease_ = std::make_unique<node_lease>(
      std::move(lease),
      [](const std::string& why) {
        log_line("cluster_lease_lost", "reason=" + why);
        // Another process of this name serves now, or this node was cut off for a whole lease:
        // stop at once. Acknowledged events are durable in JetStream; the fence refuses
        // anything this node still tries to write.
        std::quick_exit(3);
      },
      [self] {
        std::lock_guard<std::mutex> lock(self->mu_);
        if (self->directory_) caf::anon_send(self->directory_, release_all_atom::value);
      });
  log_line("cluster_node", "name=" + context.node + " incarnation=" + incarnation +
                               " cluster=" + config.cluster);
  timespec second{1, 0};
  if (!node->lease_->wait_to_join([&] { return sigtimedwait(&signals, nullptr, &second) > 0; })) {
    log_line("stopped", "while waiting to join");
    *exit_status = 0;
    return nullptr;
  }
  context.write_epoch = [lease = node->lease_.get()] { return lease->current_epoch(); };
  context.owners = node->owners_.get();
  context.bus = node->bus_.get();
  context.subscriptions = &node->subscriptions_;
  // A node is noticed gone within a second of its lease lapsing.
  node->membership_ = std::make_unique<cluster_membership>(*node->owners_, context.holder,
                                                           std::chrono::seconds(1));
  context.membership = node->membership_.get();
  return node;
}

cluster_node::~cluster_node() {
  membership_.reset();  // no more departures reported
  bus_.reset();         // no more requests from other nodes
}

bool cluster_node::start(caf::actor_system& system, caf::actor directory, metrics& counters) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    directory_ = directory;
  }
  context_.counters = &counters;
  counters.cluster_nodes = [this] { return membership_->alive_count(); };
  endpoint_ = std::make_unique<cluster_endpoint>(system, context_, directory, counters);
  auto st = endpoint_->start();
  if (!st.ok()) {
    std::cerr << "wordhall: cannot hear the cluster's requests: " << st.message() << "\n";
    return false;
  }
  membership_->start([this, directory](const std::string& holder) {
    endpoint_->node_gone(holder);
    caf::anon_send(directory, node_gone_atom::value, holder);
  });
  return true;
}

void cluster_node::leave() { lease_.reset(); }

}  // namespace wordhall
