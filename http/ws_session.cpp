#include "http/ws_session.hpp"

#include <algorithm>
#include <boost/asio/dispatch.hpp>
#include <chrono>
#include <exception>

namespace wordhall::http::detail {

namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr auto slow_consumer_grace = std::chrono::seconds(1);

std::shared_ptr<const std::string> binary_error_frame() {
  static const auto frame = std::make_shared<const std::string>(
      R"({"type":"error","error":{"code":"binary_not_supported",)"
      R"("message":"only text messages are accepted"}})");
  return frame;
}

// A close reason holds at most 123 bytes; cut at a UTF-8 boundary so the peer can decode it.
websocket::close_reason make_reason(uint16_t code, std::string_view text) {
  std::size_t size = std::min<std::size_t>(text.size(), websocket::reason_string::max_size_n);
  while (size < text.size() && size > 0 && (static_cast<unsigned char>(text[size]) & 0xC0) == 0x80) {
    --size;
  }
  websocket::close_reason reason{code};
  reason.reason.assign(text.data(), size);
  return reason;
}

}  // namespace

ws_session::ws_session(std::shared_ptr<server_state> state, tcp::socket socket, request upgrade,
                       std::shared_ptr<peer_slot> slot)
    : state_(std::move(state)),
      slot_(std::move(slot)),
      id_(state_->next_id()),
      executor_(socket.get_executor()),
      ws_(std::move(socket)),
      drop_timer_(executor_),
      upgrade_(std::move(upgrade)) {}

void ws_session::run(upgrade_request req) {
  state_->add(id_, weak_from_this());
  boost::asio::dispatch(executor_, [self = shared_from_this(), req = std::move(req)]() mutable {
    self->on_run(std::move(req));
  });
}

void ws_session::send(std::shared_ptr<const std::string> text) {
  if (!text) return;
  state_->post(executor_, [self = shared_from_this(), text = std::move(text)]() mutable {
    self->on_send(std::move(text));
  });
}

void ws_session::close(uint16_t code, std::string reason) {
  bool posted = state_->post(executor_, [self = shared_from_this(), code, reason = std::move(reason)] {
    self->request_close(make_reason(code, reason));
  });
  // Set here too, not only on the strand, so that a stop() right after waits for this close.
  if (posted) closing_ = true;
}

void ws_session::terminate() { finish(); }

void ws_session::on_run(upgrade_request req) {
  req_ = std::move(req);
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = state_->options.ws_idle_timeout;
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
    res.set(beast::http::field::server, "wordhall");
  }));
  ws_.read_message_max(0);  // the limit is enforced in on_read, see the header
  // Beast splits a message into frames of its 4 KB write buffer by default: a 20 KB view went
  // out as five writes, each a syscall and a trip through the strand. One frame, one write.
  ws_.auto_fragment(false);
  ws_.async_accept(req_, beast::bind_front_handler(&ws_session::on_accept, shared_from_this()));
}

void ws_session::on_accept(beast::error_code ec) {
  req_ = {};
  if (ec) return finish();
  phase_ = phase::open;
  if (close_reason_) return do_close();  // close_websockets() came during the handshake
  if (state_->stopped()) return finish();
  try {
    handler_ = state_->on_ws(shared_from_this(), upgrade_);
  } catch (const std::exception&) {
    return request_close(make_reason(websocket::close_code::internal_error, "internal error"));
  }
  if (!handler_) return request_close(make_reason(websocket::close_code::policy_error, "connection refused"));
  do_read();
}

void ws_session::do_read() {
  // Room for one byte beyond the limit: receiving it is how an oversized message shows.
  const std::size_t limit = state_->options.max_ws_message_bytes;
  const std::size_t room = limit - std::min(limit, buffer_.size()) + 1;
  ws_.async_read_some(buffer_, room, beast::bind_front_handler(&ws_session::on_read, shared_from_this()));
}

void ws_session::on_read(beast::error_code ec, std::size_t) {
  if (ec == beast::error::timeout && phase_ == phase::open) state_->count_idle_websocket();
  if (ec || phase_ == phase::finished) return finish();
  const std::size_t limit = state_->options.max_ws_message_bytes;
  if (buffer_.size() > limit) {
    buffer_.clear();
    // No further read: Beast's close operation discards the rest of the message itself.
    return request_close(make_reason(websocket::close_code::too_big,
                                     "message too big: the limit is " + std::to_string(limit) + " bytes"));
  }
  if (!ws_.is_message_done()) return do_read();
  if (ws_.got_binary()) {
    buffer_.clear();
    on_send(binary_error_frame());
    return do_read();
  }
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.clear();
  if (phase_ == phase::open && !close_reason_) {
    try {
      handler_->on_message(std::move(text));
    } catch (const std::exception&) {
      return request_close(make_reason(websocket::close_code::internal_error, "internal error"));
    }
  }
  do_read();  // also while closing: the peer's close frame arrives through this read
}

void ws_session::on_send(std::shared_ptr<const std::string> text) {
  if (phase_ != phase::open || close_reason_) return;
  if (queue_.size() >= state_->options.max_ws_queue) return drop_slow_consumer();
  queue_.push_back(std::move(text));
  if (!writing_) do_write();
}

void ws_session::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(boost::asio::buffer(*queue_.front()),
                  beast::bind_front_handler(&ws_session::on_write, shared_from_this()));
}

void ws_session::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (!queue_.empty()) queue_.pop_front();
  if (ec || phase_ == phase::finished) return finish();
  if (!queue_.empty()) return do_write();
  if (close_reason_ && phase_ == phase::open) do_close();
}

void ws_session::request_close(websocket::close_reason reason, std::chrono::steady_clock::duration grace) {
  if (phase_ == phase::closing || phase_ == phase::finished || close_reason_) return;
  closing_ = true;
  close_reason_ = std::move(reason);
  drop_timer_.expires_after(grace);
  drop_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec) return;  // cancelled: the connection finished in time
    self->finish();
  });
  if (phase_ == phase::open && !writing_) do_close();  // in the handshake: on_accept closes
}

void ws_session::do_close() {
  phase_ = phase::closing;
  ws_.async_close(*close_reason_, beast::bind_front_handler(&ws_session::on_close_done, shared_from_this()));
}

void ws_session::on_close_done(beast::error_code) {
  // Done either way: the handshake completed, or it failed and there is nothing left to do.
  finish();
}

void ws_session::drop_slow_consumer() {
  discard_queued();
  // A peer that stopped reading will not drain the write in flight, nor answer a close frame.
  request_close(make_reason(websocket::close_code::policy_error, "slow consumer"), slow_consumer_grace);
}

void ws_session::discard_queued() {
  // The message in flight stays: the write still reads from its buffer.
  queue_.erase(writing_ ? std::next(queue_.begin()) : queue_.begin(), queue_.end());
}

void ws_session::finish() {
  if (phase_ == phase::finished) return;
  phase_ = phase::finished;
  drop_timer_.cancel();
  discard_queued();
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  slot_.reset();
  state_->remove_ws(id_);
  if (auto handler = std::move(handler_)) {
    try {
      handler->on_close();
    } catch (...) {
      // The connection is gone; there is no one left to tell.
    }
  }
}

}  // namespace wordhall::http::detail
