// Wortkunst with a model judge that fails: the server's MISTRAL_BASE_URL points at a fake
// Mistral on loopback (tests/judge/fake_mistral.hpp) that answers HTTP 500 to every automatic
// attempt, so the move shows `rating_failed` with its tiles on the board and the turn kept; a
// `retry_rating` from the other player (the mover may be offline) is then rated by the model.
#include "tests/judge/fake_mistral.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/wortkunst_rest.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace wordhall;
using namespace wordhall::testing;

TEST_CASE("wortkunst: a failed rating can be retried, then the model's scores count",
          "[integration][wortkunst]") {
  judge::test::fake_mistral llm;
  judge::test::step fail;
  fail.status = 500;
  fail.body = [](const std::vector<std::string>&) { return std::string(R"({"message":"down"})"); };
  llm.script({fail, fail, fail});  // the pool's three automatic attempts

  temp_dir dir;
  unsetenv("MISTRAL_API_KEY");
  setenv("MISTRAL_BASE_URL", llm.base_url().c_str(), 1);
  server_process server(dir.path());
  unsetenv("MISTRAL_BASE_URL");

  wk_client c{server.port(), {}};
  auto g = c.create(2);
  const std::string anna = g.tokens[0], ben = g.tokens[1];
  c.join(g, 0, "Quirina");
  c.join(g, 1, "Waldemar");
  REQUIRE(c.act(g, "start", anna).status == 200);
  auto rack = wk_strings(c.view(g, anna), "/rack");
  REQUIRE(c.act(g, "place", anna, wk_place_body(rack, {"H8", "I8"})).status == 200);

  json_probe failed = c.settled(g, ben);
  INFO(failed.text());
  REQUIRE(failed.str("/pending/status") == "failed");
  CHECK(failed.str("/pending/error/code") == "llm_http_error");
  CHECK(failed.at("/pending/can_retry").get_bool().value());
  CHECK(failed.num("/pending/attempt") == 1);
  CHECK(failed.num("/turn") == 0);
  CHECK_FALSE(failed.at("/your_turn").get_bool().value());
  CHECK(wk_board_at(failed, "H8") != ".");
  CHECK(failed.num("/seats/0/score") == 0);
  CHECK(failed.at("/moves").get_array().size() == 0);
  CHECK(llm.request_count() == 3);
  wk_refused(c.act(g, "pass", anna), 409, "rating_pending");

  // Ben asks again; the fake answers this time.
  auto retried = c.act(g, "retry-rating", ben);
  INFO(retried.body);
  REQUIRE(retried.status == 200);
  json_probe rated = c.settled(g, anna);
  INFO(rated.text());
  REQUIRE(rated.at("/pending").is_null());
  std::string word = rated.str("/moves/0/words/0/word");
  CHECK(word.size() >= 2);
  CHECK(rated.str("/moves/0/judge") != "offline");
  CHECK(rated.num("/moves/0/score") == judge::test::fake_score(word));
  CHECK(rated.str("/moves/0/evaluations/0/explanation") == "Ein schönes Wort: " + word + ".");
  CHECK(rated.num("/seats/0/score") == judge::test::fake_score(word));
  CHECK(rated.num("/turn") == 1);
  CHECK(llm.request_count() == 4);
  CHECK(llm.requests().back() == std::vector<std::string>{word});
  wk_refused(c.act(g, "retry-rating", ben), 409, "rating_not_failed");

  // The model saw the words and nothing about the players or the game.
  for (auto& body : llm.bodies()) {
    CHECK(body.find("Quirina") == std::string::npos);
    CHECK(body.find("Waldemar") == std::string::npos);
    CHECK(body.find(g.id) == std::string::npos);
  }
}
