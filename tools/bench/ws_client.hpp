// ws_client: one WebSocket connection of a load generator, the client side of Beast's chat-multi
// example: connect and handshake, a read loop, one write in flight with the rest queued, all on
// the connection's own strand. A subclass gets the frames and the failures and decides what to send.
//
// Threads: the protected members and the callbacks run on the strand only; from anywhere else go
// through post(). Lifetime: every pending handler holds a shared_ptr to the client, so a client
// lives while it has I/O outstanding. Used by tools/bench/loadgen.cpp and wortkunst_loadgen.cpp.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace wordhall::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

class ws_client : public std::enable_shared_from_this<ws_client> {
 private:
  using stream = websocket::stream<beast::tcp_stream>;

  // A completion handler for the current connection: it keeps the client and that connection's
  // stream alive, and does nothing once connect() has started a newer connection.
  template <class... Args>
  auto handler(void (ws_client::*member)(Args...)) {
    return [self = shared_from_this(), ws = ws_, generation = generation_, member](Args... args) {
      if (generation == self->generation_) ((*self).*member)(args...);
    };
  }

 public:
  explicit ws_client(asio::io_context& ioc)
      : strand_(asio::make_strand(ioc)), ws_(std::make_shared<stream>(strand_)) {}
  virtual ~ws_client() = default;
  ws_client(const ws_client&) = delete;
  ws_client& operator=(const ws_client&) = delete;

  // Runs `f` on the strand.
  template <class F>
  void post(F f) {
    asio::post(strand_, [self = shared_from_this(), f = std::move(f)]() mutable { f(); });
  }
  auto executor() { return strand_; }

  // Connects (giving up after 30 s) and upgrades at `path`, sending `host` ("name:port") as the
  // Host header; then on_open(), or on_failed("connect" | "handshake", ec, false). Any thread.
  // Called again after the connection was lost, it starts over on a new connection (to the same
  // or another endpoint); what the old one still completes is ignored.
  void connect(tcp::endpoint endpoint, std::string host, std::string path) {
    post([this, endpoint, host = std::move(host), path = std::move(path)]() mutable {
      if (used_) {
        // A Beast stream that failed cannot be used again; its pending handlers keep it alive.
        ws_ = std::make_shared<stream>(strand_);
        ++generation_;
        open_ = writing_ = closing_ = false;
        queue_.clear();
        buffer_.clear();
      }
      used_ = true;
      host_ = std::move(host);
      path_ = std::move(path);
      auto& layer = beast::get_lowest_layer(*ws_);
      layer.expires_after(std::chrono::seconds(30));
      layer.async_connect(endpoint, handler(&ws_client::on_connect));
    });
  }

 protected:
  // A text frame as received; `received` is taken before the subclass parses it, so latencies
  // are the server's and the wire's.
  virtual void on_frame(std::string_view text, std::chrono::steady_clock::time_point received) = 0;
  virtual void on_open() = 0;
  // `step`: "connect" or "handshake" (never opened), "read" or "write" (lost). `was_open` is false
  // when the connection had already failed or never opened: a read failing after a write did.
  virtual void on_failed(const char* step, beast::error_code ec, bool was_open) = 0;

  bool is_open() const { return open_; }
  bool is_closing() const { return closing_; }

  // Queues a text frame; dropped when the connection is not open or is closing.
  void send(std::string text) {
    if (!open_ || closing_) return;
    queue_.push_back(std::move(text));
    if (!writing_) do_write();
  }
  // Sends a close frame once the write in flight is done (frames still queued are dropped); the
  // read then fails, which reaches on_failed("read", ec, true).
  void close() {
    closing_ = true;
    if (open_ && !writing_) do_close();
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return on_failed("connect", ec, false);
    auto& layer = beast::get_lowest_layer(*ws_);
    layer.socket().set_option(tcp::no_delay(true), ec);  // as browsers do
    layer.expires_never();
    ws_->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_->async_handshake(host_, path_, handler(&ws_client::on_handshake));
  }
  void on_handshake(beast::error_code ec) {
    if (ec) return on_failed("handshake", ec, false);
    open_ = true;
    do_read();
    on_open();
  }

  void do_write() {
    writing_ = true;
    ws_->text(true);
    ws_->async_write(asio::buffer(queue_.front()), handler(&ws_client::on_write));
  }
  void on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    queue_.pop_front();
    if (ec) return lost("write", ec);
    if (closing_) return do_close();
    if (!queue_.empty()) do_write();
  }
  void do_close() {
    ws_->async_close(websocket::close_code::normal, [self = shared_from_this(), ws = ws_](beast::error_code) {});
  }

  void do_read() { ws_->async_read(buffer_, handler(&ws_client::on_read)); }
  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return lost("read", ec);
    auto now = std::chrono::steady_clock::now();
    auto data = buffer_.cdata();
    on_frame(std::string_view(static_cast<const char*>(data.data()), data.size()), now);
    buffer_.consume(buffer_.size());
    do_read();
  }
  void lost(const char* step, beast::error_code ec) {
    bool was_open = open_;
    open_ = false;
    on_failed(step, ec, was_open);
  }

  asio::strand<asio::io_context::executor_type> strand_;
  std::shared_ptr<stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::string host_, path_;
  uint64_t generation_ = 0;
  bool used_ = false, open_ = false, writing_ = false, closing_ = false;
};

// Splits "ws://HOST:PORT/PATH" (the path defaults to "/"); false when it is not of that form.
inline bool parse_ws_url(const std::string& url, std::string& host, unsigned short& port, std::string& path) {
  const std::string scheme = "ws://";
  if (url.compare(0, scheme.size(), scheme) != 0) return false;
  std::string rest = url.substr(scheme.size());
  auto slash = rest.find('/');
  path = slash == std::string::npos ? "/" : rest.substr(slash);
  std::string authority = rest.substr(0, slash);
  auto colon = authority.rfind(':');
  if (colon == std::string::npos) return false;
  host = authority.substr(0, colon);
  port = static_cast<unsigned short>(std::stoi(authority.substr(colon + 1)));
  return !host.empty();
}

}  // namespace wordhall::loadgen
