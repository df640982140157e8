// cluster_membership: which nodes of the cluster are alive, as this node last saw them.
//
// A thread lists the nodes' entries (match_owners::live_nodes) every `period`. A node whose
// entry vanished, or came back with another incarnation (it restarted), has gone: `gone` runs on
// that thread with its old holder ("<node>/<incarnation>"), once. A listing that fails (NATS
// unreachable) changes nothing: nobody is declared gone for want of an answer.
//
// alive(holder) says whether that incarnation was alive at the last listing; this node's own
// holder is always alive. The first listing is made by start(), before it returns.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "storage/match_owners.hpp"

namespace wordhall {

class cluster_membership {
 public:
  cluster_membership(storage::match_owners& owners, std::string own_holder,
                     std::chrono::milliseconds period);
  ~cluster_membership();
  cluster_membership(const cluster_membership&) = delete;
  cluster_membership& operator=(const cluster_membership&) = delete;

  void start(std::function<void(const std::string& holder)> gone);
  bool alive(const std::string& holder) const;
  size_t alive_count() const;

 private:
  void list_once();
  void watch();

  storage::match_owners& owners_;
  const std::string own_holder_;
  const std::chrono::milliseconds period_;
  std::function<void(const std::string&)> gone_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::map<std::string, std::string> alive_;  // node -> incarnation; guarded by mu_
  bool stopping_ = false;                     // guarded by mu_
  std::thread watcher_;
};

}  // namespace wordhall
