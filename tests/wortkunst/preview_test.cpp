// What the page shows while a player plans: the `check` dry run (the words a draft forms with the
// board's tiles) and the unseen tiles of the view.
#include "tests/wortkunst/game_support.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;
using namespace wordhall::wortkunst::testing;

namespace {

// P0 holds TREIBEN, P1 MAUSTER; P0 has played REIB across from H8 (rated 30).
void board_with_reib(table& t) {
  t.crafted(2, {"T", "R", "E", "I", "B", "E", "N", "M", "A", "U", "S", "T", "E", "R",
                "L", "I", "C", "H", "T", "E", "R", "N", "A", "B", "C", "D"});
  REQUIRE(t.run(place_across("H8", {"R", "E", "I", "B"}), "seat0").ok());
  REQUIRE(t.run(rating_ok("rate:1:1", {"REIB"}, 30), "", true).ok());
}

}  // namespace

TEST_CASE("check: the words a draft forms with the board's tiles, or the rule it breaks",
          "[wortkunst][check][preview]") {
  table t;
  board_with_reib(t);
  // P1 extends REIB to TREIBE: the board's tiles count, the draft's two are only T and E.
  auto reply = t.run(
      R"({"type":"check","tiles":[{"square":"G8","letter":"T"},{"square":"L8","letter":"E"}]})",
      "seat1");
  REQUIRE(reply.ok());
  CHECK(field_of(*reply, "words") == R"(["TREIBE"])");
  CHECK(contains(field_of(*reply, "formed"), R"("squares":["G8","H8","I8","J8","K8","L8"])"));
  // Cross-words: MA under RE forms RM and EA down.
  size_t before = t.log.size();
  reply = t.run(R"({"type":"check","tiles":[{"square":"H9","letter":"M"},{"square":"I9","letter":"A"}]})",
                "seat1");
  REQUIRE(reply.ok());
  CHECK(field_of(*reply, "words") == R"(["MA","RM","EA"])");
  // Never a move: no events, the turn stays, and it works off turn (P0 may plan ahead).
  CHECK(t.log.size() == before);
  CHECK(t.st().turn == 1);
  CHECK(t.run(R"({"type":"check","tiles":[{"square":"H9","letter":"E"}]})", "seat0").ok());
  CHECK(code_of(t.run(R"({"type":"check","tiles":[{"square":"A1","letter":"T"}]})", "seat1")) ==
        "not_connected");
  CHECK(code_of(t.run(R"({"type":"check","tiles":[{"square":"G8","letter":"Q"}]})", "seat1")) ==
        "tile_not_on_rack");
  CHECK(code_of(t.run(R"({"type":"check","tiles":[]})", "seat1")) == "no_tiles");
  CHECK(code_of(t.run(R"({"type":"check"})", "seat1")) == "bad_field");
  CHECK(code_of(t.run(R"({"type":"check","tiles":[{"square":"G8","letter":"T"}]})", "")) ==
        "not_a_seat");
}

TEST_CASE("unseen tiles: all 102 less the board and the viewer's rack, by letter",
          "[wortkunst][view][preview]") {
  table t;
  board_with_reib(t);
  auto unseen = field_of(t.view("seat1"), "unseen");
  // P1 holds MAUSTER, the board REIB: of 6 R two are seen, of 15 E two (board and rack).
  CHECK(contains(unseen, R"("R":4)"));
  CHECK(contains(unseen, R"("E":13)"));
  CHECK(contains(unseen, R"("M":3)"));
  CHECK(contains(unseen, R"("?":2)"));
  CHECK(contains(unseen, R"("Ä":1)"));
  int total = 0;
  auto doc = json_document::parse(unseen);
  REQUIRE(doc.ok());
  simdjson::dom::object counts;
  REQUIRE(!doc->root().get(counts));
  for (auto [letter, count] : counts) total += static_cast<int>(count.get_int64().value());
  CHECK(total == 102 - 4 - 7);
  // A spectator has no rack: only the board is seen.
  auto spectator = field_of(t.view(""), "unseen");
  CHECK(contains(spectator, R"("M":4)"));
}
