// The WebSocket side of a real server, and stopping it with connections open.
#include <boost/asio/read.hpp>
#include <catch2/catch.hpp>

#include <future>
#include <tuple>

#include "tests/http/test_server.hpp"

using namespace wordhall::http;
using namespace wordhall::http::test;

TEST_CASE("websocket messages are echoed in order", "[http]") {
  test_server ts;
  ws_client client{ts.port()};
  CHECK(eventually([&] { return ts.srv().websocket_count() == 1; }));
  for (int i = 0; i < 100; ++i) client.write("message " + std::to_string(i));
  for (int i = 0; i < 100; ++i) REQUIRE(client.read() == "message " + std::to_string(i));
  client.stream().close(websocket::close_code::normal);
  CHECK(eventually([&] { return ts.ws_closes == 1 && ts.srv().websocket_count() == 0; }));
  CHECK(ts.srv().connection_count() == 0);
}

TEST_CASE("a message above the limit closes with 1009 and names the limit", "[http]") {
  test_server ts;
  ws_client client{ts.port()};
  client.write(std::string(64 * 1024, 'a'));  // exactly the limit is fine
  CHECK(client.read().size() == 64 * 1024);

  client.write(std::string(65 * 1024 + 1, 'a'));
  try {
    client.read();
    FAIL("the server should have closed the connection");
  } catch (const beast::system_error& e) {
    CHECK(e.code() == websocket::error::closed);
  }
  CHECK(client.stream().reason().code == websocket::close_code::too_big);
  CHECK(text(client.stream().reason().reason.c_str()) == "message too big: the limit is 65536 bytes");
  CHECK(eventually([&] { return ts.ws_closes == 1; }));
}

TEST_CASE("a long message goes out as one frame, not in pieces of Beast's write buffer", "[http]") {
  test_server ts;
  ws_client client{ts.port()};
  client.write(std::string(20000, 'a'));
  // The frame header, read off the socket under the client's WebSocket layer: FIN and text in
  // the first byte, the 16-bit length form (126) in the second, then the whole message's length.
  uint8_t header[4];
  net::read(client.stream().next_layer(), net::buffer(header));
  CHECK(header[0] == 0x81);
  CHECK(header[1] == 126);
  CHECK((header[2] << 8 | header[3]) == 20000);
}

TEST_CASE("a binary message gets an error frame and the connection stays open", "[http]") {
  test_server ts;
  ws_client client{ts.port()};
  client.write("\x01\x02\x03", true);
  std::string error = client.read();
  CHECK(client.stream().got_text());
  CHECK(error.find(R"("type":"error")") != std::string::npos);
  CHECK(error.find(R"("code":"binary_not_supported")") != std::string::npos);
  client.write("still here");
  CHECK(client.read() == "still here");
}

TEST_CASE("an upgrade anywhere but /ws gets 404", "[http]") {
  test_server ts;
  http_client client{ts.port()};
  auto res = client.request(bhttp::verb::get, "/other", {}, [](auto& req) {
    req.set(bhttp::field::connection, "Upgrade");
    req.set(bhttp::field::upgrade, "websocket");
    req.set(bhttp::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    req.set(bhttp::field::sec_websocket_version, "13");
  });
  CHECK(res.result_int() == 404);
  CHECK(res.body().find(R"("code":"not_found")") != std::string::npos);
  CHECK_THROWS(ws_client{ts.port(), "/other"});
}

TEST_CASE("a consumer that stops reading is dropped without holding up others", "[http]") {
  test_server ts{[](server_options& options) { options.max_ws_queue = 16; }};
  ws_client slow{ts.port()};
  ws_client fast{ts.port()};
  slow.write("flood 200 262144");  // 50 MiB, never read

  auto start = std::chrono::steady_clock::now();
  fast.write("ping");
  CHECK(fast.read() == "ping");
  CHECK(std::chrono::steady_clock::now() - start < 500ms);

  CHECK(eventually([&] { return ts.ws_closes == 1 && ts.srv().websocket_count() == 1; }));
  fast.write("pong");
  CHECK(fast.read() == "pong");

  // What reached the slow client ends in a close frame, or in the end of the stream.
  beast::error_code ec;
  for (int i = 0; i < 300 && !ec; ++i) {
    beast::flat_buffer buffer;
    slow.stream().read(buffer, ec);
  }
  CHECK(ec);
  if (ec == websocket::error::closed) {
    CHECK(slow.stream().reason().code == websocket::close_code::policy_error);
    CHECK(text(slow.stream().reason().reason.c_str()) == "slow consumer");
  }
}

TEST_CASE("close_websockets flushes, then sends the close frame", "[http]") {
  test_server ts;
  ws_client client{ts.port()};
  client.write("last words");
  CHECK(eventually([&] { return ts.srv().websocket_count() == 1; }));
  // The echo is queued before the close is asked for.
  CHECK(client.read() == "last words");
  ts.srv().close_websockets(1012, "restarting");
  try {
    client.read();
    FAIL("expected a close frame");
  } catch (const beast::system_error& e) {
    CHECK(e.code() == websocket::error::closed);
  }
  CHECK(client.stream().reason().code == 1012);
  CHECK(text(client.stream().reason().reason.c_str()) == "restarting");
  CHECK(eventually([&] { return ts.srv().websocket_count() == 0 && ts.ws_closes == 1; }));
}

TEST_CASE("a drain's last message and close frame go out before stop() closes", "[http]") {
  test_server ts;
  ws_client ann{ts.port()};
  ws_client bob{ts.port()};
  REQUIRE(eventually([&] { return ts.ws_accepted == 2; }));

  // Like a browser, each client answers the closing handshake as soon as it reads the frame.
  auto listen = [](ws_client& client) {
    return std::async(std::launch::async, [&client] {
      std::string first = client.read();
      beast::flat_buffer buffer;
      beast::error_code ec;
      client.stream().read(buffer, ec);
      return std::make_tuple(first, ec, client.stream().reason());
    });
  };
  auto ann_hears = listen(ann);
  auto bob_hears = listen(bob);

  ts.broadcast(R"({"type":"restarting"})");
  ts.srv().close_websockets(1012, "server restarting");
  auto start = std::chrono::steady_clock::now();
  ts.srv().stop();
  CHECK(std::chrono::steady_clock::now() - start < 1s);

  for (auto* hears : {&ann_hears, &bob_hears}) {
    auto [first, ec, reason] = hears->get();
    CHECK(first == R"({"type":"restarting"})");
    CHECK(ec == websocket::error::closed);
    CHECK(reason.code == 1012);
    CHECK(text(reason.reason.c_str()) == "server restarting");
  }
  CHECK(ts.ws_closes == 2);
}

TEST_CASE("stop returns promptly with connections open, answering unanswered requests 503", "[http]") {
  test_server ts;
  http_client idle{ts.port()};
  CHECK(idle.request(bhttp::verb::get, "/echo/1").result_int() == 200);
  http_client waiting{ts.port()};
  waiting.send(bhttp::verb::get, "/park");
  ws_client ws{ts.port()};
  ws.write("hello");
  CHECK(ws.read() == "hello");
  REQUIRE(eventually([&] { return ts.parked_count() == 1; }));
  CHECK(ts.srv().connection_count() == 3);
  CHECK(ts.srv().websocket_count() == 1);

  auto start = std::chrono::steady_clock::now();
  ts.srv().stop();
  CHECK(std::chrono::steady_clock::now() - start < 1s);
  CHECK(ts.ws_closes == 1);  // on_close has run by the time stop() returns
  CHECK(ts.srv().connection_count() == 0);
  CHECK(idle.read_to_end().empty());
  // The request its handler never answered gets the server's 503, then the connection closes.
  auto refused = waiting.read_to_end();
  CHECK(refused.rfind("HTTP/1.1 503", 0) == 0);
  CHECK(refused.find("server_restarting") != std::string::npos);
  CHECK(refused.find("Connection: close") != std::string::npos);
  ts.srv().stop();  // idempotent
}
