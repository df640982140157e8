// The two sides of a WebSocket connection at /ws: the server's `ws_connection`, which the
// application writes to, and the application's `ws_handler`, which the server reads into.
//
// Lifecycle: after the handshake the server calls the ws_accept_fn once; the handler it returns
// gets every text message in order, one call at a time, then on_close exactly once when the
// connection is gone for any reason (peer closed, error, timeout, slow consumer, server stop).
// Calls into the handler happen on the connection's strand, so they must not block. Returning a
// null handler refuses the connection (closed with 1008 "connection refused").
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "http/request.hpp"

namespace wordhall::http {

class ws_connection {
 public:
  virtual ~ws_connection() = default;
  // Thread-safe. Messages go out in the order sent, one write in flight and the rest queued; the
  // buffer is shared, never copied, so one broadcast costs one string. When the queue would grow
  // beyond max_ws_queue the peer is too slow: the queue is discarded and the connection closed
  // with 1008 "slow consumer" (forcibly, if the close cannot complete within a second).
  virtual void send(std::shared_ptr<const std::string> text) = 0;
  // Thread-safe. Sends what is already queued, then a close frame; later sends are dropped and
  // messages still arriving are not delivered. A reason is cut to the 123 bytes a frame can hold.
  virtual void close(uint16_t code, std::string reason) = 0;
  // Unique among the connections of one server, never reused.
  virtual uint64_t id() const = 0;
};

class ws_handler {
 public:
  virtual ~ws_handler() = default;
  virtual void on_message(std::string text) = 0;  // text messages only
  virtual void on_close() = 0;
};

// Called once per accepted connection with the upgrade request (path "/ws", its query, the
// Authorization header...). The connection may be kept and used from any thread.
using ws_accept_fn =
    std::function<std::shared_ptr<ws_handler>(std::shared_ptr<ws_connection>, const request& upgrade)>;

}  // namespace wordhall::http
