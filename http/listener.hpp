// Accepts TCP connections and starts an http_session for each (internal to http/).
//
// Each connection gets its own strand. close() may come from any thread: a mutex serializes it
// with the accept loop's use of the acceptor. Accept errors such as running out of descriptors
// back off briefly instead of spinning.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "http/server_state.hpp"

namespace wordhall::http::detail {

class listener : public std::enable_shared_from_this<listener> {
 public:
  explicit listener(std::shared_ptr<server_state> state);
  // Binds and listens; returns the bound port. Throws std::runtime_error naming the address.
  uint16_t open(const std::string& host, uint16_t port);
  void run();
  void close();

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

  std::shared_ptr<server_state> state_;  // first: the io_context outlives the acceptor
  std::mutex mutex_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer backoff_;
  bool closed_ = false;
};

}  // namespace wordhall::http::detail
