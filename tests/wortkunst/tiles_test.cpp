// The bag, letters and squares.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "events/wortkunst/board.hpp"
#include "events/wortkunst/tiles.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;

TEST_CASE("the bag holds the German distribution of 102 tiles", "[wortkunst][tiles]") {
  auto bag = full_bag();
  CHECK(bag.size() == 102);
  std::map<std::string, int> counts;
  for (auto& t : bag) ++counts[t];
  CHECK(counts.size() == 30);  // 29 letters and the blank
  const std::map<std::string, int> expected = {
      {"A", 5}, {"B", 2}, {"C", 2}, {"D", 4}, {"E", 15}, {"F", 2}, {"G", 3}, {"H", 4},
      {"I", 6}, {"J", 1}, {"K", 2}, {"L", 3}, {"M", 4},  {"N", 9}, {"O", 3}, {"P", 1},
      {"Q", 1}, {"R", 6}, {"S", 7}, {"T", 6}, {"U", 6},  {"V", 1}, {"W", 1}, {"X", 1},
      {"Y", 1}, {"Z", 1}, {"Ä", 1}, {"Ö", 1}, {"Ü", 1},  {"?", 2}};
  CHECK(counts == expected);
}

TEST_CASE("shuffling is a permutation fixed by its seed", "[wortkunst][tiles]") {
  auto a = shuffled(full_bag(), 42), b = shuffled(full_bag(), 42), c = shuffled(full_bag(), 43);
  CHECK(a == b);
  CHECK(a != c);
  CHECK(a != full_bag());
  auto sorted_a = a, sorted_bag = full_bag();
  std::sort(sorted_a.begin(), sorted_a.end());
  std::sort(sorted_bag.begin(), sorted_bag.end());
  CHECK(sorted_a == sorted_bag);
  // A fixed seed gives a fixed order on every machine (the order is also in the events).
  CHECK(shuffled({"A", "B", "C", "D", "E"}, 1) == shuffled({"A", "B", "C", "D", "E"}, 1));
  std::set<std::string> fronts;
  for (uint64_t seed = 0; seed < 50; ++seed) fronts.insert(shuffled(full_bag(), seed).front());
  CHECK(fronts.size() > 5);
}

TEST_CASE("letters are code points: umlauts in both cases, no sharp s", "[wortkunst][tiles]") {
  CHECK(tile_letter("a") == std::optional<std::string>("A"));
  CHECK(tile_letter("Z") == std::optional<std::string>("Z"));
  CHECK(tile_letter("ä") == std::optional<std::string>("Ä"));
  CHECK(tile_letter("Ü") == std::optional<std::string>("Ü"));
  CHECK_FALSE(tile_letter("ß"));
  CHECK_FALSE(tile_letter("?"));
  CHECK_FALSE(tile_letter(""));
  CHECK_FALSE(tile_letter("AB"));
  CHECK_FALSE(tile_letter("é"));
  CHECK(lower_letter("Ö") == "ö");
  CHECK(lower_letter("Q") == "q");
  CHECK(code_points("ÄRZT").size() == 4);
  CHECK(code_points("ÄRZT")[0] == "Ä");
  CHECK(on_rack({"A", "?", "Ä"}, {"Ä", "?"}));
  CHECK_FALSE(on_rack({"A", "?"}, {"?", "?"}));
  CHECK(without({"A", "?", "A"}, {"A"}) == std::vector<std::string>{"?", "A"});
}

TEST_CASE("squares: columns A-O, rows 1-15, H8 the centre", "[wortkunst][board]") {
  CHECK(parse_square("H8") == std::optional<square>(square{7, 7}));
  CHECK(parse_square("A1") == std::optional<square>(square{0, 0}));
  CHECK(parse_square("O15") == std::optional<square>(square{14, 14}));
  CHECK(parse_square("o15") == std::optional<square>(square{14, 14}));
  for (auto bad : {"P1", "A0", "A16", "A01", "H", "", "8H", "H8 ", "AA1"}) {
    INFO(bad);
    CHECK_FALSE(parse_square(bad));
  }
  CHECK(square_name({14, 14}) == "O15");
  CHECK(square_name({7, 7}) == "H8");
}

TEST_CASE("the text board keeps blanks in lower case and umlauts as characters",
          "[wortkunst][board]") {
  board b;
  CHECK(b.empty());
  b.at({7, 7}) = cell{"Ä", false};
  b.at({8, 7}) = cell{"Ö", true};
  b.at({14, 14}) = cell{"Q", true};
  auto rows = b.rows();
  REQUIRE(rows.size() == 15);
  CHECK(rows[7] == ".......Äö......");
  CHECK(rows[14] == "..............q");
  CHECK(b.blank_squares() == std::vector<std::string>{"I8", "O15"});
  auto back = board::from_rows(rows);
  REQUIRE(back.ok());
  CHECK(*back == b);
  rows[3] = "...ß...........";
  CHECK(board::from_rows(rows).err().code == "bad_board");
  rows[3] = "....";
  CHECK(board::from_rows(rows).err().code == "bad_board");
  CHECK(board::from_rows({"..............."}).err().code == "bad_board");
}
