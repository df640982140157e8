// The GCG export (events/wortkunst/gcg.hpp): move lines, notes, the end, and whose racks show.
#include "tests/wortkunst/game_support.hpp"

#include "events/wortkunst/gcg.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;
using namespace wordhall::wortkunst::testing;

namespace {

// P0 is dealt HAUSEN?, P1 MAUSTER; then HAUS across from G8 (40), P1 exchanges M, P0 plays a
// blank as Ä below the S (SÄ down, 12), P1 passes; with `finish` P0 passes and the game ends.
void play(table& t, bool finish) {
  t.crafted(2, {"H", "A", "U", "S", "E", "N", "?", "M", "A", "U", "S", "T", "E", "R",
                "L", "I", "C", "H", "T", "E", "R", "N", "A", "B", "C", "D"});
  REQUIRE(t.run(place_across("G8", {"H", "A", "U", "S"}), "seat0").ok());
  REQUIRE(t.run(rating_ok("rate:1:1", {"HAUS"}, 40), "", true).ok());
  REQUIRE(t.run(R"({"type":"exchange","letters":["M"]})", "seat1").ok());
  REQUIRE(t.run(R"({"type":"place","tiles":[{"square":"J9","letter":"Ä","blank":true}]})", "seat0")
              .ok());
  REQUIRE(t.run(rating_ok("rate:3:1", {"SÄ"}, 12), "", true).ok());
  REQUIRE(t.run(R"({"type":"pass"})", "seat1").ok());
  if (finish) REQUIRE(t.run(R"({"type":"pass"})", "seat0").ok());
}

std::string gcg(const table& t, const std::string& caller, bool all = false) {
  auto text = gcg_of_stream(t.log, "g1", gcg_reader{caller, all});
  REQUIRE(text.ok());
  return *text;
}

}  // namespace

TEST_CASE("gcg: pragmas, placements with play-through and blanks, exchanges, passes, the end",
          "[wortkunst][gcg]") {
  table t;
  play(t, true);
  std::string text = gcg(t, "");  // a spectator: the game is over, so every rack shows
  INFO(text);
  CHECK(text.rfind("#character-encoding UTF-8\n#title Wortkunst g1\n#id wordhall g1\n"
                   "#player1 P0 P0\n#player2 P1 P1\n", 0) == 0);
  CHECK_FALSE(contains(text, "#incomplete"));
  CHECK(contains(text, "\n>P0: HAUSEN? 8G HAUS +40 40\n#note HAUS 40: schön\n"));
  CHECK(contains(text, "\n>P1: MAUSTER -M +0 0\n"));
  CHECK(contains(text, "\n>P0: EN?LICH J8 .ä +12 52\n#note SÄ 12: schön\n"));
  CHECK(contains(text, " - +0 0\n"));   // P1's pass
  CHECK(contains(text, " - +0 52\n"));  // P0's pass, which ends the game
  // The end: 100 per tile left, each player's rack in parentheses.
  CHECK(contains(text, ") -700 -648\n"));
  CHECK(contains(text, ") -700 -700\n"));
  state s = t.st();
  std::string p1_rack;
  for (auto& l : s.seats[1].rack) p1_rack += l;
  CHECK(contains(text, "\n>P1: " + p1_rack + " (" + p1_rack + ") -700 -700\n"));
}

TEST_CASE("gcg: while the game runs, a player sees only their own racks", "[wortkunst][gcg]") {
  table t;
  play(t, false);
  std::string spectator = gcg(t, "");
  INFO(spectator);
  CHECK(contains(spectator, "#incomplete\n"));
  CHECK(contains(spectator, "\n>P0: 8G HAUS +40 40\n"));
  CHECK(contains(spectator, "\n>P1: -1 +0 0\n"));  // how many, not which
  CHECK_FALSE(contains(spectator, "HAUSEN?"));
  std::string p0 = gcg(t, "seat0");
  CHECK(contains(p0, "\n>P0: HAUSEN? 8G HAUS +40 40\n"));
  CHECK(contains(p0, "\n>P1: -1 +0 0\n"));
  std::string p1 = gcg(t, "seat1");
  CHECK(contains(p1, "\n>P0: 8G HAUS +40 40\n"));
  CHECK(contains(p1, "\n>P1: MAUSTER -M +0 0\n"));
  std::string all = gcg(t, "", true);
  CHECK(contains(all, "\n>P0: HAUSEN? 8G HAUS +40 40\n"));
  CHECK(contains(all, "\n>P1: MAUSTER -M +0 0\n"));
}

TEST_CASE("gcg: a move waiting for its rating is not written; names become nicknames",
          "[wortkunst][gcg]") {
  table t;
  game_created created{{1}, {"seat0", "seat1"}};
  t.push(event{created});
  t.push(event{seat_joined{0, "Anna Maria"}});
  t.push(event{seat_joined{1, "Anna Maria"}});
  t.push(event{game_started{5, {0, 1}, full_bag()}});
  auto rack = t.rack(0);
  REQUIRE(t.run(place_across("G8", {rack[0], rack[1]}), "seat0").ok());
  std::string text = gcg(t, "seat0");
  INFO(text);
  CHECK(contains(text, "#player1 Anna_Maria_1 Anna Maria\n#player2 Anna_Maria_2 Anna Maria\n"));
  CHECK_FALSE(contains(text, "\n>"));
}

TEST_CASE("gcg: a stream that cannot be decoded is an error", "[wortkunst][gcg]") {
  table t;
  play(t, false);
  auto damaged = t.log;
  damaged[3].payload = R"({"move":"one"})";
  CHECK_FALSE(gcg_of_stream(damaged, "g1", gcg_reader{}).ok());
}
