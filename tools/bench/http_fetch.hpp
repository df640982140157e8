// http_fetch: one blocking HTTP/1.1 exchange over Beast, for a load generator's few calls to a
// side server (the fake LLM's /stats) outside the measured path. No TLS, no redirects.
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <string>

namespace wordhall::loadgen {

struct http_reply {
  int status = 0;  // 0: no answer, `error` says why
  std::string body, error;
};

inline http_reply http_fetch(const std::string& host, unsigned short port, boost::beast::http::verb method,
                             const std::string& target) {
  namespace beast = boost::beast;
  namespace asio = boost::asio;
  http_reply out;
  try {
    asio::io_context ioc;
    asio::ip::tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(30));
    stream.connect(resolver.resolve(host, std::to_string(port)));
    beast::http::request<beast::http::string_body> req{method, target, 11};
    req.set(beast::http::field::host, host + ":" + std::to_string(port));
    req.prepare_payload();
    beast::http::write(stream, req);
    beast::flat_buffer buffer;
    beast::http::response<beast::http::string_body> res;
    beast::http::read(stream, buffer, res);
    out.status = static_cast<int>(res.result_int());
    out.body = std::move(res.body());
    beast::error_code ignored;
    stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  } catch (const std::exception& e) {
    out.error = e.what();
  }
  return out;
}

}  // namespace wordhall::loadgen
