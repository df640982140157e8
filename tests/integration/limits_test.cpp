// End to end through the real binary: the limits an operator relies on on the open internet.
// The total connection cap from the descriptor limit (a server started with RLIMIT_NOFILE 256),
// match creations per address (429 with Retry-After, every game's create route and the
// WebSocket's create alike), messages of any type per WebSocket (an error frame with the frame's
// clientSeq, the connection open), and X-Forwarded-For honoured from a trusted proxy only.
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/tictactoe_ws.hpp"

#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace wordhall::testing;

namespace {

struct response_seen {
  int status = 0;
  std::string body;
  std::string retry_after;
};

// One request from `source` (any 127.x address reaches the server on Linux), with extra headers.
response_seen call_from(const std::string& source, unsigned short port, const std::string& method,
                        const std::string& target, const std::string& body = "",
                        const std::string& forwarded_for = "") {
  asio::io_context io;
  tcp::socket socket(io);
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(asio::ip::make_address(source), 0));
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  beast::tcp_stream stream(std::move(socket));
  beast::http::request<beast::http::string_body> req{beast::http::string_to_verb(method), target, 11};
  req.set(beast::http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!forwarded_for.empty()) req.set("X-Forwarded-For", forwarded_for);
  if (!body.empty()) req.set(beast::http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  stream.expires_after(std::chrono::seconds(30));
  beast::http::write(stream, req);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> res;
  beast::http::read(stream, buffer, res);
  return {static_cast<int>(res.result_int()), res.body(),
          std::string(res[beast::http::field::retry_after])};
}

bool has_code(const std::string& body, const std::string& code) {
  return body.find("\"code\":\"" + code + "\"") != std::string::npos;
}

// An open connection from `source` that has been served one request.
struct held_connection {
  tcp::socket socket;
  int status = 0;
  held_connection(asio::io_context& io, const std::string& source, unsigned short port)
      : socket(io) {
    socket.open(tcp::v4());
    socket.bind(tcp::endpoint(asio::ip::make_address(source), 0));
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    beast::http::request<beast::http::string_body> req{beast::http::verb::get, "/healthz", 11};
    req.set(beast::http::field::host, "127.0.0.1");
    beast::http::write(socket, req);
    beast::flat_buffer buffer;
    beast::http::response<beast::http::string_body> res;
    beast::http::read(socket, buffer, res);
    status = static_cast<int>(res.result_int());
  }
};

// Starts the server with RLIMIT_NOFILE's soft limit at `descriptors`; the test keeps its own.
std::unique_ptr<server_process> serve_with_descriptors(const std::string& dir, rlim_t descriptors,
                                                       std::vector<std::string> flags) {
  rlimit saved{};
  getrlimit(RLIMIT_NOFILE, &saved);
  rlimit lowered = saved;
  lowered.rlim_cur = descriptors;
  setrlimit(RLIMIT_NOFILE, &lowered);
  std::unique_ptr<server_process> server;
  try {
    server = std::make_unique<server_process>(dir, "test-admin-token", std::move(flags));
  } catch (...) {
    setrlimit(RLIMIT_NOFILE, &saved);
    throw;
  }
  setrlimit(RLIMIT_NOFILE, &saved);
  return server;
}

}  // namespace

TEST_CASE("under a 256-descriptor limit the 129th connection is answered 503 server_busy",
          "[integration]") {
  temp_dir dir;
  // The per-address cap is lifted so that one address can fill the server here.
  auto server = serve_with_descriptors(dir.path(), 256, {"--max-connections-per-peer", "1000"});
  const auto p = server->port();
  CHECK(server->log().find("max_connections=128") != std::string::npos);

  asio::io_context io;
  std::vector<std::unique_ptr<held_connection>> held;
  for (int i = 0; i < 128; ++i) {
    held.push_back(std::make_unique<held_connection>(io, "127.0.0.2", p));
    REQUIRE(held.back()->status == 200);
  }
  auto start = std::chrono::steady_clock::now();
  auto busy = call_from("127.0.0.3", p, "GET", "/healthz");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  CHECK(busy.status == 503);
  CHECK(has_code(busy.body, "server_busy"));
  CHECK(busy.retry_after == "5");

  held.pop_back();  // a place frees up once the server sees the close; /metrics needs one
  int64_t over = -1;
  for (int i = 0; i < 100 && over < 0; ++i) {
    try {
      over = metric(p, "wordhall_connections_over_capacity_total");
    } catch (const std::exception&) {
    }
    if (over < 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(over >= 1);
}

TEST_CASE("a second address is served while the first holds its per-address cap and the server "
          "is nearly full", "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token",
                        {"--max-connections", "6", "--max-connections-per-peer", "3"});
  const auto p = server.port();
  asio::io_context io;
  std::vector<std::unique_ptr<held_connection>> hogs;
  for (int i = 0; i < 3; ++i) hogs.push_back(std::make_unique<held_connection>(io, "127.0.0.1", p));
  // The abuser's further tries are 429 and take no place from anyone else.
  for (int i = 0; i < 5; ++i) CHECK(call_from("127.0.0.1", p, "GET", "/healthz").status == 429);
  CHECK(call_from("127.0.0.2", p, "GET", "/healthz").status == 200);
}

TEST_CASE("match creations per address: 429 rate_limited with Retry-After in every game",
          "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token",
                        {"--max-creations-per-minute", "3", "--vectors", dir.path() + "/none.whv"});
  const auto p = server.port();
  const std::string wortkunst = R"({"playerCount":2})";
  const auto first_taken = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i) {
    auto created = call_from("127.0.0.1", p, "POST", "/api/games", wortkunst);
    INFO(created.body);
    CHECK(created.status == 201);
  }
  auto refused = call_from("127.0.0.1", p, "POST", "/api/games", wortkunst);
  CHECK(refused.status == 429);
  CHECK(has_code(refused.body, "rate_limited"));
  // Three a minute: one every 20 seconds, less what has refilled since the first was taken (a
  // slow machine, or a sanitizer build, spends seconds on the three creations).
  const auto refilled = std::chrono::duration_cast<std::chrono::seconds>(
                            std::chrono::steady_clock::now() - first_taken).count();
  INFO("Retry-After " << refused.retry_after << " after " << refilled << " s");
  REQUIRE(!refused.retry_after.empty());
  const int retry_after = std::stoi(refused.retry_after);
  CHECK(retry_after <= 20);
  CHECK(retry_after >= 20 - refilled);
  // The limit is the address's, over every game's create route.
  auto codenames = call_from("127.0.0.1", p, "POST", "/api/codenames", R"({"mode":"two_teams"})");
  CHECK(codenames.status == 429);
  CHECK(call_from("127.0.0.1", p, "POST", "/match", R"({"name":"Friday"})").status == 429);
  // ... and the WebSocket's create command.
  ws_client ws(p);
  ws.send(R"({"type":"command","clientSeq":7,"game":"tictactoe","command":{"type":"create"}})");
  auto frame = ws.receive_containing("\"clientSeq\":7");
  CHECK(has_code(frame, "rate_limited"));
  // Another address creates as before, and the rest of the first one's traffic goes on.
  CHECK(call_from("127.0.0.2", p, "POST", "/api/games", wortkunst).status == 201);
  CHECK(call_from("127.0.0.1", p, "GET", "/healthz").status == 200);
  CHECK(metric(p, "wordhall_creations_rate_limited_total") == 4);
}

TEST_CASE("commands over a WebSocket's rate get rate_limited with their clientSeq; it stays open",
          "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token", {"--max-commands-per-second", "2"});
  ws_client ws(server.port());
  // Twelve at once: the burst of four passes (to a match that does not exist), the rest wait.
  for (int seq = 1; seq <= 12; ++seq)
    ws.send(R"({"type":"command","clientSeq":)" + std::to_string(seq) +
            R"(,"matchId":"nope","command":{"type":"view"}})");
  int limited = 0, passed = 0;
  for (int i = 0; i < 12; ++i) {
    auto frame = ws.receive();
    INFO(frame);
    REQUIRE(frame.find("\"clientSeq\":") != std::string::npos);
    if (has_code(frame, "rate_limited")) ++limited;
    else if (has_code(frame, "no_such_match")) ++passed;
  }
  CHECK(passed >= 4);
  CHECK(passed <= 6);  // a slow machine may refill a token or two meanwhile
  CHECK(limited == 12 - passed);
  CHECK(metric(server.port(), "wordhall_commands_rate_limited_total") == limited);
}

TEST_CASE("pings and subscribes share the connection's rate: a flood is refused, others play",
          "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token", {"--max-commands-per-second", "5"});
  const auto p = server.port();
  ws_client player(p);
  long long player_seq = 0;
  ttt_match match = start_ttt_match(player, player_seq);

  // Sixty frames at once that are no commands: the burst of ten passes, the rest are refused.
  ws_client flooder(p);
  for (int seq = 1; seq <= 30; ++seq) {
    flooder.send(R"({"type":"ping"})");
    flooder.send(R"({"type":"subscribe","clientSeq":)" + std::to_string(seq) +
                 R"(,"matchId":"nope"})");
  }
  // The player's own budget is untouched by the flood.
  for (int i = 0; i < 4; ++i) CHECK(play_ttt_move(player, match, player_seq).str("/type") == "ack");

  int pongs = 0, subscribes_answered = 0, pings_limited = 0, subscribes_limited = 0;
  std::set<int64_t> client_seqs;
  for (int i = 0; i < 60; ++i) {
    auto frame = flooder.receive();
    INFO(frame);
    const bool has_seq = frame.find("\"clientSeq\":") != std::string::npos;
    if (has_seq) client_seqs.insert(json_probe(frame).num("/clientSeq"));
    if (frame == R"({"type":"pong"})") ++pongs;
    else if (has_code(frame, "no_such_match")) ++subscribes_answered;
    else if (has_code(frame, "rate_limited") && has_seq) ++subscribes_limited;
    else if (has_code(frame, "rate_limited")) ++pings_limited;
    else FAIL("unexpected frame");
  }
  CHECK(pongs + subscribes_answered >= 10);
  CHECK(pongs + subscribes_answered <= 14);  // a slow machine may refill a token or two meanwhile
  CHECK(pings_limited == 30 - pongs);
  CHECK(subscribes_limited == 30 - subscribes_answered);
  CHECK(client_seqs.size() == 30);  // every subscribe got its own answer, refused or not
  CHECK(metric(p, "wordhall_commands_rate_limited_total") == pings_limited + subscribes_limited);
  CHECK(play_ttt_move(player, match, player_seq).str("/type") == "ack");
}

TEST_CASE("X-Forwarded-For names the client only when a trusted proxy sends it", "[integration]") {
  temp_dir dir;
  server_process server(dir.path(), "test-admin-token",
                        {"--max-creations-per-minute", "1", "--trusted-proxies", "127.0.0.1"});
  const auto p = server.port();
  const std::string body = R"({"playerCount":2})";
  // Through the proxy at 127.0.0.1, each forwarded client has its own allowance.
  CHECK(call_from("127.0.0.1", p, "POST", "/api/games", body, "203.0.113.1").status == 201);
  CHECK(call_from("127.0.0.1", p, "POST", "/api/games", body, "203.0.113.1").status == 429);
  CHECK(call_from("127.0.0.1", p, "POST", "/api/games", body, "198.51.100.9, 203.0.113.2").status ==
        201);
  // 127.0.0.2 is no proxy: its header is ignored, so a new name does not buy a new allowance.
  CHECK(call_from("127.0.0.2", p, "POST", "/api/games", body, "203.0.113.3").status == 201);
  CHECK(call_from("127.0.0.2", p, "POST", "/api/games", body, "203.0.113.4").status == 429);
}
