#include "http/server.hpp"

#include <algorithm>
#include <exception>
#include <iostream>

#include "http/http_session.hpp"
#include "http/listener.hpp"
#include "http/server_state.hpp"
#include "http/ws_session.hpp"

namespace wordhall::http {

server::server(server_options options, const router& routes, ws_accept_fn on_ws)
    : state_(std::make_shared<detail::server_state>(std::move(options), routes, std::move(on_ws))) {}

server::~server() { stop(); }

void server::start() {
  std::lock_guard lock{lifecycle_mutex_};
  if (started_ || stopped_) throw std::runtime_error("http server: start() called twice");
  listener_ = std::make_shared<detail::listener>(state_);
  port_ = listener_->open(state_->options.host, state_->options.port);
  started_ = true;
  listener_->run();
  const int count = state_->options.threads > 0 ? state_->options.threads : 1;
  for (int i = 0; i < count; ++i) {
    threads_.emplace_back([state = state_] {
      // A session waiting for a respond_fn has no I/O pending; the guard keeps run() from returning.
      auto work = boost::asio::make_work_guard(state->ioc);
      for (;;) {
        try {
          state->ioc.run();
          return;
        } catch (const std::exception& e) {
          std::cerr << "http server: an io handler threw: " << e.what() << '\n';
        }
      }
    });
  }
}

uint16_t server::port() const { return port_; }

void server::stop_accepting() {
  std::lock_guard lock{lifecycle_mutex_};
  if (listener_) listener_->close();
}

void server::close_websockets(uint16_t code, std::string reason) {
  for (const auto& ws : state_->ws_sessions()) ws->close(code, reason);
}

void server::stop() {
  std::lock_guard lock{lifecycle_mutex_};
  if (stopped_) return;
  stopped_ = true;
  state_->mark_stopping();
  if (listener_) listener_->close();
  for (const auto& session : state_->http_sessions()) session->refuse_unanswered();

  // A drain's last words ("restarting", then the close frame) were queued just before, and every
  // request in flight has its 503 coming: let them go out while the io threads still run.
  const auto deadline = std::chrono::steady_clock::now() + state_->options.ws_close_grace;
  while (started_ && std::chrono::steady_clock::now() < deadline) {
    const auto open = state_->ws_sessions();
    const auto http = state_->http_sessions();
    if (std::none_of(open.begin(), open.end(), [](const auto& ws) { return ws->closing(); }) &&
        std::none_of(http.begin(), http.end(), [](const auto& s) { return s->in_flight(); }))
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }

  state_->mark_stopped();  // from here on, nothing new reaches the io_context
  state_->ioc.stop();
  for (auto& thread : threads_) thread.join();
  threads_.clear();

  // No io thread runs now, so the sessions can be closed from here.
  for (const auto& session : state_->http_sessions()) session->terminate();
  for (const auto& ws : state_->ws_sessions()) ws->terminate();
  // Run the aborted operations' handlers so the sessions they hold are released.
  state_->ioc.restart();
  state_->ioc.poll();
  listener_.reset();
}

uint64_t server::request_count() const { return state_->request_count(); }
uint64_t server::refused_connection_count() const { return state_->refused_connections(); }
uint64_t server::busy_connection_count() const { return state_->busy_connections(); }
uint64_t server::idle_websocket_count() const { return state_->idle_websockets(); }
std::size_t server::websocket_count() const { return state_->websocket_count(); }
std::size_t server::connection_count() const { return state_->connection_count(); }

}  // namespace wordhall::http
