// The HTTP/WebSocket server: one port, HTTP/1.1 with keep-alive, WebSocket upgrades at /ws.
//
// A request goes to the router; when no route's pattern matches, GET and HEAD are served from
// www_root and anything else is 404. Limits: a body above max_body_bytes is 413
// payload_too_large, a malformed request 400 bad_request (then the connection closes), a path with
// a `..` segment, NUL or backslash (even percent-encoded) 400 bad_path. WebSocket text messages
// above max_ws_message_bytes close the connection with 1009; binary messages get an error frame
// {"type":"error","error":{"code":"binary_not_supported",...}} and the connection stays open.
// Every request names its client in `request::peer`: the TCP peer, or X-Forwarded-For's client
// when the peer is a trusted proxy.
// Before any route: a cross-site Origin on /ws or a state-changing request is 403
// origin_not_allowed, a state-changing body that is not application/json 415 (request_policy.hpp).
//
// Threads: `threads` io threads run every connection; each connection is serialized on its own
// strand. stop() must not be called from a handler (it joins the io threads).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "http/router.hpp"
#include "http/ws_connection.hpp"

namespace wordhall::http {

struct server_options {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port, see server::port()
  std::string www_root;  // static files; empty serves none
  std::size_t max_body_bytes = 1 << 20;
  std::size_t max_ws_message_bytes = 64 * 1024;
  std::size_t max_ws_queue = 256;
  int threads = 2;
  // How long stop() lets WebSockets that are already closing finish their closing handshake.
  std::chrono::milliseconds ws_close_grace{2000};
  // Connections one peer address may hold at once (0: no limit); one more is answered 429
  // too_many_connections and closed. Connections already open are never closed for it.
  std::size_t max_connections_per_peer = 0;
  // Open connections in all (0: no limit). One more is answered 503 server_busy and closed at
  // once, instead of waiting in the backlog for a descriptor; checked after the peer's own limit,
  // so a peer holding max_connections_per_peer is told 429 first. Refused connections waiting for
  // their request to be read are few (refused_backlog); beyond them a connection is closed
  // unanswered.
  std::size_t max_connections = 0;
  // Reverse proxies whose X-Forwarded-For names the client every limit counts (client_address.hpp):
  // a connection from one counts against the forwarded address, request by request.
  std::vector<std::string> trusted_proxies;
  // A WebSocket that receives nothing for this long is closed; a ping goes out at half of it, and
  // a live browser's automatic pong keeps the connection open.
  std::chrono::seconds ws_idle_timeout{300};
  // Origins besides the server's own whose pages may open /ws and send state-changing requests
  // (see request_policy.hpp), e.g. "https://play.example".
  std::vector<std::string> allowed_origins;
};

namespace detail {
class server_state;
class listener;
}  // namespace detail

class server {
 public:
  // `routes` must outlive the server; `on_ws` may be empty (then /ws is 404 like any other path).
  server(server_options options, const router& routes, ws_accept_fn on_ws);
  ~server();  // stop()
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  // Binds, listens and starts the io threads. Throws std::runtime_error naming the address when
  // it cannot be bound, or when called twice.
  void start();
  uint16_t port() const;  // the bound port, once started

  // Closes the listening socket: new connections are refused, existing ones go on.
  void stop_accepting();
  // Every open WebSocket sends what it has queued, then a close frame. Returns at once; stop()
  // waits for these closes to finish (up to ws_close_grace).
  void close_websockets(uint16_t code, std::string reason);
  // Refuses new connections and new work, answers every request not yet answered (and any that
  // arrives meanwhile) with 503 server_restarting, gives those answers and the WebSockets already
  // closing (close_websockets, ws_connection::close) up to ws_close_grace to go out, then closes
  // every connection and joins the io threads; a request whose handler never answers does not
  // delay it. Every ws_handler has had on_close when it returns; a respond_fn called later does
  // nothing. Idempotent.
  void stop();

  uint64_t request_count() const;  // HTTP requests read, answered by a route or refused
  uint64_t refused_connection_count() const;  // over max_connections_per_peer
  uint64_t busy_connection_count() const;  // over max_connections
  uint64_t idle_websocket_count() const;  // WebSockets closed after ws_idle_timeout
  std::size_t websocket_count() const;
  std::size_t connection_count() const;  // open TCP connections, HTTP and WebSocket

 private:
  std::shared_ptr<detail::server_state> state_;
  std::shared_ptr<detail::listener> listener_;
  std::vector<std::thread> threads_;
  uint16_t port_ = 0;
  std::mutex lifecycle_mutex_;
  bool started_ = false;
  bool stopped_ = false;
};

}  // namespace wordhall::http
