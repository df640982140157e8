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

// One open connection counted against its peer address, from accept until the last session
// holding it (the HTTP one, then the WebSocket it became) is gone.
class peer_slot {
 public:
  peer_slot(std::shared_ptr<server_state> state, std::string peer)
      : state_(std::move(state)), peer_(std::move(peer)) {}
  peer_slot(const peer_slot&) = delete;
  peer_slot& operator=(const peer_slot&) = delete;
  ~peer_slot();

 private:
  std::shared_ptr<server_state> state_;
  std::string peer_;
};

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

  // A slot for one more connection from `peer` (an address without port), or null when the peer
  // holds max_connections_per_peer already.
  std::shared_ptr<peer_slot> admit(const std::string& peer) {
    if (options.max_connections_per_peer > 0) {
      std::lock_guard lock{mutex_};
      auto& open = per_peer_[peer];
      if (open >= options.max_connections_per_peer) {
        refused_.fetch_add(1, std::memory_order_relaxed);
        return nullptr;
      }
      ++open;
    }
    return std::make_shared<peer_slot>(shared_from_this(), peer);
  }
  void release(const std::string& peer) {
    if (options.max_connections_per_peer == 0) return;
    std::lock_guard lock{mutex_};
    auto it = per_peer_.find(peer);
    if (it != per_peer_.end() && --it->second == 0) per_peer_.erase(it);
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
  mutable std::mutex mutex_;
  std::unordered_map<uint64_t, std::weak_ptr<http_session>> http_sessions_;
  std::unordered_map<uint64_t, std::weak_ptr<ws_session>> ws_sessions_;
  std::unordered_map<std::string, std::size_t> per_peer_;  // open connections by peer address
};

inline peer_slot::~peer_slot() { state_->release(peer_); }

}  // namespace wordhall::http::detail
