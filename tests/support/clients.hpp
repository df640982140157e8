// Blocking HTTP and WebSocket clients (Beast) for end-to-end tests.
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

namespace wordhall::testing {

namespace beast = boost::beast;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

struct http_result {
  int status = 0;
  std::string body;
  std::string content_type;
};

inline http_result http_call(unsigned short port, const std::string& method,
                             const std::string& target, const std::string& body = "",
                             const std::string& bearer = "") {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::http::request<beast::http::string_body> req{beast::http::string_to_verb(method), target,
                                                     11};
  req.set(beast::http::field::host, "127.0.0.1");
  if (!bearer.empty()) req.set(beast::http::field::authorization, "Bearer " + bearer);
  if (!body.empty()) {
    req.set(beast::http::field::content_type, "application/json");
    req.body() = body;
  }
  req.prepare_payload();
  stream.expires_after(std::chrono::seconds(30));
  beast::http::write(stream, req);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> res;
  beast::http::read(stream, buffer, res);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return {static_cast<int>(res.result_int()), res.body(),
          std::string(res[beast::http::field::content_type])};
}

class ws_client {
 public:
  explicit ws_client(unsigned short port, const std::string& path = "/ws") : ws_(io_) {
    auto& layer = beast::get_lowest_layer(ws_);
    layer.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    layer.expires_never();
    ws_.set_option(beast::websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_.handshake("127.0.0.1", path);
  }

  void send(const std::string& text) {
    ws_.text(true);
    ws_.write(asio::buffer(text));
  }

  void send_binary(const std::string& data) {
    ws_.binary(true);
    ws_.write(asio::buffer(data));
  }

  // The next message, or throws beast::system_error when the connection closes or fails.
  std::string receive() {
    beast::flat_buffer buffer;
    ws_.read(buffer);
    return beast::buffers_to_string(buffer.data());
  }

  // The next message whose text contains `needle`, skipping others.
  std::string receive_containing(const std::string& needle) {
    for (;;) {
      std::string m = receive();
      if (m.find(needle) != std::string::npos) return m;
    }
  }

  beast::websocket::close_reason close_reason() const { return ws_.reason(); }

  void close() {
    beast::error_code ec;
    ws_.close(beast::websocket::close_code::normal, ec);
  }

 private:
  asio::io_context io_;
  beast::websocket::stream<beast::tcp_stream> ws_;
};

// The value of the counter or gauge `name` on the server's /metrics page; -1 when it is absent.
inline int64_t metric(unsigned short port, const std::string& name) {
  auto text = http_call(port, "GET", "/metrics").body;
  auto at = text.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stoll(text.substr(at + name.size() + 2));
}

// The word vectors, the spymaster and the judge load after the server listens; /readyz says
// when everything has loaded (60 s at most, for a busy machine).
inline void wait_until_ready(unsigned short port) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (http_call(port, "GET", "/readyz").status != 200) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace wordhall::testing
