// Exchanges: who may, when the bag allows it, where the tiles go, and what others see.
#include "tests/wortkunst/game_support.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;
using namespace wordhall::wortkunst::testing;

TEST_CASE("exchanges: only with 7 tiles in the bag, tiles back into a reshuffled bag",
          "[wortkunst][game][exchange]") {
  table t;
  auto seats = two_player_game(t);
  std::string host = seats[0], bob = seats[1];
  auto rack = t.rack(0);
  CHECK(code_of(t.run(R"({"type":"exchange","letters":[]})", host)) == "no_tiles");
  CHECK(code_of(t.run(R"({"type":"exchange","letters":["ß"]})", host)) == "bad_letter");
  CHECK(code_of(t.run(R"({"type":"exchange"})", host)) == "bad_field");
  CHECK(code_of(t.run(R"({"type":"exchange","letters":[")" + missing_from(rack) + R"("]})",
                      host)) == "tile_not_on_rack");
  CHECK(code_of(t.run(R"({"type":"exchange","letters":["A"]})", bob)) == "not_your_turn");
  auto bag_before = t.st().bag;

  REQUIRE(t.run(R"({"type":"pass"})", host).ok());
  CHECK(t.st().passes == 1);
  auto bob_rack = t.rack(1);
  std::string swap = R"({"type":"exchange","letters":[")" + bob_rack[0] + R"(",")" + bob_rack[1] + R"("]})";
  REQUIRE(t.run(swap, bob).ok());
  CHECK(t.log.back().type == "wk.tiles_exchanged");
  state s = t.st();
  CHECK(s.passes == 0);  // an exchange resets the pass count
  CHECK(s.turn == 0);
  CHECK(s.seats[1].rack.size() == 7);
  CHECK(s.bag.size() == 88);
  CHECK(s.bag != bag_before);
  // Drawn first, then returned: the new tiles are the bag's old front.
  auto drawn = std::vector<std::string>(s.seats[1].rack.end() - 2, s.seats[1].rack.end());
  CHECK(drawn == std::vector<std::string>(bag_before.begin(), bag_before.begin() + 2));
  check_tiles_conserved(s);
  REQUIRE(s.history.size() == 2);
  CHECK(s.history[1].kind == "exchange");
  CHECK(s.history[1].score == 0);

  // Others see how many, never which.
  auto moves_for_host = field_of(t.view(host), "moves");
  CHECK(contains(moves_for_host, R"("kind":"exchange","tiles":[],"count":2,"letters":[])"));
  CHECK(contains(field_of(t.view(bob), "moves"), R"("count":2,"letters":[")" + bob_rack[0]));
  auto seen_by_host = t.g->visible_event(*t.s, t.log.back(), viewer{host});
  REQUIRE(seen_by_host);
  CHECK(*seen_by_host == R"({"type":"wk.tiles_exchanged","move":2,"seat":1,"count":2})");
  auto seen_by_bob = t.g->visible_event(*t.s, t.log.back(), viewer{bob});
  CHECK(contains(*seen_by_bob, "\"drawn\""));
  CHECK(contains(*seen_by_bob, "\"letters\""));

  REQUIRE(t.run(R"({"type":"pass"})", host).ok());
  CHECK(t.st().status == "playing");  // one pass since the exchange

  table small;
  small.crafted(1, {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"});
  CHECK(small.st().bag.size() == 6);
  CHECK(field_of(small.view("seat0"), "can_exchange") == "false");
  CHECK(code_of(small.run(R"({"type":"exchange","letters":["A"]})", "seat0")) == "bag_too_small");
}
