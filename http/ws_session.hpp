// One WebSocket connection at /ws (internal to http/); the application sees it as ws_connection.
//
// Everything runs on the connection's strand: send() and close() post there from any thread.
// Writes: a queue of shared immutable buffers with one write in flight; growing beyond
// max_ws_queue drops the peer (close 1008 "slow consumer", forced after a grace period). Reads:
// messages are accumulated with our own size accounting rather than Beast's read_message_max, so
// a message above max_ws_message_bytes can be refused with 1009 *and* a reason naming the limit.
// Idle: nothing received for ws_idle_timeout closes the connection; a ping at half that time asks
// a live peer for the pong that keeps it open.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "http/server_state.hpp"
#include "http/ws_connection.hpp"

namespace wordhall::http::detail {

class ws_session : public ws_connection, public std::enable_shared_from_this<ws_session> {
 public:
  using upgrade_request = boost::beast::http::request<boost::beast::http::string_body>;

  ws_session(std::shared_ptr<server_state> state, boost::asio::ip::tcp::socket socket,
             request upgrade, std::shared_ptr<peer_slot> slot);
  void run(upgrade_request req);

  void send(std::shared_ptr<const std::string> text) override;
  void close(uint16_t code, std::string reason) override;
  uint64_t id() const override { return id_; }
  // Thread-safe: a close was asked for and the connection is not yet gone.
  bool closing() const { return closing_; }

  // Closes the socket and calls on_close now; only from server::stop(), io threads joined.
  void terminate();

 private:
  enum class phase { handshake, open, closing, finished };

  void on_run(upgrade_request req);
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void on_send(std::shared_ptr<const std::string> text);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  // Flushes the queue, then closes with `reason`; the first request wins. After `grace` the
  // socket is closed whatever state the closing handshake is in.
  void request_close(boost::beast::websocket::close_reason reason,
                     std::chrono::steady_clock::duration grace = std::chrono::seconds(10));
  void do_close();
  void on_close_done(boost::beast::error_code ec);
  void drop_slow_consumer();
  void discard_queued();
  void finish();

  std::shared_ptr<server_state> state_;  // first: the io_context outlives the socket
  std::shared_ptr<peer_slot> slot_;       // released when the connection finishes
  const uint64_t id_;
  const boost::beast::tcp_stream::executor_type executor_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::asio::steady_timer drop_timer_;
  boost::beast::flat_buffer buffer_;
  upgrade_request req_;  // kept until the handshake completes
  request upgrade_;
  std::shared_ptr<ws_handler> handler_;  // reset after on_close, breaking any cycle through it
  std::deque<std::shared_ptr<const std::string>> queue_;  // front is in flight while writing_
  std::optional<boost::beast::websocket::close_reason> close_reason_;
  phase phase_ = phase::handshake;
  bool writing_ = false;
  std::atomic<bool> closing_{false};
};

}  // namespace wordhall::http::detail
