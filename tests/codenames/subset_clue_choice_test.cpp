// From c(t) for every subset to one clue (subset_clue_choice.hpp), on the plane of the baseline's
// tests, where every distance is a chord 2 sin(angle / 2):
//
//   team      apple 0°, banana 36°, cherry 80°     enemy stone 180°     assassin knife -100°
//   clues     juice 0°   red 18°   fruit 40°   tart 62°
//
// With tau = 1.05 and an assassin margin of 0.1, red, fruit and tart each reach all three team
// cards (at most 62° = 1.030 from each, every other card farther), juice only apple and banana.
// The net's clue vectors are placed by hand, each at the middle of its subset's angles:
//   {apple} 0°, {banana} 36°, {apple, banana} 18°, {cherry} 80°, {apple, cherry} 40°,
//   {banana, cherry} 58°, {all three} 40°.
#include <catch2/catch.hpp>

#include <cmath>

#include "models/codenames/subset_clue_choice.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

namespace {

constexpr double pi = 3.14159265358979323846;

std::shared_ptr<const clue_space> plane_space() {
  auto vectors = words_at_angles({{"apple", 0},
                                  {"banana", 36},
                                  {"cherry", 80},
                                  {"stone", 180},
                                  {"knife", -100},
                                  {"near", 100},
                                  {"plum", 45},
                                  {"juice", 0},
                                  {"red", 18},
                                  {"fruit", 40},
                                  {"tart", 62}});
  return std::make_shared<clue_space>(
      vectors, std::vector<std::string>{"juice", "red", "fruit", "tart"}, blocklist::parse(""));
}

board_view plane_board() {
  board_view board;
  board.team = {"apple", "banana", "cherry"};
  board.enemy = {"stone"};
  board.assassin = "knife";
  return board;
}

clue_matrix at_angles(const std::vector<double>& degrees) {
  clue_matrix rows(Eigen::Index(degrees.size()), 3);
  for (size_t r = 0; r < degrees.size(); ++r) {
    const double a = degrees[r] * pi / 180;
    rows.row(Eigen::Index(r)) << float(std::cos(a)), float(std::sin(a)), 0.0f;
  }
  return rows;
}

const clue_matrix middles = at_angles({0, 36, 18, 80, 40, 58, 40});

clue choose(const board_view& board, const subset_choice_options& options,
            const clue_matrix& rows = middles) {
  auto space = plane_space();
  auto cards = card_vectors_of(*space, board);
  REQUIRE(cards.ok());
  auto chosen = choose_subset_clue(*space, board, cards.value(), rows, options);
  REQUIRE(chosen.ok());
  return chosen.value();
}

subset_choice_options open_options() {
  subset_choice_options options;
  options.margins = {0.0, 0.0, 0.1};
  options.threshold = 1.05;
  options.words_per_subset = 3;
  return options;
}

}  // namespace

TEST_CASE("subset choice: the largest subset a legal word reaches, the word with most room",
          "[codenames][subset_choice]") {
  // c({all}) at 40°: its three nearest reaching words are fruit, red and tart; fruit has the most
  // room (stone and knife 140° away, its targets at most 40°).
  auto all = choose(plane_board(), open_options());
  CHECK(all.word == "fruit");
  CHECK(all.number == 3);
  CHECK(all.targets == std::vector<std::string>{"apple", "banana", "cherry"});
}

TEST_CASE("subset choice: c(t) picks the words a subset may get", "[codenames][subset_choice]") {
  auto options = open_options();
  options.words_per_subset = 1;
  auto toward_tart = at_angles({0, 36, 18, 80, 40, 58, 62});  // c({all}) at 62°
  CHECK(choose(plane_board(), options, toward_tart).word == "tart");
  CHECK(choose(plane_board(), options).word == "fruit");
  options.words_per_subset = 0;  // every reaching word: the net's vectors no longer matter
  CHECK(choose(plane_board(), options, toward_tart).word == "fruit");
}

TEST_CASE("subset choice: the threshold applies to the real word's distance",
          "[codenames][subset_choice]") {
  auto options = open_options();
  options.threshold = 0.6;  // below chord(40°): no word reaches all three
  // Pairs left: red for {apple, banana} (18°, room 1.615 - 0.313 to knife) beats tart for
  // {banana, cherry} (26° from banana, room 1.715 - 0.450 to stone).
  auto two = choose(plane_board(), options);
  CHECK(two.word == "red");
  CHECK(two.number == 2);
  CHECK(two.targets == std::vector<std::string>{"apple", "banana"});
}

TEST_CASE("subset choice: the assassin margin keeps the clue word off the assassin",
          "[codenames][subset_choice]") {
  auto board = plane_board();
  board.assassin = "near";  // 100°: fruit is 60° from it (1.000), 40° from apple and cherry
  auto options = open_options();
  options.margins.assassin = 0.3;
  CHECK(choose(board, options).word == "fruit");
  options.margins.assassin = 0.4;  // 0.684 + 0.4 > 1.000: fruit reaches banana only
  auto safer = choose(board, options);
  CHECK(safer.word == "red");  // 82° from the assassin; juice is as safe but farther from apple
  CHECK(safer.targets == std::vector<std::string>{"apple", "banana"});
}

TEST_CASE("subset choice: given clues and board words are never chosen",
          "[codenames][subset_choice]") {
  auto board = plane_board();
  board.given = {"fruit"};
  auto options = open_options();
  options.threshold = 0.9;
  auto hint = choose(board, options);
  CHECK(hint.word == "red");
  CHECK(hint.number == 2);
}

TEST_CASE("subset choice: when no word reaches a team card, the one-card clue with most room",
          "[codenames][subset_choice]") {
  // Alone with plum (45°), cherry has no clue word plum is farther from; tart is 18° from cherry
  // and 17° from plum, the least bad.
  board_view board = plane_board();
  board.team = {"cherry"};
  board.civilians = {"plum"};
  auto one = choose(board, open_options(), at_angles({80}));
  CHECK(one.word == "tart");
  CHECK(one.number == 1);
  CHECK(one.targets == std::vector<std::string>{"cherry"});
}

TEST_CASE("subset choice: a board with only team cards left, or one team card",
          "[codenames][subset_choice]") {
  board_view only_team;
  only_team.team = {"apple", "banana", "cherry"};
  auto all = choose(only_team, open_options());
  CHECK(all.word == "fruit");
  CHECK(all.number == 3);

  board_view last;
  last.team = {"cherry"};
  last.enemy = {"stone"};
  auto one = choose(last, open_options(), at_angles({80}));
  CHECK(one.word == "tart");
  CHECK(one.targets == std::vector<std::string>{"cherry"});
}

TEST_CASE("subset choice: bad input is an error", "[codenames][subset_choice]") {
  auto space = plane_space();
  auto board = plane_board();
  auto cards = card_vectors_of(*space, board);
  REQUIRE(cards.ok());
  auto wrong_rows = choose_subset_clue(*space, board, cards.value(), at_angles({0, 36}),
                                       open_options());
  CHECK(wrong_rows.err().code == "bad_board");
  board.civilians = {"zebra"};
  CHECK(card_vectors_of(*space, board).err().code == "word_not_in_vocabulary");
}
