// The HTTP/WebSocket server: one port, HTTP/1.1 with keep-alive, WebSocket upgrades at /ws.
//
// A request goes to the router; when no route's pattern matches, GET and HEAD are served from
// www_root and anything else is 404. Limits: a body above max_body_bytes is 413
// payload_too_large, a malformed request 400 bad_request (then the connection closes), a path with
// a `..` segment, NUL or backslash (even percent-encoded) 400 bad_path. WebSocket text messages
// above max_ws_message_bytes close the connection with 1009; binary messages get an error frame
// {"type":"error","error":{"code":"binary_not_supported",...}} and the connection stays open.
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
  // Refuses new connections and new work, gives WebSockets already closing (close_websockets,
  // ws_connection::close) up to ws_close_grace to complete, then closes every connection and joins
  // the io threads; a request whose handler never answers does not delay it. Every ws_handler has
  // had on_close when it returns; a respond_fn called later does nothing. Idempotent.
  void stop();

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
