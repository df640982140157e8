// End to end through the real binary: what a hostile or careless client meets. Errors keep the
// frame's clientSeq, malformed ids are the client's fault (400), every JSON body is valid UTF-8,
// every request is counted, and other sites' pages cannot change anything.
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <simdjson.h>

#include <memory>
#include <thread>

using namespace wordhall::testing;

namespace {

bool is_valid_json(const std::string& body) {
  simdjson::dom::parser parser;
  return parser.parse(body).error() == simdjson::SUCCESS;  // simdjson checks UTF-8 too
}

// A request with the headers a browser (or a careless client) sends.
http_result call_with(unsigned short port, const std::string& method, const std::string& target,
                      const std::string& body,
                      std::vector<std::pair<beast::http::field, std::string>> headers) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::http::request<beast::http::string_body> req{beast::http::string_to_verb(method), target, 11};
  req.set(beast::http::field::host, "127.0.0.1:" + std::to_string(port));
  for (auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  stream.expires_after(std::chrono::seconds(30));
  beast::http::write(stream, req);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> res;
  beast::http::read(stream, buffer, res);
  return {static_cast<int>(res.result_int()), res.body(),
          std::string(res[beast::http::field::content_type])};
}

// What a browser's `new WebSocket(...)` sends from a page at `origin` ("" for none).
std::vector<std::pair<beast::http::field, std::string>> upgrade_headers(const std::string& origin) {
  using field = beast::http::field;
  std::vector<std::pair<field, std::string>> headers = {
      {field::upgrade, "websocket"},
      {field::connection, "Upgrade"},
      {field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ=="},
      {field::sec_websocket_version, "13"}};
  if (!origin.empty()) headers.push_back({field::origin, origin});
  return headers;
}

}  // namespace

TEST_CASE("a command with an integer beyond 64 bits is answered with its clientSeq",
          "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  ws_client ws(server.port());
  ws.send(R"({"type":"command","clientSeq":41,"game":"tictactoe","command":{"type":"create","name":"Ann","x":123456789012345678901234567890}})");
  json_probe answer(ws.receive_containing("\"clientSeq\":41"));
  CHECK(answer.str("/type") == "error");
  CHECK(answer.str("/error/code") == "number_out_of_range");
}

TEST_CASE("admin answers 400 to a match id over 255 bytes, 404 to an unknown one",
          "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  const auto token = server.admin_token();
  std::string long_id(300, 'a');
  for (const char* what : {"/events", "/state"}) {
    auto r = http_call(server.port(), "GET", "/admin/matches/" + long_id + what, "", token);
    INFO(r.body);
    CHECK(r.status == 400);
    CHECK(json_probe(r.body).str("/error/code") == "bad_match_id");
  }
  auto after = http_call(server.port(), "GET", "/admin/matches?after=" + long_id, "", token);
  CHECK(after.status == 400);
  CHECK(json_probe(after.body).str("/error/code") == "bad_query");
  CHECK(http_call(server.port(), "GET", "/admin/matches/" + std::string(255, 'a') + "/state", "",
                  token).status == 404);
}

TEST_CASE("bytes from a URL that are not UTF-8 never reach a JSON body raw", "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  for (const char* target : {"/api/games/%ff", "/api/words/ab%ffcd", "/admin/matches/%ff%fe/events",
                             "/api/codenames/%c3%28"}) {
    INFO(target);
    auto r = http_call(server.port(), "GET", target, "", server.admin_token());
    INFO(r.body);
    CHECK(is_valid_json(r.body));
  }
}

TEST_CASE("wordhall_http_requests_total counts every request", "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  int64_t before = metric(server.port(), "wordhall_http_requests_total");
  REQUIRE(before >= 0);
  http_call(server.port(), "GET", "/healthz");
  http_call(server.port(), "GET", "/no/such/page");
  // The /metrics request that reads the counter is counted before it answers.
  CHECK(metric(server.port(), "wordhall_http_requests_total") == before + 3);
}

TEST_CASE("other sites' pages can neither change state nor open a game connection",
          "[integration]") {
  temp_dir dir;
  server_process server(dir.path());
  const auto p = server.port();
  const std::string own = "http://127.0.0.1:" + std::to_string(p);
  using field = beast::http::field;
  const std::string create = R"({"playerCount":2})";

  auto text_plain = call_with(p, "POST", "/api/games", create, {{field::content_type, "text/plain"}});
  CHECK(text_plain.status == 415);
  CHECK(json_probe(text_plain.body).str("/error/code") == "unsupported_media_type");
  auto cross_site = call_with(p, "POST", "/api/games", create,
                              {{field::content_type, "application/json"},
                               {field::origin, "https://evil.example"}});
  CHECK(cross_site.status == 403);
  CHECK(json_probe(cross_site.body).str("/error/code") == "origin_not_allowed");
  auto own_page = call_with(p, "POST", "/api/games", create,
                            {{field::content_type, "application/json"}, {field::origin, own}});
  INFO(own_page.body);
  CHECK(own_page.status == 201);

  CHECK(call_with(p, "GET", "/ws", "", upgrade_headers("https://evil.example")).status == 403);
  CHECK(call_with(p, "GET", "/ws", "", upgrade_headers(own)).status == 101);
}

TEST_CASE("allowedOrigins admits the listed sites' pages", "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token",
                        {"--allowed-origins", "https://play.example,https://other.example"});
  auto r = call_with(server.port(), "POST", "/api/games", R"({"playerCount":2})",
                     {{beast::http::field::content_type, "application/json"},
                      {beast::http::field::origin, "https://other.example"}});
  INFO(r.body);
  CHECK(r.status == 201);
}

TEST_CASE("one address's connections cannot crowd out another's", "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token", {"--max-connections-per-peer", "3"});
  const auto p = server.port();
  std::vector<std::unique_ptr<ws_client>> hogs;
  for (int i = 0; i < 3; ++i) hogs.push_back(std::make_unique<ws_client>(p));

  // One more from the same address: 429 on its first request (the upgrade fails).
  CHECK(call_with(p, "GET", "/ws", "", upgrade_headers("")).status == 429);

  asio::io_context io;
  // Another address plays on.
  tcp::socket other(io);
  other.open(tcp::v4());
  other.bind(tcp::endpoint(asio::ip::make_address("127.0.0.2"), 0));
  other.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), p));
  beast::websocket::stream<tcp::socket> ws(std::move(other));
  ws.handshake("127.0.0.1", "/ws");
  ws.write(asio::buffer(std::string(R"({"type":"ping"})")));
  beast::flat_buffer buffer;
  ws.read(buffer);
  CHECK(beast::buffers_to_string(buffer.data()) == R"({"type":"pong"})");

  hogs.pop_back();  // a place frees up once the server sees the close; /metrics needs one
  int64_t refused_total = -1;
  for (int i = 0; i < 100 && refused_total < 0; ++i) {
    refused_total = metric(p, "wordhall_connections_refused_total");
    if (refused_total < 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(refused_total >= 1);
}
