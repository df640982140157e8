// The multi-view rule on two views of one small board, laid out in a plane (angles in degrees):
//
//            apple  banana  stone  knife   red   pie   juice
//   view A     0      30     180    120     15    40     0
//   view B     0      30     180     90     75    15     0
//
// In view A alone "red" is the best clue for {apple, banana}: 15° from each and 105° from the
// assassin, where "pie" is 80° from it. View B puts "red" 15° from the assassin and 45° from
// banana, so with both views "red" has no room and "pie", with room in each view, is the clue.
#include <catch2/catch.hpp>

#include "models/codenames/view_rule_spymaster.hpp"

#include "models/codenames/deck_cosines.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

namespace {

const std::vector<std::string> two_clues = {"red", "pie"};

std::shared_ptr<const clue_space> view_a(const std::vector<std::string>& clue_words = two_clues) {
  return std::make_shared<clue_space>(
      words_at_angles({{"apple", 0}, {"banana", 30}, {"stone", 180}, {"knife", 120},
                       {"red", 15}, {"pie", 40}, {"juice", 0}}),
      clue_words, blocklist::parse(""));
}

std::shared_ptr<const clue_space> view_b(const std::vector<std::string>& clue_words = two_clues) {
  return std::make_shared<clue_space>(
      words_at_angles({{"apple", 0}, {"banana", 30}, {"stone", 180}, {"knife", 90},
                       {"red", 75}, {"pie", 15}, {"juice", 0}}),
      clue_words, blocklist::parse(""));
}

std::shared_ptr<const view_set> views_of(std::vector<std::shared_ptr<const clue_space>> spaces) {
  auto views = std::make_shared<view_set>();
  for (size_t i = 0; i < spaces.size(); ++i) views->names.push_back("view" + std::to_string(i));
  views->spaces = std::move(spaces);
  return views;
}

clue clue_from(std::shared_ptr<const view_set> views, const board_view& board,
               view_rule_options options = {}) {
  auto given = view_rule_spymaster(std::move(views), options).give_clue(board);
  REQUIRE(given.ok());
  return given.value();
}

}  // namespace

TEST_CASE("rule: one view gives its own best clue for two", "[codenames][rule]") {
  const clue c = clue_from(views_of({view_a()}), fruit_board());
  CHECK(c.word == "red");
  CHECK(c.number == 2);
  CHECK(c.targets == std::vector<std::string>{"apple", "banana"});
}

TEST_CASE("rule: a clue one view finds near the assassin is not given", "[codenames][rule]") {
  const clue c = clue_from(views_of({view_a(), view_b()}), fruit_board());
  CHECK(c.word == "pie");
  CHECK(c.number == 2);
  // The targets come nearest first by the views' mean similarity: banana, then apple.
  CHECK(c.targets == std::vector<std::string>{"banana", "apple"});
}

TEST_CASE("rule: without room for two, the best single card", "[codenames][rule]") {
  view_rule_options strict;
  strict.assassin_margin = 1.5;  // no clue is that far from the assassin in both views
  const std::vector<std::string> three = {"red", "pie", "juice"};
  const clue c = clue_from(views_of({view_a(three), view_b(three)}), fruit_board(), strict);
  CHECK(c.number == 1);
  // The fallback keeps the clue with the least shortfall: juice, on apple in both views.
  CHECK(c.word == "juice");
  CHECK(c.targets == std::vector<std::string>{"apple"});
}

TEST_CASE("rule: a revealed assassin and spent clues impose nothing more", "[codenames][rule]") {
  board_view board = fruit_board();
  board.assassin.clear();
  board.given = {"pie"};
  const clue c = clue_from(views_of({view_a(), view_b()}), board);
  CHECK(c.word != "pie");
  CHECK(c.number >= 1);
}

TEST_CASE("rule: errors name what is wrong", "[codenames][rule]") {
  board_view empty;
  auto no_team = view_rule_spymaster(views_of({view_a()})).give_clue(empty);
  REQUIRE_FALSE(no_team.ok());
  CHECK(no_team.err().code == "bad_board");
  board_view unknown = fruit_board();
  unknown.enemy.push_back("zebra");
  auto missing = view_rule_spymaster(views_of({view_a(), view_b()})).give_clue(unknown);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.err().code == "word_not_in_vocabulary");
}

TEST_CASE("rule: a board's similarities come from the deck's table when it holds the board",
          "[codenames][rule]") {
  const auto both = views_of({view_a(), view_b()});
  const std::vector<std::string> deck = {"apple", "banana", "stone", "knife"};
  auto table = deck_cosines::of(*both, deck);
  REQUIRE(table.ok());
  const auto shared = std::make_shared<const deck_cosines>(std::move(table).value());
  const auto with_table = view_rule_spymaster(both, {}, shared).give_clue(fruit_board());
  REQUIRE(with_table.ok());
  CHECK(with_table->word == "pie");
  CHECK(with_table->targets == std::vector<std::string>{"banana", "apple"});

  // Which source was read shows with a table made from view A twice (against the contract, on
  // purpose): read from it, the views agree with view A, and "red" is the clue again.
  auto one_view = deck_cosines::of(*views_of({view_a(), view_a()}), deck);
  REQUIRE(one_view.ok());
  const auto view_a_only = std::make_shared<const deck_cosines>(std::move(one_view).value());
  const auto from_table = view_rule_spymaster(both, {}, view_a_only).give_clue(fruit_board());
  REQUIRE(from_table.ok());
  CHECK(from_table->word == "red");
  // A board with a card the deck lacks is multiplied as before, by both views.
  board_view off_deck = fruit_board();
  off_deck.enemy.push_back("juice");
  const auto multiplied = view_rule_spymaster(both, {}, view_a_only).give_clue(off_deck);
  const auto plain = view_rule_spymaster(both).give_clue(off_deck);
  REQUIRE(multiplied.ok());
  REQUIRE(plain.ok());
  CHECK(multiplied->word == plain->word);
  CHECK(multiplied->targets == plain->targets);
}

TEST_CASE("view names are file names without folders and extension", "[codenames][rule]") {
  CHECK(view_name("data/embeddings/glove-6b-100d.whv") == "glove-6b-100d");
  CHECK(view_name("ppmi.whv") == "ppmi");
}
