// What the server and its sessions share (internal to http/).
//
// Sessions hold the state by shared_ptr, so the io_context outlives every socket, even a session
// kept alive by a respond_fn or ws_connection the application drops after the server is gone.
// Other threads reach a session only through `post`, which drops work once the server has stopped:
// nothing is ever queued on an io_context that will not run again.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/string.hpp>
#include <cstdint>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "http/router.hpp"
#include "http/server.hpp"
#include "http/static_files.hpp"

namespace wordhall::http::detail {

namespace net = boost::asio;

class http_session;
class ws_session;
class server_state;

// One open connection counted in the server's total and against its peer address ("" for a
// trusted proxy's connection until a request names its client), from accept until the last
// session holding it (the HTTP one, then the WebSocket it became) is gone. A refused connection
// holds a slot too, counted apart while its refusal goes out.
class peer_slot {
 public:
  peer_slot(std::shared_ptr<server_state> state, std::string peer, bool refused)
      : state_(std::move(state)), peer_(std::move(peer)), refused_(refused) {}
  peer_slot(const peer_slot&) = delete;
  peer_slot& operator=(const peer_slot&) = delete;
  ~peer_slot();

 private:
  friend class server_state;
  std::shared_ptr<server_state> state_;
  std::string peer_;  // guarded by server_state's mutex
  const bool refused_;
};

enum class refusal { none, peer_full, server_full };

struct admission {
  std::shared_ptr<peer_slot> slot;  // null: refused, and no room even to say so
  refusal refused = refusal::none;
};

// Refused connections kept open at once to read their request and answer it; a small share of
// the descriptors max_connections leaves in reserve.
inline constexpr std::size_t refused_backlog = 32;

// Beast's string_view is std::string_view or boost::string_view depending on configuration.
inline std::string to_string(boost::beast::string_view s) { return std::string(s.data(), s.size()); }
inline std::string_view to_std(boost::beast::string_view s) { return {s.data(), s.size()}; }

class server_state : public std::enable_shared_from_this<server_state> {
 public:
  server_state(server_options options, const router& routes, ws_accept_fn on_ws)
      : options(std::move(options)),
        routes(routes),
        on_ws(std::move(on_ws)),
        files(this->options.www_root),
        ioc(this->options.threads > 0 ? this->options.threads : 1) {}

  const server_options options;
  const router& routes;
  const ws_accept_fn on_ws;
  const static_files files;
  net::io_context ioc;

  // False when the server has stopped and `fn` was dropped.
  template <class Executor, class Fn>
  bool post(const Executor& executor, Fn&& fn) {
    std::shared_lock lock{gate_};
    if (stopped_) return false;
    net::post(executor, std::forward<Fn>(fn));
    return true;
  }
  bool stopped() const { return stopped_; }
  // stop() has begun: requests still get an answer (503), connections are not kept alive.
  bool stopping() const { return stopping_; }
  void mark_stopping() { stopping_ = true; }
  void mark_stopped() {
    std::unique_lock lock{gate_};
    stopped_ = true;
  }

  uint64_t next_id() { return ++last_id_; }
  void count_request() { requests_.fetch_add(1, std::memory_order_relaxed); }
  uint64_t request_count() const { return requests_.load(std::memory_order_relaxed); }
  void count_idle_websocket() { idle_websockets_.fetch_add(1, std::memory_order_relaxed); }
  uint64_t idle_websockets() const { return idle_websockets_.load(std::memory_order_relaxed); }
  uint64_t refused_connections() const { return refused_.load(std::memory_order_relaxed); }
  uint64_t busy_connections() const { return busy_.load(std::memory_order_relaxed); }

  // One more connection from `peer` (an address without port; "" counts in the total only):
  // refused when the peer holds max_connections_per_peer already, else when the server holds
  // max_connections.
  admission admit(const std::string& peer) {
    std::lock_guard lock{mutex_};
    refusal why = refusal::none;
    if (!peer.empty() && options.max_connections_per_peer > 0) {
      auto it = per_peer_.find(peer);
      if (it != per_peer_.end() && it->second >= options.max_connections_per_peer)
        why = refusal::peer_full;
    }
    if (why == refusal::none && options.max_connections > 0 && open_ >= options.max_connections)
      why = refusal::server_full;
    if (why != refusal::none) {
      (why == refusal::peer_full ? refused_ : busy_).fetch_add(1, std::memory_order_relaxed);
      if (refused_open_ >= refused_backlog) return {nullptr, why};
      ++refused_open_;
      return {std::make_shared<peer_slot>(shared_from_this(), peer, true), why};
    }
    ++open_;
    if (!peer.empty()) ++per_peer_[peer];
    return {std::make_shared<peer_slot>(shared_from_this(), peer, false), refusal::none};
  }
  // Counts `slot` against `peer` from now on; false, and nothing changed, when `peer` holds
  // max_connections_per_peer already.
  bool reassign(peer_slot& slot, const std::string& peer) {
    std::lock_guard lock{mutex_};
    if (slot.refused_ || slot.peer_ == peer) return true;
    auto& open = per_peer_[peer];
    if (options.max_connections_per_peer > 0 && open >= options.max_connections_per_peer) {
      if (open == 0) per_peer_.erase(peer);
      refused_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
    ++open;
    forget_peer(slot.peer_);
    slot.peer_ = peer;
    return true;
  }
  void release(const peer_slot& slot) {
    std::lock_guard lock{mutex_};
    if (slot.refused_) {
      --refused_open_;
      return;
    }
    --open_;
    forget_peer(slot.peer_);
  }

  void add(uint64_t id, std::weak_ptr<http_session> s) {
    std::lock_guard lock{mutex_};
    http_sessions_.emplace(id, std::move(s));
  }
  void add(uint64_t id, std::weak_ptr<ws_session> s) {
    std::lock_guard lock{mutex_};
    ws_sessions_.emplace(id, std::move(s));
  }
  void remove_http(uint64_t id) {
    std::lock_guard lock{mutex_};
    http_sessions_.erase(id);
  }
  void remove_ws(uint64_t id) {
    std::lock_guard lock{mutex_};
    ws_sessions_.erase(id);
  }

  std::vector<std::shared_ptr<http_session>> http_sessions() const { return live(http_sessions_); }
  std::vector<std::shared_ptr<ws_session>> ws_sessions() const { return live(ws_sessions_); }
  std::size_t websocket_count() const {
    std::lock_guard lock{mutex_};
    return ws_sessions_.size();
  }
  std::size_t connection_count() const {
    std::lock_guard lock{mutex_};
    return ws_sessions_.size() + http_sessions_.size();
  }

 private:
  void forget_peer(const std::string& peer) {
    if (peer.empty()) return;
    auto it = per_peer_.find(peer);
    if (it != per_peer_.end() && --it->second == 0) per_peer_.erase(it);
  }

  template <class Session>
  std::vector<std::shared_ptr<Session>> live(
      const std::unordered_map<uint64_t, std::weak_ptr<Session>>& sessions) const {
    std::lock_guard lock{mutex_};
    std::vector<std::shared_ptr<Session>> out;
    for (const auto& [id, weak] : sessions) {
      if (auto s = weak.lock()) out.push_back(std::move(s));
    }
    return out;
  }

  std::shared_mutex gate_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> stopped_{false};
  std::atomic<uint64_t> last_id_{0};
  std::atomic<uint64_t> requests_{0};
  std::atomic<uint64_t> idle_websockets_{0};
  std::atomic<uint64_t> refused_{0};
  std::atomic<uint64_t> busy_{0};
  std::size_t open_ = 0;          // admitted connections, guarded by mutex_
  std::size_t refused_open_ = 0;  // refused ones still answering, guarded by mutex_
  mutable std::mutex mutex_;
  std::unordered_map<uint64_t, std::weak_ptr<http_session>> http_sessions_;
  std::unordered_map<uint64_t, std::weak_ptr<ws_session>> ws_sessions_;
  std::unordered_map<std::string, std::size_t> per_peer_;  // open connections by peer address
};

inline peer_slot::~peer_slot() { state_->release(*this); }

}  // namespace wordhall::http::detail
