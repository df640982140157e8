// Vector cards' REST routes across a SIGKILL: a round dealt and half played before the kill is
// the same round after the restart, and its deadline, which fell while nothing ran or soon after,
// resolves it without anyone asking.
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/vectorcards_rest.hpp"

#include <catch2/catch.hpp>

#include <memory>

using namespace wordhall;
using namespace wordhall::testing;

TEST_CASE("vector cards REST: a round survives a SIGKILL and ends by its deadline",
          "[integration][vectorcards]") {
  auto flags = default_word_flags();
  if (!flags) return;
  temp_dir dir;
  auto server = std::make_unique<server_process>(dir.path(), "", *flags);
  wait_until_ready(server->port());
  rest_client c{server->port(), {}};

  // The shortest deadline docs/vectorcards.md allows.
  const std::string match = create_match(c, R"({"round_timeout_secs":10,"wildcard_ratio":0})");
  const std::string base = "/match/" + match;
  seat ann = join(c, match, "Ann");
  seat bob = join(c, match, "Bob");
  auto started = c.post(base + "/start", with_player(ann.id));
  REQUIRE(started.status == 200);
  json_probe dealt(started.body);
  auto publics = tokens(dealt, "/round_state/public_cards");
  auto hand = tokens(dealt, "/round_state/private_cards");
  auto moved = c.post(base + "/round/1/submit", submit_body(ann.id, publics[4], "-", hand[1], "+"));
  REQUIRE(moved.status == 200);
  json_probe before(c.get(round_url(match, ann.id)).body);
  int64_t deadline = before.num("/round_state/moves_deadline_ts");

  server->kill_hard();
  server = std::make_unique<server_process>(dir.path(), "", *flags);
  c.port = server->port();

  json_probe after(c.get(round_url(match, ann.id)).body);
  for (auto* field : {"/round_state/start_word", "/round_state/target_word"})
    CHECK(after.str(field) == before.str(field));
  CHECK(tokens(after, "/round_state/public_cards") == publics);
  CHECK(tokens(after, "/round_state/private_cards") == hand);
  CHECK(after.num("/round_state/moves_deadline_ts") == deadline);
  CHECK(to_json_text(after.at("/round_state/your_move")) ==
        to_json_text(before.at("/round_state/your_move")));

  // Nobody resolves it: its deadline does, on a server that was not running when it was dealt.
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(45);
  std::optional<json_probe> resolved;
  for (;;) {
    json_probe p(c.get(round_url(match, bob.id)).body);
    if (p.str("/round_state/phase") == "results") {
      CHECK(now_ms() >= deadline);
      resolved.emplace(p.text());
      break;
    }
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  CHECK(resolved->str("/round_state/results/reason") == "deadline");
  double base_similarity = number(*resolved, "/round_state/base_similarity");
  auto board = resolved->at("/round_state/results/leaderboard").get_array();
  REQUIRE(board.size() == 2);
  for (auto row : board) {
    bool is_bob = std::string_view(row["player"].get_string().value()) == bob.player;
    CHECK(row["submitted"].get_bool().value() == !is_bob);
    if (is_bob) CHECK(row["similarity"].get_double().value() == base_similarity);
  }
}

TEST_CASE("vector cards REST: a deadline that passed while the server was down still finds "
          "the nearest words",
          "[integration][vectorcards]") {
  auto flags = default_word_flags();
  if (!flags) return;
  temp_dir dir;
  auto server = std::make_unique<server_process>(dir.path(), "", *flags);
  wait_until_ready(server->port());
  rest_client c{server->port(), {}};
  const std::string match = create_match(c, R"({"round_timeout_secs":10,"wildcard_ratio":0})");
  const std::string base = "/match/" + match;
  seat ann = join(c, match, "Ann");
  join(c, match, "Bob");
  auto started = c.post(base + "/start", with_player(ann.id));
  REQUIRE(started.status == 200);
  json_probe dealt(started.body);
  auto publics = tokens(dealt, "/round_state/public_cards");
  auto hand = tokens(dealt, "/round_state/private_cards");
  json_probe moved(
      c.post(base + "/round/1/submit", submit_body(ann.id, publics[2], "+", hand[0], "-")).body);
  std::string nearest = moved.str("/nearest_token");
  int64_t deadline = dealt.num("/round_state/moves_deadline_ts");

  // Down past the deadline: on restart it fires at once, while the vectors are still loading.
  server->kill_hard();
  while (now_ms() < deadline + 200) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server = std::make_unique<server_process>(dir.path(), "", *flags);
  c.port = server->port();

  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(45);
  for (;;) {
    json_probe p(c.get(round_url(match, ann.id)).body);
    if (p.str("/round_state/phase") == "results") {
      CHECK(p.str("/round_state/results/reason") == "deadline");
      // Ann's nearest word came with her submit; the picture needs the round's search, which
      // waited for the vectors instead of failing without them.
      for (auto row : p.at("/round_state/results/leaderboard").get_array())
        if (std::string_view(row["player"].get_string().value()) == ann.player)
          CHECK(std::string_view(row["nearest_token"].get_string().value()) == nearest);
      auto pictured = p.at("/round_state/results/projection/players").get_array();
      REQUIRE(pictured.size() == 1);
      CHECK(std::string_view(pictured.at(0)["player"].get_string().value()) == ann.player);
      break;
    }
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}
