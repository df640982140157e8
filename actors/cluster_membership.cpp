#include "actors/cluster_membership.hpp"

#include <vector>

#include "actors/log.hpp"

namespace wordhall {

cluster_membership::cluster_membership(storage::match_owners& owners, std::string own_holder,
                                       std::chrono::milliseconds period)
    : owners_(owners), own_holder_(std::move(own_holder)), period_(period) {}

cluster_membership::~cluster_membership() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (watcher_.joinable()) watcher_.join();
}

void cluster_membership::start(std::function<void(const std::string&)> gone) {
  gone_ = std::move(gone);
  list_once();
  watcher_ = std::thread([this] { watch(); });
}

bool cluster_membership::alive(const std::string& holder) const {
  if (holder == own_holder_) return true;
  std::string node, incarnation;
  if (!storage::split_owner_holder(holder, &node, &incarnation)) return false;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = alive_.find(node);
  return it != alive_.end() && it->second == incarnation;
}

size_t cluster_membership::alive_count() const {
  std::lock_guard<std::mutex> lock(mu_);
  return alive_.size();
}

void cluster_membership::list_once() {
  std::map<std::string, std::string> now;
  auto st = owners_.live_nodes(&now);
  if (!st.ok()) return;  // unreachable: keep what we knew
  std::vector<std::string> gone;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [node, incarnation] : alive_) {
      auto it = now.find(node);
      if (it == now.end() || it->second != incarnation)
        gone.push_back(storage::owner_holder(node, incarnation));
    }
    for (const auto& [node, incarnation] : now) {
      auto it = alive_.find(node);
      if (it == alive_.end() || it->second != incarnation)
        log_line("cluster_node_seen", "node=" + node + " incarnation=" + incarnation);
    }
    alive_ = std::move(now);
  }
  for (const auto& holder : gone) {
    log_line("cluster_node_gone", "holder=" + holder);
    if (gone_ && holder != own_holder_) gone_(holder);
  }
}

void cluster_membership::watch() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!wake_.wait_for(lock, period_, [this] { return stopping_; })) {
    lock.unlock();
    list_once();
    lock.lock();
  }
}

}  // namespace wordhall
