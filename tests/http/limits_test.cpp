// The server's connection limits with real sockets: the total cap answers 503 server_busy at once,
// a peer over its own cap is told 429 first, and behind a trusted proxy X-Forwarded-For names the
// client every limit counts (from anyone else the header is ignored).
#include <catch2/catch.hpp>

#include "http/server_state.hpp"
#include "tests/http/test_server.hpp"

using namespace wordhall::http;
using namespace wordhall::http::test;

namespace {

bhttp::response<bhttp::string_body> get(tcp::socket& socket, const std::string& target,
                                        const std::string& forwarded_for = "") {
  watchdog guard(socket.native_handle(), 5s);
  bhttp::request<bhttp::string_body> req{bhttp::verb::get, target, 11};
  req.set(bhttp::field::host, "127.0.0.1");
  if (!forwarded_for.empty()) req.set("X-Forwarded-For", forwarded_for);
  bhttp::write(socket, req);
  beast::flat_buffer buffer;
  bhttp::response<bhttp::string_body> res;
  bhttp::read(socket, buffer, res);
  return res;
}

std::string peer_seen(net::io_context& ioc, uint16_t port, const std::string& source,
                      const std::string& forwarded_for) {
  auto socket = connect_from(ioc, port, source);
  return get(socket, "/peer", forwarded_for).body();
}

bool has_code(const bhttp::response<bhttp::string_body>& res, const std::string& code) {
  return res.body().find("\"code\":\"" + code + "\"") != std::string::npos;
}

}  // namespace

TEST_CASE("beyond max_connections a connection is answered 503 server_busy at once", "[http][limits]") {
  test_server ts([](server_options& o) { o.max_connections = 2; });
  net::io_context ioc;
  auto a = connect_from(ioc, ts.port(), "127.0.0.1");
  auto b = connect_from(ioc, ts.port(), "127.0.0.2");
  CHECK(get(a, "/echo/1").result_int() == 200);
  CHECK(get(b, "/echo/2").result_int() == 200);

  auto c = connect_from(ioc, ts.port(), "127.0.0.3");
  auto start = std::chrono::steady_clock::now();
  auto busy = get(c, "/echo/3");
  CHECK(std::chrono::steady_clock::now() - start < 2s);  // an answer, not a wait in the backlog
  CHECK(busy.result_int() == 503);
  CHECK(has_code(busy, "server_busy"));
  CHECK(busy[bhttp::field::retry_after] == "5");
  CHECK(ts.srv().busy_connection_count() == 1);
  CHECK(ts.srv().refused_connection_count() == 0);

  // The connections already open go on; a closed one frees its place.
  CHECK(get(a, "/echo/4").result_int() == 200);
  b.close();
  CHECK(eventually([&] {
    try {
      auto d = connect_from(ioc, ts.port(), "127.0.0.3");
      return get(d, "/echo/5").result_int() == 200;
    } catch (const std::exception&) {
      return false;
    }
  }));
}

TEST_CASE("a peer at its own cap is told 429 before the server fills; others are served",
          "[http][limits]") {
  test_server ts([](server_options& o) {
    o.max_connections = 3;
    o.max_connections_per_peer = 2;
  });
  net::io_context ioc;
  auto a1 = connect_from(ioc, ts.port(), "127.0.0.1");
  auto a2 = connect_from(ioc, ts.port(), "127.0.0.1");
  CHECK(get(a1, "/echo/1").result_int() == 200);
  CHECK(get(a2, "/echo/2").result_int() == 200);
  auto a3 = connect_from(ioc, ts.port(), "127.0.0.1");
  CHECK(get(a3, "/echo/3").result_int() == 429);

  // The abuser's extra connection took no place: another address still gets the last one.
  auto b = connect_from(ioc, ts.port(), "127.0.0.2");
  CHECK(get(b, "/echo/4").result_int() == 200);
  auto c = connect_from(ioc, ts.port(), "127.0.0.3");
  CHECK(get(c, "/echo/5").result_int() == 503);
}

TEST_CASE("refusals waiting for a request are bounded; beyond them a connection closes at once",
          "[http][limits]") {
  test_server ts([](server_options& o) { o.max_connections = 1; });
  net::io_context ioc;
  auto holder = connect_from(ioc, ts.port(), "127.0.0.1");
  CHECK(get(holder, "/echo/1").result_int() == 200);
  std::vector<tcp::socket> silent;
  for (std::size_t i = 0; i < detail::refused_backlog; ++i)
    silent.push_back(connect_from(ioc, ts.port(), "127.0.0.2"));
  REQUIRE(eventually([&] { return ts.srv().busy_connection_count() == detail::refused_backlog; }));

  auto extra = connect_from(ioc, ts.port(), "127.0.0.3");
  watchdog guard(extra.native_handle(), 5s);
  auto start = std::chrono::steady_clock::now();
  char byte;
  beast::error_code ec;
  extra.read_some(net::buffer(&byte, 1), ec);
  CHECK(ec);  // closed by the server, unanswered
  CHECK(std::chrono::steady_clock::now() - start < 1s);
}

TEST_CASE("X-Forwarded-For names the client only from a trusted proxy", "[http][limits]") {
  test_server ts([](server_options& o) { o.trusted_proxies = {"127.0.0.1"}; });
  net::io_context ioc;
  CHECK(peer_seen(ioc, ts.port(), "127.0.0.1", "") == R"({"peer":"127.0.0.1"})");
  CHECK(peer_seen(ioc, ts.port(), "127.0.0.1", "198.51.100.1, 203.0.113.9") ==
        R"({"peer":"203.0.113.9"})");
  CHECK(peer_seen(ioc, ts.port(), "127.0.0.2", "203.0.113.9") == R"({"peer":"127.0.0.2"})");
}

TEST_CASE("behind a trusted proxy each forwarded client has its own connection cap",
          "[http][limits]") {
  test_server ts([](server_options& o) {
    o.trusted_proxies = {"127.0.0.1"};
    o.max_connections_per_peer = 1;
  });
  net::io_context ioc;
  auto ann = connect_from(ioc, ts.port(), "127.0.0.1");
  auto bob = connect_from(ioc, ts.port(), "127.0.0.1");
  CHECK(get(ann, "/echo/1", "203.0.113.1").result_int() == 200);
  CHECK(get(bob, "/echo/2", "203.0.113.2").result_int() == 200);
  // Ann again on a connection of her own: over her cap, whoever carries it.
  auto ann_again = connect_from(ioc, ts.port(), "127.0.0.1");
  auto refused = get(ann_again, "/echo/3", "203.0.113.1");
  CHECK(refused.result_int() == 429);
  CHECK(has_code(refused, "too_many_connections"));
  // Not a proxy: its header counts for nothing, its own address holds one connection.
  auto direct = connect_from(ioc, ts.port(), "127.0.0.2");
  CHECK(get(direct, "/echo/4", "203.0.113.3").result_int() == 200);
  auto direct_again = connect_from(ioc, ts.port(), "127.0.0.2");
  CHECK(get(direct_again, "/echo/5", "203.0.113.4").result_int() == 429);
}
