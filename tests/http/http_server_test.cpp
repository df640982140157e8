// The HTTP side of a real server: routing, static files, path safety and the error answers.
#include <catch2/catch.hpp>

#include "tests/http/test_server.hpp"

using namespace wordhall::http;
using namespace wordhall::http::test;

namespace {

bool has(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("routes get decoded params and may answer from another thread", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  auto res = client.request(bhttp::verb::get, "/echo/a%20b?q=x%26y");
  CHECK(res.result_int() == 200);
  CHECK(text(res[bhttp::field::content_type]) == "application/json");
  CHECK(text(res[bhttp::field::server]) == "wordhall");
  CHECK(res.body() == R"({"x":"a b","q":"x&y"})");

  // Same connection: keep-alive.
  res = client.request(bhttp::verb::get, "/matches/m1/events/7");
  CHECK(res.result_int() == 200);
  CHECK(res.body() == R"(["m1","7"])");
  res = client.request(bhttp::verb::post, "/items", std::string(100, 'b'));
  CHECK(res.result_int() == 201);
  CHECK(res.body() == R"({"bytes":100})");

  // HEAD falls back to the GET route and gets headers only.
  res = client.request(bhttp::verb::head, "/echo/abc");
  CHECK(res.result_int() == 200);
  CHECK(res.body().empty());
  CHECK(text(res[bhttp::field::content_length]) == std::to_string(std::string(R"({"x":"abc","q":""})").size()));
}

TEST_CASE("unknown paths and methods get JSON errors", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  auto res = client.request(bhttp::verb::get, "/nope");
  CHECK(res.result_int() == 404);
  CHECK(has(res.body(), R"("code":"not_found")"));
  res = client.request(bhttp::verb::post, "/index.html", "x");
  CHECK(res.result_int() == 404);
  CHECK(has(res.body(), R"("code":"not_found")"));

  res = client.request(bhttp::verb::delete_, "/echo/x");
  CHECK(res.result_int() == 405);
  CHECK(text(res[bhttp::field::allow]) == "GET, HEAD");
  CHECK(has(res.body(), R"("code":"method_not_allowed")"));
}

TEST_CASE("a handler that drops or throws yields 500", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  auto res = client.request(bhttp::verb::get, "/drop");
  CHECK(res.result_int() == 500);
  CHECK(has(res.body(), R"("code":"internal_error")"));
  res = client.request(bhttp::verb::get, "/throw");
  CHECK(res.result_int() == 500);
  CHECK(client.request(bhttp::verb::get, "/echo/still-alive").result_int() == 200);
}

TEST_CASE("static files are served with their content type", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  struct expectation {
    const char* target;
    const char* type;
    const char* body_start;
  };
  for (auto e : {expectation{"/", "text/html; charset=utf-8", "<!doctype html><title>home"},
                 expectation{"/index.html", "text/html; charset=utf-8", "<!doctype html><title>home"},
                 expectation{"/admin", "text/html; charset=utf-8", "<!doctype html><title>admin"},
                 expectation{"/app.js", "text/javascript; charset=utf-8", "console.log"},
                 expectation{"/style.css", "text/css; charset=utf-8", "body{}"},
                 expectation{"/data.json", "application/json", "{\"a\":1}"},
                 expectation{"/icon.svg", "image/svg+xml", "<svg/>"},
                 expectation{"/a/b.txt", "text/plain; charset=utf-8", "in a"}}) {
    INFO(e.target);
    auto res = client.request(bhttp::verb::get, e.target);
    CHECK(res.result_int() == 200);
    CHECK(text(res[bhttp::field::content_type]) == e.type);
    CHECK(text(res[bhttp::field::cache_control]) == "no-cache");
    CHECK(res.body().rfind(e.body_start, 0) == 0);
  }

  auto res = client.request(bhttp::verb::head, "/app.js");
  CHECK(res.result_int() == 200);
  CHECK(res.body().empty());
  CHECK(text(res[bhttp::field::content_length]) == "18");

  for (const char* missing : {"/missing.js", "/missing", "/a/", "/.hidden"}) {
    INFO(missing);
    res = client.request(bhttp::verb::get, missing);
    CHECK(res.result_int() == 404);
    CHECK(has(res.body(), R"("code":"not_found")"));
  }
}

TEST_CASE("path traversal is refused with 400 bad_path", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  for (const char* target :
       {"/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/a/../../secret.txt",
        "/..%2fsecret.txt", "/a/..%2f..%2fsecret.txt", "/%5c..%5csecret.txt", "/a%00.txt",
        "/link/secret.txt", "/echo/..%2f..%2fsecret.txt", "//..//secret.txt"}) {
    INFO(target);
    auto res = client.request(bhttp::verb::get, target);
    CHECK(res.result_int() == 400);
    CHECK(has(res.body(), R"("code":"bad_path")"));
    CHECK_FALSE(has(res.body(), test_server::secret));
  }
  // An absolute path stays inside the root.
  auto res = client.request(bhttp::verb::get, "//etc/passwd");
  CHECK(res.result_int() == 404);
}

TEST_CASE("a body above max_body_bytes gets 413 and the connection closes", "[http]") {
  test_server ts;
  {
    http_client client{ts.port()};
    auto res = client.request(bhttp::verb::post, "/items", std::string(5000, 'x'));
    CHECK(res.result_int() == 413);
    CHECK(has(res.body(), R"("code":"payload_too_large")"));
    CHECK_FALSE(res.keep_alive());
    CHECK(client.read_to_end().empty());
  }
  {
    // Far more than the socket buffers hold: the answer must still arrive, not a reset.
    http_client client{ts.port()};
    auto res = client.request(bhttp::verb::post, "/items", std::string(8 << 20, 'x'));
    CHECK(res.result_int() == 413);
  }
  http_client client{ts.port()};
  CHECK(client.request(bhttp::verb::post, "/items", std::string(4096, 'x')).result_int() == 201);
}

TEST_CASE("Expect: 100-continue gets 100 Continue before the body is sent", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  client.write_raw("POST /items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   "Content-Length: 5\r\nExpect: 100-continue\r\n\r\n");
  auto interim = client.receive();
  CHECK(interim.result_int() == 100);
  client.write_raw("hello");
  auto res = client.receive();
  CHECK(res.result_int() == 201);
  CHECK(res.body() == R"({"bytes":5})");

  // Over the limit: the final answer comes at once and the body is never asked for.
  client.write_raw("POST /items HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n");
  CHECK(client.receive().result_int() == 413);
}

TEST_CASE("the shipped pages in http/www are served", "[http]") {
  router routes;
  server_options options;
  options.port = 0;
  options.www_root = WORDHALL_SOURCE_DIR "/http/www";
  server srv{options, routes, {}};
  srv.start();
  http_client client{srv.port()};
  struct page {
    const char* target;
    const char* type;
    const char* contains;
  };
  for (auto p : {page{"/", "text/html; charset=utf-8", "<title>Wordhall</title>"},
                 page{"/admin", "text/html; charset=utf-8", "src=\"/admin.js\""},
                 page{"/admin.js", "text/javascript; charset=utf-8", "VIEW_SCRIPTS"},
                 page{"/admin.css", "text/css; charset=utf-8", "--accent"},
                 page{"/index.css", "text/css; charset=utf-8", ".games"},
                 page{"/admin-views/tictactoe.js", "text/javascript; charset=utf-8", "wordhallAdminViews"},
                 page{"/admin-views/tictactoe.css", "text/css; charset=utf-8", ".ttt-board"}}) {
    INFO(p.target);
    auto res = client.request(bhttp::verb::get, p.target);
    CHECK(res.result_int() == 200);
    CHECK(text(res[bhttp::field::content_type]) == p.type);
    CHECK(has(res.body(), p.contains));
  }
}

TEST_CASE("a malformed request gets 400 bad_request and the connection closes", "[http]") {
  test_server ts;
  for (const char* raw : {"GET\x01 / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                          "GET / HTTP/1.1\r\nBad Header\r\n\r\n"}) {
    INFO(raw);
    http_client client{ts.port()};
    client.write_raw(raw);
    std::string answer = client.read_to_end();  // ends: the server closed the connection
    CHECK(answer.rfind("HTTP/1.1 400 ", 0) == 0);
    CHECK(has(answer, R"("code":"bad_request")"));
  }
  http_client client{ts.port()};
  auto res = client.request(bhttp::verb::get, "*");
  CHECK(res.result_int() == 400);
  CHECK(ts.srv().connection_count() >= 1);
}

TEST_CASE("stop_accepting refuses new connections while existing ones go on", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  CHECK(client.request(bhttp::verb::get, "/echo/1").result_int() == 200);
  ts.srv().stop_accepting();
  net::io_context ioc;
  CHECK_THROWS(http_client::connect(ioc, ts.port()));
  CHECK(client.request(bhttp::verb::get, "/echo/2").result_int() == 200);
  CHECK(ts.srv().connection_count() == 1);
}

TEST_CASE("start throws a clear error when the port is taken", "[http]") {
  test_server ts;
  router routes;
  server_options options;
  options.port = ts.port();
  server second{options, routes, {}};
  try {
    second.start();
    FAIL("start() should have thrown");
  } catch (const std::runtime_error& e) {
    CHECK(has(e.what(), "127.0.0.1:" + std::to_string(ts.port())));
  }
}
