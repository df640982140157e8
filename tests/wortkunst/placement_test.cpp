// Placement rules as a table: a board, a placement, and the words formed or the error code.
#include <catch2/catch.hpp>

#include "events/json_read.hpp"
#include "events/wortkunst/placement.hpp"
#include "events/wortkunst/tiles.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;

namespace {

// "H8>HAUS" writes HAUS across from H8, "H8vHAUS" down; lower case letters are blanks.
board board_of(const std::vector<std::string>& lines) {
  board b;
  for (auto& line : lines) {
    auto split = line.find_first_of(">v");
    REQUIRE(split != std::string::npos);
    auto at = parse_square(line.substr(0, split));
    REQUIRE(at);
    int dx = line[split] == '>' ? 1 : 0, dy = 1 - dx;
    int x = at->x, y = at->y;
    for (auto& ch : code_points(line.substr(split + 1))) {
      auto letter = tile_letter(ch);
      REQUIRE(letter);
      b.at({x, y}) = cell{*letter, ch != *letter};
      x += dx, y += dy;
    }
  }
  return b;
}

// "words" joined by spaces, each as WORD@FIRST-LAST; or "!code".
std::string outcome_of(const std::vector<std::string>& lines, const std::string& tiles_json,
                       const std::vector<std::string>* rack = nullptr) {
  auto doc = json_document::parse(tiles_json);
  REQUIRE(doc.ok());
  auto tiles = read_tiles(doc->root());
  if (!tiles) return "!" + tiles.err().code;
  auto words = check_placement(board_of(lines), *tiles, rack);
  if (!words) return "!" + words.err().code;
  std::string out;
  for (auto& w : *words) {
    if (!out.empty()) out += " ";
    out += w.word + "@" + square_name(w.squares.front()) + "-" + square_name(w.squares.back());
  }
  return out;
}

struct row {
  const char* rule;
  std::vector<std::string> board;
  const char* tiles;
  const char* expected;
};

const std::vector<std::string> haus = {"H8>HAUS"};  // H8 H, I8 A, J8 U, K8 S

const row placement_cases[] = {
    // The first move.
    {"first move across the centre", {}, R"([{"square":"G8","letter":"A"},{"square":"H8","letter":"B"}])", "AB@G8-H8"},
    {"first move down the centre", {}, R"([{"square":"H7","letter":"O"},{"square":"H8","letter":"B"}])", "OB@H7-H8"},
    {"tiles in any order read in order", {}, R"([{"square":"I8","letter":"C"},{"square":"G8","letter":"A"},{"square":"H8","letter":"B"}])", "ABC@G8-I8"},
    {"first move off the centre", {}, R"([{"square":"A1","letter":"A"},{"square":"B1","letter":"B"}])", "!first_move_off_centre"},
    {"first move of one tile on the centre", {}, R"([{"square":"H8","letter":"A"}])", "!first_move_too_short"},
    {"first move of one tile elsewhere", {}, R"([{"square":"C3","letter":"A"}])", "!first_move_off_centre"},
    {"first move with a gap", {}, R"([{"square":"G8","letter":"A"},{"square":"I8","letter":"B"}])", "!gap_in_word"},
    // Malformed tiles.
    {"no tiles", {}, R"([])", "!no_tiles"},
    {"column past O", {}, R"([{"square":"P8","letter":"A"}])", "!bad_square"},
    {"row 0", {}, R"([{"square":"A0","letter":"A"}])", "!bad_square"},
    {"row 16", {}, R"([{"square":"A16","letter":"A"}])", "!bad_square"},
    {"leading zero", {}, R"([{"square":"A01","letter":"A"}])", "!bad_square"},
    {"no row", {}, R"([{"square":"H","letter":"A"}])", "!bad_square"},
    {"no square", {}, R"([{"letter":"A"}])", "!bad_square"},
    {"lower-case square", {}, R"([{"square":"g8","letter":"A"},{"square":"h8","letter":"B"}])", "AB@G8-H8"},
    {"sharp s is no tile", {}, R"([{"square":"G8","letter":"ß"},{"square":"H8","letter":"A"}])", "!bad_letter"},
    {"digit", {}, R"([{"square":"G8","letter":"1"},{"square":"H8","letter":"A"}])", "!bad_letter"},
    {"two letters", {}, R"([{"square":"G8","letter":"AB"},{"square":"H8","letter":"A"}])", "!bad_letter"},
    {"no letter", {}, R"([{"square":"G8"},{"square":"H8","letter":"A"}])", "!bad_letter"},
    {"blank without a letter", {}, R"([{"square":"G8","blank":true},{"square":"H8","letter":"A"}])", "!blank_unassigned"},
    {"blank with an empty letter", {}, R"([{"square":"G8","letter":"","blank":true},{"square":"H8","letter":"A"}])", "!blank_unassigned"},
    {"a ? letter", {}, R"([{"square":"G8","letter":"?"},{"square":"H8","letter":"A"}])", "!blank_unassigned"},
    {"blank as sharp s", {}, R"([{"square":"G8","letter":"ß","blank":true},{"square":"H8","letter":"A"}])", "!bad_letter"},
    {"bad square before bad letter", {}, R"([{"square":"Z9","letter":"ß"}])", "!bad_square"},
    {"duplicate square", {}, R"([{"square":"H8","letter":"A"},{"square":"H8","letter":"B"}])", "!duplicate_square"},
    // Blanks and umlauts.
    {"blank designated", {}, R"([{"square":"G8","letter":"Q","blank":true},{"square":"H8","letter":"I"}])", "QI@G8-H8"},
    {"blank in lower case", {}, R"([{"square":"G8","letter":"ö","blank":true},{"square":"H8","letter":"L"}])", "ÖL@G8-H8"},
    {"umlauts", {}, R"([{"square":"G8","letter":"Ä"},{"square":"H8","letter":"R"},{"square":"I8","letter":"Z"},{"square":"J8","letter":"T"}])", "ÄRZT@G8-J8"},
    {"lower-case umlaut", {}, R"([{"square":"H8","letter":"ü"},{"square":"H9","letter":"b"}])", "ÜB@H8-H9"},
    {"words through umlauts on the board", {"H8vÄRZT"}, R"([{"square":"I9","letter":"E"}])", "RE@H9-I9"},
    // Later moves.
    {"square taken", haus, R"([{"square":"H8","letter":"A"}])", "!square_taken"},
    {"not in line", haus, R"([{"square":"H9","letter":"A"},{"square":"I10","letter":"B"}])", "!tiles_not_in_line"},
    {"extends a word", haus, R"([{"square":"L8","letter":"E"}])", "HAUSE@H8-L8"},
    {"gap filled by the board across", haus, R"([{"square":"G8","letter":"R"},{"square":"L8","letter":"E"}])", "RHAUSE@G8-L8"},
    {"gap filled by the board down", {"H8vHAUS"}, R"([{"square":"H7","letter":"X"},{"square":"H12","letter":"E"}])", "XHAUSE@H7-H12"},
    {"gap not filled", haus, R"([{"square":"G8","letter":"R"},{"square":"M8","letter":"E"}])", "!gap_in_word"},
    {"diagonal contact only", haus, R"([{"square":"G9","letter":"X"},{"square":"G10","letter":"Y"}])", "!not_connected"},
    {"diagonal single tile", haus, R"([{"square":"L7","letter":"X"}])", "!not_connected"},
    {"far away", haus, R"([{"square":"A1","letter":"A"},{"square":"B1","letter":"B"}])", "!not_connected"},
    {"one tile, one word down", haus, R"([{"square":"H9","letter":"A"}])", "HA@H8-H9"},
    {"one tile, two words", {"H8>HA", "J9vOB"}, R"([{"square":"J8","letter":"T"}])", "HAT@H8-J8 TOB@J8-J10"},
    {"cross-words, one formed twice", haus, R"([{"square":"H9","letter":"A"},{"square":"I9","letter":"B"}])", "AB@H9-I9 HA@H8-H9 AB@I8-I9"},
    {"parallel play", haus, R"([{"square":"H9","letter":"A"},{"square":"I9","letter":"B"},{"square":"J9","letter":"E"},{"square":"K9","letter":"R"}])", "ABER@H9-K9 HA@H8-H9 AB@I8-I9 UE@J8-J9 SR@K8-K9"},
    {"down with cross-words", {"H8vHAUS"}, R"([{"square":"I8","letter":"O"},{"square":"I9","letter":"B"}])", "OB@I8-I9 HO@H8-I8 AB@H9-I9"},
    {"blank on the board reads upper case", {"H8>hAUS"}, R"([{"square":"H9","letter":"A"}])", "HA@H8-H9"},
    // Edges of the board.
    {"along the top row", {"A1>ABCDEFGHIJKLMNO"}, R"([{"square":"A2","letter":"X"},{"square":"B2","letter":"Y"}])", "XY@A2-B2 AX@A1-A2 BY@B1-B2"},
    {"down the right edge", {"H8>HAUSBOOT"}, R"([{"square":"O9","letter":"E"},{"square":"O10","letter":"N"}])", "TEN@O8-O10"},
    {"into the bottom-right corner", {"O8vTEERHAUS"}, R"([{"square":"N15","letter":"A"}])", "AS@N15-O15"},
    {"a full row of fifteen", {"H1vABCDEFG"}, R"([{"square":"A1","letter":"E"},{"square":"B1","letter":"I"},{"square":"C1","letter":"N"},{"square":"D1","letter":"E"},{"square":"E1","letter":"R"},{"square":"F1","letter":"L"},{"square":"G1","letter":"E"},{"square":"I1","letter":"I"},{"square":"J1","letter":"T"},{"square":"K1","letter":"E"},{"square":"L1","letter":"R"},{"square":"M1","letter":"N"},{"square":"N1","letter":"O"},{"square":"O1","letter":"T"}])", "EINERLEAITERNOT@A1-O1"},
};

}  // namespace

TEST_CASE("placement rules, as a table", "[wortkunst][placement]") {
  for (auto& r : placement_cases) {
    INFO(r.rule);
    CHECK(outcome_of(r.board, r.tiles) == r.expected);
  }
}

TEST_CASE("placement checks the rack, blanks as ?, as a multiset", "[wortkunst][placement]") {
  std::vector<std::string> rack{"A", "B", "?", "E", "E", "N", "Ä"};
  auto two = R"([{"square":"G8","letter":"A"},{"square":"H8","letter":"A"}])";
  CHECK(outcome_of({}, two, &rack) == "!tile_not_on_rack");  // one A only
  auto blank = R"([{"square":"G8","letter":"A"},{"square":"H8","letter":"A","blank":true}])";
  CHECK(outcome_of({}, blank, &rack) == "AA@G8-H8");
  auto blanks = R"([{"square":"G8","letter":"A","blank":true},{"square":"H8","letter":"A","blank":true}])";
  CHECK(outcome_of({}, blanks, &rack) == "!tile_not_on_rack");  // one blank only
  CHECK(outcome_of({}, R"([{"square":"G8","letter":"E"},{"square":"H8","letter":"E"}])", &rack) ==
        "EE@G8-H8");
  CHECK(outcome_of({}, R"([{"square":"G8","letter":"ä"},{"square":"H8","letter":"N"}])", &rack) ==
        "ÄN@G8-H8");
  CHECK(outcome_of({}, R"([{"square":"G8","letter":"Ö"},{"square":"H8","letter":"N"}])", &rack) ==
        "!tile_not_on_rack");
  // The rack is checked after the squares, before the line.
  CHECK(outcome_of(haus, R"([{"square":"H8","letter":"Q"}])", &rack) == "!square_taken");
  CHECK(outcome_of({}, R"([{"square":"A1","letter":"Q"},{"square":"C5","letter":"A"}])", &rack) ==
        "!tile_not_on_rack");
}

TEST_CASE("placement keeps blanks' flags and letters; distinct words keep their first order",
          "[wortkunst][placement]") {
  auto doc = json_document::parse(
      R"([{"square":"H9","letter":"a","blank":true},{"square":"I9","letter":"B"}])");
  auto tiles = read_tiles(doc->root());
  REQUIRE(tiles.ok());
  CHECK((*tiles)[0].blank);
  CHECK((*tiles)[0].letter == "A");
  CHECK(rack_tiles(*tiles) == std::vector<std::string>{"?", "B"});
  auto words = check_placement(board_of(haus), *tiles);
  REQUIRE(words.ok());
  CHECK(distinct_words(*words) == std::vector<std::string>{"AB", "HA"});
}
