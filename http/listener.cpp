#include "http/listener.hpp"

#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <chrono>
#include <stdexcept>

#include "http/client_address.hpp"
#include "http/http_session.hpp"

namespace wordhall::http::detail {

namespace beast = boost::beast;
using tcp = boost::asio::ip::tcp;

listener::listener(std::shared_ptr<server_state> state)
    : state_(std::move(state)),
      acceptor_(boost::asio::make_strand(state_->ioc)),
      backoff_(acceptor_.get_executor()) {}

uint16_t listener::open(const std::string& host, uint16_t port) {
  const std::string where = host + ":" + std::to_string(port);
  beast::error_code ec;
  tcp::resolver resolver{state_->ioc};
  auto endpoints = resolver.resolve(host, std::to_string(port),
                                    tcp::resolver::numeric_service | tcp::resolver::passive, ec);
  if (ec || endpoints.empty()) {
    throw std::runtime_error("http server: cannot resolve " + where + ": " + ec.message());
  }
  tcp::endpoint endpoint = endpoints.begin()->endpoint();

  std::lock_guard lock{mutex_};
  auto fail = [&](const char* step) {
    beast::error_code ignored;
    acceptor_.close(ignored);
    return std::runtime_error("http server: cannot listen on " + where + " (" + step + "): " + ec.message());
  };
  acceptor_.open(endpoint.protocol(), ec);
  if (ec) throw fail("open");
  acceptor_.set_option(boost::asio::socket_base::reuse_address(true), ec);
  if (ec) throw fail("set_option");
  acceptor_.bind(endpoint, ec);
  if (ec) throw fail("bind");
  acceptor_.listen(boost::asio::socket_base::max_listen_connections, ec);
  if (ec) throw fail("listen");
  return acceptor_.local_endpoint().port();
}

void listener::run() { do_accept(); }

void listener::close() {
  std::lock_guard lock{mutex_};
  closed_ = true;
  beast::error_code ignored;
  acceptor_.close(ignored);
  backoff_.cancel();
}

void listener::do_accept() {
  std::lock_guard lock{mutex_};
  if (closed_) return;
  acceptor_.async_accept(boost::asio::make_strand(state_->ioc),
                         beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == boost::asio::error::operation_aborted || state_->stopped()) return;
  if (ec) {
    // Out of descriptors or memory: retrying at once would spin.
    std::lock_guard lock{mutex_};
    if (closed_) return;
    backoff_.expires_after(std::chrono::milliseconds(50));
    backoff_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
      if (wait_ec) return;
      self->do_accept();
    });
    return;
  }
  // Game frames are small and latency-bound: without this, a frame queued behind an
  // unacknowledged one waits for the client's delayed ACK (about 40 ms).
  beast::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  auto peer = address_text(socket.remote_endpoint(ignored).address());
  // A trusted proxy's connection counts against the client its requests name, once they do.
  auto admitted = state_->admit(is_trusted_proxy(peer, state_->options.trusted_proxies) ? "" : peer);
  if (admitted.slot) {
    // A refused connection's session answers its request 429 or 503, then closes.
    std::make_shared<http_session>(state_, std::move(socket), std::move(admitted))->run();
  } else {
    socket.close(ignored);  // refused, and already answering as many refusals as it may
  }
  do_accept();
}

}  // namespace wordhall::http::detail
