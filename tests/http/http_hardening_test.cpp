// What the HTTP layer does for every request whatever its route: it counts each one, and a
// stopping server answers every request it does not complete with 503.
#include <catch2/catch.hpp>

#include "http/request_policy.hpp"
#include "tests/http/test_server.hpp"

using namespace wordhall::http;
using namespace wordhall::http::test;

TEST_CASE("every request is counted, also those refused before a route", "[http]") {
  test_server ts;
  CHECK(ts.srv().request_count() == 0);
  http_client client{ts.port()};
  CHECK(client.request(bhttp::verb::get, "/echo/1").result_int() == 200);  // a route
  CHECK(client.request(bhttp::verb::get, "/index.html").result_int() == 200);  // a file
  CHECK(client.request(bhttp::verb::get, "/nothing-here").result_int() == 404);
  CHECK(client.request(bhttp::verb::get, "/a/%2e%2e/secret.txt").result_int() == 400);
  http_client malformed{ts.port()};
  malformed.write_raw("GET / HTTP/1.1\r\nBad Header\r\n\r\n");
  CHECK(malformed.read_to_end().rfind("HTTP/1.1 400 ", 0) == 0);
  CHECK(ts.srv().request_count() == 5);
}

TEST_CASE("a request still arriving when the server stops gets 503 server_restarting", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  // The header is in, the body not yet: the request is in flight.
  client.write_raw("POST /items HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345");
  std::this_thread::sleep_for(50ms);
  std::thread stopping([&] { ts.srv().stop(); });
  std::this_thread::sleep_for(50ms);
  client.write_raw("67890");
  std::string answer = client.read_to_end();
  stopping.join();
  CHECK(answer.rfind("HTTP/1.1 503 ", 0) == 0);
  CHECK(answer.find(R"("code":"server_restarting")") != std::string::npos);
}

TEST_CASE("a state-changing body that is not application/json gets 415", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  auto typed = [&](std::string type, std::string body) {
    return client.request(bhttp::verb::post, "/items", std::move(body), [type](auto& req) {
      if (type.empty()) req.erase(bhttp::field::content_type);
      else req.set(bhttp::field::content_type, type);
    });
  };
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "", "application/jsonx"}) {
    INFO(type);
    auto res = typed(type, R"({"a":1})");
    CHECK(res.result_int() == 415);
    CHECK(res.body().find(R"("code":"unsupported_media_type")") != std::string::npos);
  }
  CHECK(typed("application/json", R"({"a":1})").result_int() == 201);
  CHECK(typed("Application/JSON; charset=utf-8", R"({"a":1})").result_int() == 201);
  CHECK(typed("", "").result_int() == 201);  // no body, nothing to mistake for JSON
  CHECK(client.request(bhttp::verb::get, "/echo/1").result_int() == 200);  // still open
}

TEST_CASE("Origin: state changes and WebSockets only from the server's own or listed origins",
          "[http]") {
  test_server ts([](server_options& o) { o.allowed_origins = parse_origin_list(" https://Play.Example/ ,"); });
  const std::string own = "127.0.0.1:" + std::to_string(ts.port());
  http_client client{ts.port()};
  auto post_from = [&](std::string origin) {
    return client.request(bhttp::verb::post, "/items", R"({"a":1})", [&, origin](auto& req) {
      req.set(bhttp::field::host, own);
      req.set(bhttp::field::content_type, "application/json");
      if (!origin.empty()) req.set(bhttp::field::origin, origin);
    });
  };
  CHECK(post_from("").result_int() == 201);  // a program, not a page
  CHECK(post_from("http://" + own).result_int() == 201);
  CHECK(post_from("https://play.example").result_int() == 201);
  for (std::string other : {"http://evil.example", "null", "http://127.0.0.1:1", "https://play.example.evil"}) {
    INFO(other);
    auto res = post_from(other);
    CHECK(res.result_int() == 403);
    CHECK(res.body().find(R"("code":"origin_not_allowed")") != std::string::npos);
  }
  // Reading is not a change: another site's page may GET.
  auto read = client.request(bhttp::verb::get, "/echo/1", {},
                             [](auto& req) { req.set(bhttp::field::origin, "http://evil.example"); });
  CHECK(read.result_int() == 200);

  // Beast's client hides a refused handshake's status, so the upgrade is written by hand.
  auto upgrade_from = [&](std::string origin) {
    http_client ws{ts.port()};
    return ws.request(bhttp::verb::get, "/ws", {}, [&, origin](auto& req) {
      req.set(bhttp::field::host, own);
      req.set(bhttp::field::upgrade, "websocket");
      req.set(bhttp::field::connection, "Upgrade");
      req.set(bhttp::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
      req.set(bhttp::field::sec_websocket_version, "13");
      req.set(bhttp::field::origin, origin);
    }).result_int();
  };
  CHECK(upgrade_from("http://" + own) == 101);
  CHECK(upgrade_from("http://evil.example") == 403);
}

namespace {

// Sends one GET on `socket` and returns the status of its answer.
int get_status(tcp::socket& socket, const std::string& target) {
  bhttp::request<bhttp::string_body> req{bhttp::verb::get, target, 11};
  req.set(bhttp::field::host, "127.0.0.1");
  bhttp::write(socket, req);
  beast::flat_buffer buffer;
  bhttp::response<bhttp::string_body> res;
  bhttp::read(socket, buffer, res);
  return res.result_int();
}

}  // namespace

TEST_CASE("one peer address holds at most max_connections_per_peer; others are not affected",
          "[http]") {
  test_server ts([](server_options& o) { o.max_connections_per_peer = 2; });
  net::io_context ioc;
  auto first = connect_from(ioc, ts.port(), "127.0.0.1");
  auto second = connect_from(ioc, ts.port(), "127.0.0.1");
  CHECK(get_status(first, "/echo/1") == 200);
  CHECK(get_status(second, "/echo/2") == 200);

  http_client third{ts.port()};
  auto refused = third.request(bhttp::verb::get, "/echo/3");
  CHECK(refused.result_int() == 429);
  CHECK(refused.body().find(R"("code":"too_many_connections")") != std::string::npos);
  CHECK(refused[bhttp::field::retry_after] == "10");
  CHECK(ts.srv().refused_connection_count() == 1);

  // Another address is counted apart, and the peer's open connections go on.
  auto elsewhere = connect_from(ioc, ts.port(), "127.0.0.2");
  CHECK(get_status(elsewhere, "/echo/4") == 200);
  CHECK(get_status(first, "/echo/5") == 200);

  // A closed connection frees its place.
  second.close();
  CHECK(eventually([&] {
    try {
      http_client again{ts.port()};
      return again.request(bhttp::verb::get, "/echo/6").result_int() == 200;
    } catch (const std::exception&) {
      return false;
    }
  }));
}

TEST_CASE("a WebSocket counts against its peer until it closes", "[http]") {
  test_server ts([](server_options& o) { o.max_connections_per_peer = 1; });
  {
    ws_client ws{ts.port()};
    ws.write("hello");
    CHECK(ws.read() == "hello");
    http_client other{ts.port()};
    CHECK(other.request(bhttp::verb::get, "/echo/1").result_int() == 429);
    ws.stream().close(websocket::close_code::normal);
  }
  CHECK(eventually([&] { return ts.srv().websocket_count() == 0; }));
  http_client after{ts.port()};
  CHECK(after.request(bhttp::verb::get, "/echo/2").result_int() == 200);
}

TEST_CASE("a WebSocket that answers no ping is closed after ws_idle_timeout; a reading one stays",
          "[http]") {
  test_server ts([](server_options& o) { o.ws_idle_timeout = std::chrono::seconds(1); });
  ws_client silent{ts.port(), "/ws", 10s};  // never reads, so never answers the server's ping
  ws_client live{ts.port(), "/ws", 10s};
  beast::error_code live_error;
  std::thread reading([&] {
    beast::flat_buffer buffer;
    live.stream().read(buffer, live_error);  // answers pings while it waits
  });
  REQUIRE(eventually([&] { return ts.srv().websocket_count() == 2; }));
  std::this_thread::sleep_for(3s);
  CHECK(ts.srv().websocket_count() == 1);
  CHECK(ts.srv().idle_websocket_count() == 1);
  ts.broadcast("still here");
  reading.join();
  CHECK_FALSE(live_error);
}

TEST_CASE("origins compare without case, trailing slash or their scheme's default port", "[http]") {
  CHECK(parse_origin_list("https://A.example:443/, ,http://b.example:8080") ==
        std::vector<std::string>{"https://a.example", "http://b.example:8080"});
  auto from = [](std::string origin, std::string host, std::vector<std::string> allowed = {}) {
    return !refuse_origin("POST", false, origin, host, allowed).has_value();
  };
  CHECK(from("https://play.example", "play.example:443"));
  CHECK(from("http://Play.Example", "play.example"));
  CHECK_FALSE(from("http://play.example:8080", "play.example"));
  CHECK_FALSE(from("https://play.example", ""));  // no Host: nothing to be own to
  CHECK(from("https://a.example", "other", parse_origin_list("https://a.example/")));
  CHECK(from("", "anything"));  // no Origin: not a browser page
  CHECK(!refuse_origin("GET", false, "https://evil.example", "x", {}).has_value());
  CHECK(refuse_origin("GET", true, "https://evil.example", "x", {})->status == 403);
}
