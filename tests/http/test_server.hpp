// A real server for the http tests: 127.0.0.1, any free port, a temporary www_root with a secret
// file just outside it, a few routes (one answering from another thread) and an echo WebSocket
// handler. The clients are Beast's synchronous ones, each guarded by a watchdog that shuts its
// socket down after a few seconds, so a bug shows as a failed check rather than a hung test.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "events/json_writer.hpp"
#include "http/router.hpp"
#include "http/server.hpp"

namespace wordhall::http::test {

namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
namespace websocket = boost::beast::websocket;
namespace net = boost::asio;
namespace fs = std::filesystem;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;

inline std::string text(beast::string_view s) { return std::string(s.data(), s.size()); }

// A connection to the test server from `source` (any 127.x address reaches it on Linux).
inline net::ip::tcp::socket connect_from(net::io_context& ioc, uint16_t port,
                                         const std::string& source) {
  net::ip::tcp::socket socket{ioc};
  socket.open(net::ip::tcp::v4());
  socket.bind({net::ip::make_address(source), 0});
  socket.connect({net::ip::make_address("127.0.0.1"), port});
  return socket;
}

// Runs tasks on a thread of its own, in order; drains the queue before joining.
class worker {
 public:
  worker() : thread_([this] { loop(); }) {}
  ~worker() {
    {
      std::lock_guard lock{mutex_};
      done_ = true;
    }
    ready_.notify_all();
    thread_.join();
  }
  void post(std::function<void()> task) {
    {
      std::lock_guard lock{mutex_};
      tasks_.push_back(std::move(task));
    }
    ready_.notify_all();
  }

 private:
  void loop() {
    std::unique_lock lock{mutex_};
    for (;;) {
      ready_.wait(lock, [this] { return done_ || !tasks_.empty(); });
      if (tasks_.empty()) return;
      auto task = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      task();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  bool done_ = false;
  std::thread thread_;  // last: starts once the rest exists
};

// Shuts a socket down after `limit` unless destroyed first: unblocks a stuck synchronous read.
class watchdog {
 public:
  watchdog(int fd, std::chrono::milliseconds limit)
      : thread_([this, fd, limit] {
          std::unique_lock lock{mutex_};
          if (!done_cv_.wait_for(lock, limit, [this] { return done_; })) ::shutdown(fd, SHUT_RDWR);
        }) {}
  ~watchdog() {
    {
      std::lock_guard lock{mutex_};
      done_ = true;
    }
    done_cv_.notify_all();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_;
};

inline void write_file(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

class temp_dir {
 public:
  temp_dir() {
    std::random_device random;
    path_ = fs::temp_directory_path() / ("wordhall-http-test-" + std::to_string(random()));
    fs::create_directories(path_);
  }
  ~temp_dir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Echoes text messages; "flood <count> <bytes>" sends `count` messages sharing one buffer.
class echo_handler : public ws_handler {
 public:
  echo_handler(std::shared_ptr<ws_connection> connection, std::atomic<int>& closes)
      : connection_(std::move(connection)), closes_(closes) {}
  void on_message(std::string message) override {
    if (message.rfind("flood ", 0) == 0) {
      std::size_t count = 0, bytes = 0;
      std::sscanf(message.c_str(), "flood %zu %zu", &count, &bytes);
      auto payload = std::make_shared<const std::string>(bytes, 'x');
      for (std::size_t i = 0; i < count; ++i) connection_->send(payload);
      return;
    }
    connection_->send(std::make_shared<const std::string>(std::move(message)));
  }
  void on_close() override { ++closes_; }

 private:
  std::shared_ptr<ws_connection> connection_;  // a cycle the server breaks after on_close
  std::atomic<int>& closes_;
};

class test_server {
 public:
  static constexpr const char* secret = "top secret, outside www_root";

  explicit test_server(std::function<void(server_options&)> tweak = {}) {
    write_file(dir_.path() / "secret.txt", secret);
    write_file(dir_.path() / "outside" / "secret.txt", secret);
    const fs::path www = dir_.path() / "www";
    write_file(www / "index.html", "<!doctype html><title>home</title>");
    write_file(www / "admin.html", "<!doctype html><title>admin</title>");
    write_file(www / "app.js", "console.log('hi');");
    write_file(www / "style.css", "body{}");
    write_file(www / "data.json", "{\"a\":1}");
    write_file(www / "icon.svg", "<svg/>");
    write_file(www / "a" / "b.txt", "in a");
    fs::create_directory_symlink(dir_.path() / "outside", www / "link");

    add_routes();
    server_options options;
    options.port = 0;
    options.www_root = www.string();
    options.max_body_bytes = 4096;
    if (tweak) tweak(options);
    server_ = std::make_unique<server>(options, routes_, [this](auto connection, const request&) {
      {
        std::lock_guard lock{mutex_};
        connections_.push_back(connection);
      }
      ++ws_accepted;
      return std::make_shared<echo_handler>(std::move(connection), ws_closes);
    });
    server_->start();
  }

  server& srv() { return *server_; }
  uint16_t port() const { return server_->port(); }
  std::size_t parked_count() {
    std::lock_guard lock{mutex_};
    return parked_.size();
  }
  // What the application does to tell every open WebSocket something.
  void broadcast(const std::string& message) {
    auto shared = std::make_shared<const std::string>(message);
    std::lock_guard lock{mutex_};
    for (const auto& weak : connections_) {
      if (auto connection = weak.lock()) connection->send(shared);
    }
  }

  std::atomic<int> ws_accepted{0};  // the client may finish its handshake a moment earlier
  std::atomic<int> ws_closes{0};

 private:
  void add_routes() {
    routes_.add("GET", "/echo/{x}", [this](const request& req, const auto& params, respond_fn respond) {
      auto q = req.query.count("q") ? req.query.at("q") : std::string{};
      helper_.post([respond, x = params.at(0), q] {
        json_writer out;
        out.begin_object().field("x", x).field("q", q).end_object();
        respond(json_response(200, out.take()));
      });
    });
    routes_.add("GET", "/matches/{id}/events/{seq}", [](const request&, const auto& params, respond_fn respond) {
      respond(json_response(200, "[\"" + params.at(0) + "\",\"" + params.at(1) + "\"]"));
    });
    routes_.add("POST", "/items", [](const request& req, const auto&, respond_fn respond) {
      respond(json_response(201, "{\"bytes\":" + std::to_string(req.body.size()) + "}"));
    });
    routes_.add("GET", "/park", [this](const request&, const auto&, respond_fn respond) {
      std::lock_guard lock{mutex_};
      parked_.push_back(std::move(respond));
    });
    routes_.add("GET", "/peer", [](const request& req, const auto&, respond_fn respond) {
      json_writer out;
      out.begin_object().field("peer", req.peer).end_object();
      respond(json_response(200, out.take()));
    });
    routes_.add("GET", "/drop", [](const request&, const auto&, respond_fn) {});
    routes_.add("GET", "/throw", [](const request&, const auto&, respond_fn) -> void {
      throw std::runtime_error("boom");
    });
  }

  temp_dir dir_;
  router routes_;
  worker helper_;
  std::mutex mutex_;
  std::vector<respond_fn> parked_;  // requests that are never answered
  std::vector<std::weak_ptr<ws_connection>> connections_;
  std::unique_ptr<server> server_;  // last: stopped before what its handlers use
};

// One keep-alive HTTP connection.
class http_client {
 public:
  explicit http_client(uint16_t port, std::chrono::milliseconds limit = 5s)
      : socket_(connect(ioc_, port)), watchdog_(socket_.native_handle(), limit) {}

  bhttp::response<bhttp::string_body> request(bhttp::verb method, const std::string& target,
                                              std::string body = {},
                                              std::function<void(bhttp::request<bhttp::string_body>&)>
                                                  decorate = {}) {
    send(method, target, std::move(body), decorate);
    return receive(method == bhttp::verb::head);
  }
  void send(bhttp::verb method, const std::string& target, std::string body = {},
            std::function<void(bhttp::request<bhttp::string_body>&)> decorate = {}) {
    bhttp::request<bhttp::string_body> req{method, target, 11};
    req.set(bhttp::field::host, "127.0.0.1");
    req.body() = std::move(body);
    if (!req.body().empty()) req.set(bhttp::field::content_type, "application/json");
    req.prepare_payload();
    if (decorate) decorate(req);
    bhttp::write(socket_, req);
  }
  bhttp::response<bhttp::string_body> receive(bool head = false) {
    bhttp::response_parser<bhttp::string_body> parser;
    parser.skip(head);  // a HEAD answer announces a body it does not carry
    parser.body_limit(16 * 1024 * 1024);
    bhttp::read(socket_, buffer_, parser);
    return parser.release();
  }
  void write_raw(const std::string& bytes) { net::write(socket_, net::buffer(bytes)); }
  // Everything the server still sends, up to the end of the stream.
  std::string read_to_end() {
    std::string out{static_cast<const char*>(buffer_.data().data()), buffer_.size()};
    buffer_.clear();
    beast::error_code ec;
    char chunk[4096];
    for (;;) {
      std::size_t n = socket_.read_some(net::buffer(chunk), ec);
      out.append(chunk, n);
      if (ec) break;
    }
    return out;
  }
  tcp::socket& socket() { return socket_; }

  static tcp::socket connect(net::io_context& ioc, uint16_t port) {
    tcp::socket socket{ioc};
    socket.connect({net::ip::make_address("127.0.0.1"), port});
    return socket;
  }

 private:
  net::io_context ioc_;
  tcp::socket socket_;
  beast::flat_buffer buffer_;
  watchdog watchdog_;
};

class ws_client {
 public:
  explicit ws_client(uint16_t port, const std::string& target = "/ws",
                     std::chrono::milliseconds limit = 5s)
      : ws_(http_client::connect(ioc_, port)), watchdog_(ws_.next_layer().native_handle(), limit) {
    ws_.handshake("127.0.0.1", target);
  }
  void write(const std::string& message, bool binary = false) {
    ws_.binary(binary);
    ws_.write(net::buffer(message));
  }
  std::string read() {
    beast::flat_buffer buffer;
    ws_.read(buffer);
    return beast::buffers_to_string(buffer.data());
  }
  websocket::stream<tcp::socket>& stream() { return ws_; }

 private:
  net::io_context ioc_;
  websocket::stream<tcp::socket> ws_;
  watchdog watchdog_;
};

// Polls `condition` until it holds or `limit` passes.
template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds limit = 3s) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

}  // namespace wordhall::http::test
