// The classic baseline on a board laid out in a plane, where every distance is a chord
// 2 sin(angle / 2) and the right clue for each tau can be read off the angles:
//
//   team      apple 0°, banana 36°, cherry 80°     enemy stone 180°     assassin knife -100°
//   clues     apples 0° (contains "apple": illegal)   juice 0°   red 18°   fruit 40°   tart 62°
//
//   k = 3: fruit, largest angle 40° (to apple and to cherry)   d = chord(40°) = 0.684
//   k = 2: red for {apple, banana}, 18° from each              d = chord(18°) = 0.313
//          (tart for {banana, cherry} is 26° from banana: worse)
//   k = 1: juice for apple, 0°; then fruit for banana, 4°      d = 0, chord(4°) = 0.070
// Every clue is far nearer its targets than stone or knife, so the non-team rule holds for all.
#include <catch2/catch.hpp>

#include "models/codenames/baseline_spymaster.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

namespace {

std::shared_ptr<const clue_space> fruit_space() {
  auto vectors = words_at_angles({{"apple", 0},
                                  {"banana", 36},
                                  {"cherry", 80},
                                  {"stone", 180},
                                  {"knife", -100},
                                  {"plum", 45},
                                  {"apples", 0},
                                  {"juice", 0},
                                  {"red", 18},
                                  {"fruit", 40},
                                  {"tart", 62}});
  return std::make_shared<clue_space>(
      vectors, std::vector<std::string>{"apples", "juice", "red", "fruit", "tart", "banana"},
      blocklist::parse(""));
}

board_view three_fruit_board() {
  board_view board;
  board.team = {"apple", "banana", "cherry"};
  board.enemy = {"stone"};
  board.assassin = "knife";
  return board;
}

clue clue_at(double threshold, const board_view& board) {
  baseline_options options;
  options.threshold = threshold;
  auto given = baseline_spymaster(fruit_space(), options).give_clue(board);
  REQUIRE(given.ok());
  return given.value();
}

}  // namespace

TEST_CASE("baseline: distances are chords of unit vectors", "[codenames][baseline]") {
  CHECK(unit_distance(1.0) == Approx(0.0));
  CHECK(unit_distance(0.0) == Approx(std::sqrt(2.0)));
  CHECK(unit_distance(-1.0) == Approx(2.0));
  CHECK(unit_distance(std::cos(40 * 3.14159265358979323846 / 180)) == Approx(chord(40)));
}

TEST_CASE("baseline: the largest k whose best clue is within tau", "[codenames][baseline]") {
  const auto board = three_fruit_board();
  auto three = clue_at(chord(40) + 0.01, board);
  CHECK(three.word == "fruit");
  CHECK(three.number == 3);
  CHECK(three.targets == std::vector<std::string>{"apple", "banana", "cherry"});

  auto two = clue_at(chord(40) - 0.01, board);
  CHECK(two.word == "red");
  CHECK(two.number == 2);
  CHECK(two.targets == std::vector<std::string>{"apple", "banana"});

  auto one = clue_at(0.1, board);  // "apples" is as near but contains a board word
  CHECK(one.word == "juice");
  CHECK(one.number == 1);
  CHECK(one.targets == std::vector<std::string>{"apple"});
}

TEST_CASE("baseline: no k within tau gives the best one-card clue; given clues are skipped",
          "[codenames][baseline]") {
  auto board = three_fruit_board();
  board.given = {"juice"};
  auto one = clue_at(0.01, board);  // fruit is 4° from banana: d = 0.070 > tau, still the best
  CHECK(one.word == "fruit");
  CHECK(one.targets == std::vector<std::string>{"banana"});
}

TEST_CASE("baseline: a non-team card nearer than a target rules the clue out",
          "[codenames][baseline]") {
  auto board = three_fruit_board();
  board.civilians = {"plum"};  // 45°: 5° from fruit, so no clue covers all three team cards
  auto given = clue_at(1.0, board);
  CHECK(given.word == "red");  // plum is 27° from red, farther than apple and banana (18°)
  CHECK(given.number == 2);

  // Alone with plum, cherry has no clue word that plum is farther from (tart: 18° from cherry,
  // 17° from plum), so the spymaster falls back to the legal word nearest to cherry.
  board.team = {"cherry"};
  auto only = clue_at(1.0, board);
  CHECK(only.word == "tart");
  CHECK(only.number == 1);
}

TEST_CASE("baseline: errors name the problem", "[codenames][baseline]") {
  baseline_spymaster giver(fruit_space());
  board_view empty;
  CHECK(giver.give_clue(empty).err().code == "bad_board");
  auto board = three_fruit_board();
  board.team.push_back("zebra");
  CHECK(giver.give_clue(board).err().code == "word_not_in_vocabulary");
}
