// One HTTP/1.1 connection (internal to http/).
//
// Loop: read a request, hand it to the router or static files, wait for the one answer (which may
// come from any thread), write it, and read the next while keep-alive holds. A client that sends
// `Expect: 100-continue` gets `100 Continue` once its header passed the limits. An upgrade request
// for /ws leaves this session and becomes a ws_session. A request the parser rejects is answered
// (400, 413, 431) and the connection closed after draining what the client still sends, so the
// client reads the answer instead of a reset. Once the server is stopping, every request gets an
// answer, 503 server_restarting unless its handler answered first, and the connection then closes.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "http/request.hpp"
#include "http/server_state.hpp"

namespace wordhall::http::detail {

class http_session : public std::enable_shared_from_this<http_session> {
 public:
  // A refused admission answers the first request, 429 too_many_connections (the peer's limit)
  // or 503 server_busy (the server's), then closes the connection.
  http_session(std::shared_ptr<server_state> state, boost::asio::ip::tcp::socket socket,
               admission admitted);
  void run();
  // Thread-safe: queues the answer to the request being handled.
  void deliver(response res);
  // Closes the socket now; only from server::stop(), once the io threads are joined.
  void terminate();
  // Thread-safe, for server::stop(): a request waiting for its handler gets 503 server_restarting.
  void refuse_unanswered();
  // A request has been received (its header at least) and its answer has not been written yet.
  bool in_flight() const { return in_flight_; }

 private:
  using beast_request = boost::beast::http::request<boost::beast::http::string_body>;
  using beast_response = boost::beast::http::response<boost::beast::http::string_body>;

  void do_read();
  void on_header(boost::beast::error_code ec, std::size_t bytes);
  void on_continue(boost::beast::error_code ec, std::size_t bytes);
  void do_read_body();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle(beast_request&& req);
  void upgrade(beast_request&& req, request&& upgrade_request);
  void on_response(response res);
  // `drain`: the request was not fully read, so drain the rest before closing.
  void do_write(response res, bool keep_alive, bool drain = false);
  void on_write(bool keep_alive, bool drain, boost::beast::error_code ec, std::size_t bytes);
  void do_drain();
  void on_drain(boost::beast::error_code ec, std::size_t bytes);
  void finish();

  std::shared_ptr<server_state> state_;  // first: the io_context outlives the socket
  std::shared_ptr<peer_slot> slot_;  // handed to the WebSocket on upgrade
  const refusal refused_;
  std::string remote_;
  std::string tcp_peer_;  // the address alone
  bool from_proxy_ = false;  // the TCP peer is a trusted proxy
  // Read from other threads by deliver(), so kept apart from the stream (which upgrade() empties).
  boost::beast::tcp_stream::executor_type executor_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::optional<beast_response> out_;
  std::optional<boost::beast::http::response<boost::beast::http::empty_body>> continue_;
  uint64_t id_;
  // About the request being answered.
  unsigned version_ = 11;
  bool keep_alive_ = false;
  bool head_ = false;
  bool awaiting_ = false;
  bool finished_ = false;
  std::atomic<bool> in_flight_{false};
};

}  // namespace wordhall::http::detail
