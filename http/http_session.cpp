#include "http/http_session.hpp"

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <exception>

#include "http/client_address.hpp"
#include "http/request_policy.hpp"
#include "http/url.hpp"
#include "http/ws_session.hpp"

namespace wordhall::http::detail {

namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr auto read_timeout = std::chrono::seconds(30);  // also the keep-alive idle limit
constexpr auto write_timeout = std::chrono::seconds(30);
constexpr auto drain_timeout = std::chrono::seconds(1);
constexpr auto refused_read_timeout = std::chrono::seconds(2);

// The one answer a request gets, shared by every copy of its respond_fn.
class reply_slot {
 public:
  explicit reply_slot(std::shared_ptr<http_session> session) : session_(std::move(session)) {}
  reply_slot(const reply_slot&) = delete;
  reply_slot& operator=(const reply_slot&) = delete;
  ~reply_slot() {
    if (!answered_.exchange(true)) {
      session_->deliver(error_response(500, "internal_error", "the request was dropped unanswered"));
    }
  }
  void answer(response res) {
    if (!answered_.exchange(true)) session_->deliver(std::move(res));
  }

 private:
  std::shared_ptr<http_session> session_;  // keeps the connection until it is answered
  std::atomic<bool> answered_{false};
};

std::string peer_address(const tcp::socket& socket) {
  beast::error_code ec;
  auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "unknown";
  return endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

std::string peer_host(const tcp::socket& socket) {
  beast::error_code ec;
  auto endpoint = socket.remote_endpoint(ec);
  return ec ? std::string("unknown") : address_text(endpoint.address());
}

response too_many_connections() {
  auto refusal = error_response(429, "too_many_connections",
                                "too many connections from your address; close some and retry");
  refusal.headers.push_back({"Retry-After", "10"});
  return refusal;
}

response server_busy() {
  auto refusal = error_response(503, "server_busy",
                                "the server has as many connections as it can hold; try again in a "
                                "few seconds");
  refusal.headers.push_back({"Retry-After", "5"});
  return refusal;
}

bool is_parse_error(const beast::error_code& ec) {
  return ec.category() == bhttp::make_error_code(bhttp::error::bad_method).category() &&
         ec != bhttp::error::partial_message && ec != bhttp::error::end_of_stream;
}

bhttp::response<bhttp::string_body> to_beast(response&& res, unsigned version, bool keep_alive,
                                             bool head) {
  bhttp::response<bhttp::string_body> out;
  out.version(version);
  out.result(static_cast<unsigned>(res.status));
  out.set(bhttp::field::server, "wordhall");
  bool bodiless = res.status == 204 || res.status == 304 || (res.status >= 100 && res.status < 200);
  if (!bodiless) out.set(bhttp::field::content_type, res.content_type);
  for (auto& [name, value] : res.headers) out.insert(name, value);
  out.keep_alive(keep_alive);
  if (bodiless) {
    out.prepare_payload();
  } else if (head) {
    out.content_length(res.body.size());
  } else {
    out.body() = std::move(res.body);
    out.prepare_payload();
  }
  return out;
}

response restarting_response() {
  return error_response(503, "server_restarting", "the server is restarting; try again in a moment");
}

}  // namespace

http_session::http_session(std::shared_ptr<server_state> state, tcp::socket socket,
                           admission admitted)
    : state_(std::move(state)),
      slot_(std::move(admitted.slot)),
      refused_(admitted.refused),
      remote_(peer_address(socket)),
      tcp_peer_(peer_host(socket)),
      from_proxy_(is_trusted_proxy(tcp_peer_, state_->options.trusted_proxies)),
      executor_(socket.get_executor()),
      stream_(std::move(socket)),
      id_(state_->next_id()) {}

void http_session::run() {
  state_->add(id_, weak_from_this());
  boost::asio::dispatch(executor_, beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::deliver(response res) {
  state_->post(executor_, [self = shared_from_this(), res = std::move(res)]() mutable {
    self->on_response(std::move(res));
  });
}

void http_session::terminate() { finish(); }

void http_session::refuse_unanswered() {
  state_->post(executor_, [self = shared_from_this()] {
    self->on_response(restarting_response());
  });
}

void http_session::do_read() {
  version_ = 11;
  keep_alive_ = false;
  head_ = false;
  parser_.emplace();
  parser_->body_limit(state_->options.max_body_bytes);
  // A refused connection still holds a descriptor: it gets little time to send its request.
  stream_.expires_after(refused_ == refusal::none ? read_timeout : refused_read_timeout);
  bhttp::async_read_header(stream_, buffer_, *parser_,
                           beast::bind_front_handler(&http_session::on_header, shared_from_this()));
}

void http_session::on_header(beast::error_code ec, std::size_t bytes) {
  if (!ec) in_flight_ = true;
  if (ec || parser_->is_done()) return on_read(ec, bytes);
  const auto& header = parser_->get();
  if (header.version() == 11 && beast::iequals(header[bhttp::field::expect], "100-continue")) {
    continue_.emplace(bhttp::status::continue_, 11);
    continue_->set(bhttp::field::server, "wordhall");
    return bhttp::async_write(stream_, *continue_,
                              beast::bind_front_handler(&http_session::on_continue, shared_from_this()));
  }
  do_read_body();
}

void http_session::on_continue(beast::error_code ec, std::size_t) {
  continue_.reset();
  if (ec || finished_) return finish();
  do_read_body();
}

void http_session::do_read_body() {
  bhttp::async_read(stream_, buffer_, *parser_,
                    beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t) {
  if (finished_) return;
  bool refused = ec == bhttp::error::body_limit || ec == bhttp::error::header_limit ||
                 is_parse_error(ec);
  if (!ec || refused) state_->count_request();
  if (ec == bhttp::error::body_limit) {
    return do_write(error_response(413, "payload_too_large",
                                   "the body exceeds " + std::to_string(state_->options.max_body_bytes) +
                                       " bytes"),
                    false, true);
  }
  if (ec == bhttp::error::header_limit) {
    return do_write(error_response(431, "header_too_large", "the request header is too large"), false,
                    true);
  }
  if (is_parse_error(ec)) {
    return do_write(error_response(400, "bad_request", "malformed HTTP request: " + ec.message()), false,
                    true);
  }
  if (ec) return finish();  // end of stream, timeout, reset: nobody to answer
  if (state_->stopped()) return finish();
  if (state_->stopping() || refused_ != refusal::none) {
    version_ = parser_->get().version();
    head_ = parser_->get().method() == bhttp::verb::head;
    if (refused_ == refusal::none) return do_write(restarting_response(), false);
    return do_write(refused_ == refusal::peer_full ? too_many_connections() : server_busy(), false);
  }
  handle(parser_->release());
}

void http_session::handle(beast_request&& req) {
  version_ = req.version();
  keep_alive_ = req.keep_alive();
  head_ = req.method() == bhttp::verb::head;

  auto target = parse_target(to_std(req.target()));
  if (!target) {
    return do_write(error_response(400, "bad_request", "the request target is malformed"), keep_alive_);
  }
  if (!is_safe_path(target->path)) {
    return do_write(error_response(400, "bad_path", "the path is not allowed"), keep_alive_);
  }

  request r;
  r.method = to_string(req.method_string());
  r.target = to_string(req.target());
  r.path = std::move(target->path);
  r.query = std::move(target->query);
  r.authorization = to_string(req[bhttp::field::authorization]);
  r.host = to_string(req[bhttp::field::host]);
  r.remote = remote_;
  r.peer = from_proxy_ ? client_address(tcp_peer_, to_std(req["X-Forwarded-For"]),
                                        state_->options.trusted_proxies)
                       : tcp_peer_;
  // Behind a proxy the connection counts against the client the request names.
  if (from_proxy_ && !state_->reassign(*slot_, r.peer)) return do_write(too_many_connections(), false);

  bool websocket = beast::websocket::is_upgrade(req);
  if (auto refusal = refuse_origin(r.method, websocket, to_std(req[bhttp::field::origin]), r.host,
                                   state_->options.allowed_origins))
    return do_write(std::move(*refusal), websocket ? false : keep_alive_);
  if (auto refusal = refuse_media_type(r.method, to_std(req[bhttp::field::content_type]),
                                       req.body().size()))
    return do_write(std::move(*refusal), keep_alive_);

  if (websocket) {
    if (r.path == "/ws" && state_->on_ws) return upgrade(std::move(req), std::move(r));
    return do_write(error_response(404, "not_found", "WebSocket connections are accepted at /ws only"),
                    false);
  }
  r.body = std::move(req.body());

  awaiting_ = true;
  auto slot = std::make_shared<reply_slot>(shared_from_this());
  respond_fn respond = [slot](response res) { slot->answer(std::move(res)); };
  try {
    if (state_->routes.dispatch(r, respond)) return;
    if (r.method == "GET" || r.method == "HEAD") {
      respond(state_->files.serve(r.path));
    } else {
      respond(error_response(404, "not_found", "nothing at " + r.method + " " + r.path));
    }
  } catch (const std::exception&) {
    respond(error_response(500, "internal_error", "the request handler failed"));
  }
}

void http_session::upgrade(beast_request&& req, request&& upgrade_request) {
  stream_.expires_never();
  auto ws = std::make_shared<ws_session>(state_, stream_.release_socket(), std::move(upgrade_request),
                                         std::move(slot_));
  ws->run(std::move(req));
  finish();  // the socket now belongs to the WebSocket session
}

void http_session::on_response(response res) {
  if (finished_ || !awaiting_) return;
  awaiting_ = false;
  do_write(std::move(res), keep_alive_);
}

void http_session::do_write(response res, bool keep_alive, bool drain) {
  keep_alive = keep_alive && !state_->stopping();
  out_.emplace(to_beast(std::move(res), version_, keep_alive, head_));
  stream_.expires_after(write_timeout);
  bhttp::async_write(stream_, *out_,
                     beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive,
                                               drain));
}

void http_session::on_write(bool keep_alive, bool drain, beast::error_code ec, std::size_t) {
  out_.reset();
  in_flight_ = false;
  if (ec || finished_) return finish();
  if (keep_alive) return do_read();
  beast::error_code ignored;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  if (drain) {
    // Closing with unread input would send a reset, which can destroy the answer in flight.
    stream_.expires_after(drain_timeout);
    return do_drain();
  }
  finish();
}

void http_session::do_drain() {
  buffer_.clear();
  stream_.async_read_some(buffer_.prepare(16 * 1024),
                          beast::bind_front_handler(&http_session::on_drain, shared_from_this()));
}

void http_session::on_drain(beast::error_code ec, std::size_t) {
  if (ec || finished_) return finish();  // end of stream, or the drain timed out
  do_drain();
}

void http_session::finish() {
  if (finished_) return;
  finished_ = true;
  in_flight_ = false;
  slot_.reset();
  beast::error_code ignored;
  stream_.socket().close(ignored);
  state_->remove_http(id_);
}

}  // namespace wordhall::http::detail
