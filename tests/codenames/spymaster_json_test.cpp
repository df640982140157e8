// The JSON of `wordhall spymaster clue` and `eval`.
#include <catch2/catch.hpp>

#include "events/json_read.hpp"
#include "models/codenames/spymaster_json.hpp"

using namespace wordhall::codenames;

TEST_CASE("spymaster json: a board", "[codenames][json]") {
  auto board = parse_board_json(
      R"({"team":["Apple","ice cream"],"enemy":["stone"],"civilians":["plum","pear"],)"
      R"("assassin":"knife","given":["fruit"],"revealed":["horse"]})");
  REQUIRE(board.ok());
  CHECK(board->team == std::vector<std::string>{"Apple", "ice cream"});
  CHECK(board->enemy == std::vector<std::string>{"stone"});
  CHECK(board->civilians == std::vector<std::string>{"plum", "pear"});
  CHECK(board->assassin == "knife");
  CHECK(board->given == std::vector<std::string>{"fruit"});
  CHECK(board->revealed == std::vector<std::string>{"horse"});

  auto late = parse_board_json(R"({"team":["apple"],"assassin":null})");
  REQUIRE(late.ok());
  CHECK(late->enemy.empty());
  CHECK(late->assassin.empty());
}

TEST_CASE("spymaster json: a board's history of turns and picks", "[codenames][json]") {
  auto board = parse_board_json(
      R"({"team":["apple"],"revealed":["pear","stone"],"history":[)"
      R"({"clue":"fruit","picks":["pear"]},{"clue":"rock","picks":["stone"],"ours":false}]})");
  REQUIRE(board.ok());
  REQUIRE(board->history.size() == 2);
  CHECK(board->history[0].clue == "fruit");
  CHECK(board->history[0].picks == std::vector<std::string>{"pear"});
  CHECK(board->history[0].ours);
  CHECK_FALSE(board->history[1].ours);
  // Without "given", our turns' clues are the given ones.
  CHECK(board->given == std::vector<std::string>{"fruit"});
}

TEST_CASE("spymaster json: the match's earlier games", "[codenames][json]") {
  auto board = parse_board_json(
      R"({"team":["apple"],"earlier":[{"cards":["pear","stone","plum"],"history":[)"
      R"({"clue":"fruit","picks":["pear","plum"]},{"clue":"rock","picks":["stone"],"ours":false}]},)"
      R"({"cards":["horse","cow"]}]})");
  REQUIRE(board.ok());
  CHECK(board->history.empty());
  CHECK(board->given.empty());  // an earlier game's clues may be given again
  REQUIRE(board->earlier.size() == 2);
  CHECK(board->earlier[0].cards == std::vector<std::string>{"pear", "stone", "plum"});
  REQUIRE(board->earlier[0].history.size() == 2);
  CHECK(board->earlier[0].history[0].picks == std::vector<std::string>{"pear", "plum"});
  CHECK_FALSE(board->earlier[0].history[1].ours);
  CHECK(board->earlier[1].cards == std::vector<std::string>{"horse", "cow"});
  CHECK(board->earlier[1].history.empty());
}

TEST_CASE("spymaster json: bad boards name the field", "[codenames][json]") {
  struct row {
    const char* text;
    const char* code;
    const char* mentions;
  };
  const row rows[] = {
      {"not json", "bad_json", "malformed"},
      {"[1]", "bad_json", "object"},
      {R"({"enemy":["a"]})", "bad_field", "team"},
      {R"({"team":[]})", "bad_field", "team"},
      {R"({"team":"apple"})", "bad_field", "team"},
      {R"({"team":["apple", 3]})", "bad_field", "team"},
      {R"({"team":["apple"],"given":[""]})", "bad_field", "given"},
      {R"({"team":["apple"],"assassin":7})", "bad_field", "assassin"},
      {R"({"team":["apple"],"history":{}})", "bad_field", "history"},
      {R"({"team":["apple"],"history":[{"picks":["pear"]}]})", "bad_field", "history"},
      {R"({"team":["apple"],"history":[{"clue":"fruit","picks":[1]}]})", "bad_field", "history"},
      {R"({"team":["apple"],"history":[{"clue":"fruit","ours":"yes"}]})", "bad_field", "history"},
      {R"({"team":["apple"],"earlier":{}})", "bad_field", "earlier"},
      {R"({"team":["apple"],"earlier":[{"history":[]}]})", "bad_field", "earlier"},
      {R"({"team":["apple"],"earlier":[{"cards":["pear"],"history":[{"picks":[]}]}]})",
       "bad_field", "history"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.text);
    auto board = parse_board_json(r.text);
    REQUIRE_FALSE(board.ok());
    CHECK(board.err().code == r.code);
    CHECK(board.err().message.find(r.mentions) != std::string::npos);
  }
}

TEST_CASE("spymaster json: a clue", "[codenames][json]") {
  CHECK(clue_json({"fruit", 2, {"apple", "banana"}}) ==
        R"({"clue":"fruit","number":2,"targets":["apple","banana"]})");
}

TEST_CASE("spymaster json: a board written is the board read", "[codenames][json]") {
  board_view board;
  board.team = {"apple", "ice cream"};
  board.enemy = {"stone"};
  board.civilians = {"plum"};
  board.assassin = "knife";
  board.revealed = {"pear", "horse"};
  board.given = {"fruit", "ride"};
  board.history = {{"fruit", {"pear"}, true}, {"ride", {"horse"}, false}};
  const std::string text = board_json(board);
  auto read = parse_board_json(text);
  REQUIRE(read.ok());
  CHECK(read->team == board.team);
  CHECK(read->enemy == board.enemy);
  CHECK(read->civilians == board.civilians);
  CHECK(read->assassin == board.assassin);
  CHECK(read->revealed == board.revealed);
  CHECK(read->given == board.given);
  REQUIRE(read->history.size() == 2);
  CHECK(read->history[1].clue == "ride");
  CHECK(read->history[1].picks == std::vector<std::string>{"horse"});
  CHECK_FALSE(read->history[1].ours);
  CHECK(read->earlier.empty());
  CHECK(text.find("earlier") == std::string::npos);

  // The assassin revealed, and a match's earlier game.
  board.assassin.clear();
  board.earlier = {{{"cow", "goat"}, {{"milk", {"cow"}, true}}}};
  auto later = parse_board_json(board_json(board));
  REQUIRE(later.ok());
  CHECK(later->assassin.empty());
  REQUIRE(later->earlier.size() == 1);
  CHECK(later->earlier[0].cards == std::vector<std::string>{"cow", "goat"});
  CHECK(later->earlier[0].history[0].picks == std::vector<std::string>{"cow"});
}

TEST_CASE("spymaster json: a paired comparison after the spymasters", "[codenames][json]") {
  eval_summary s;
  s.games = 2;
  s.win_rate = 1;
  s.mean_turns = 4;
  paired_comparison c;
  c.games = 2;
  c.turns = {-0.5, -1.25, 0.25};
  c.wins = {0, 0, 0};
  CHECK(eval_json({{"learned", s}, {"rule", s}}, {{"learned_minus_rule", c}}) ==
        R"({"learned":{"win_rate":1,"mean_turns":4,"words_per_clue":0,"assassin_rate":0},)"
        R"("rule":{"win_rate":1,"mean_turns":4,"words_per_clue":0,"assassin_rate":0},)"
        R"("paired":{"learned_minus_rule":{"games":2,"turns":{"mean":-0.5,"ci95":[-1.25,0.25]},)"
        R"("wins":{"mean":0,"ci95":[0,0]}}}})");
}

TEST_CASE("spymaster json: eval results per game of a match", "[codenames][json]") {
  eval_summary first, second, all;
  first.games = second.games = 1;
  first.mean_turns = 8;
  second.mean_turns = 5;
  all.games = 2;
  all.mean_turns = 6.5;
  all.by_game_of_match = {first, second};
  CHECK(eval_json({{"learned", all}}) ==
        R"({"learned":{"win_rate":0,"mean_turns":6.5,"words_per_clue":0,"assassin_rate":0,)"
        R"("by_game_of_match":[{"games":1,"win_rate":0,"mean_turns":8,"words_per_clue":0,)"
        R"("assassin_rate":0},{"games":1,"win_rate":0,"mean_turns":5,"words_per_clue":0,)"
        R"("assassin_rate":0}]}})");
}

TEST_CASE("spymaster json: eval results, one object per spymaster", "[codenames][json]") {
  eval_summary s;
  s.games = 200;
  s.win_rate = 0.5;
  s.mean_turns = 12.25;
  s.words_per_clue = 1.5;
  s.assassin_rate = 0.125;
  const std::string text = eval_json({{"baseline", s}});
  CHECK(text == R"({"baseline":{"win_rate":0.5,"mean_turns":12.25,"words_per_clue":1.5,)"
                R"("assassin_rate":0.125}})");

  auto doc = wordhall::json_document::parse(eval_json({{"learned", s}, {"baseline", s}}));
  REQUIRE(doc.ok());
  simdjson::dom::object root;
  REQUIRE_FALSE(doc->root().get(root));
  std::vector<std::string> keys;
  for (auto [key, value] : root) {
    keys.emplace_back(key);
    simdjson::dom::object model;
    REQUIRE_FALSE(value.get(model));
    std::vector<std::string> fields;
    for (auto [field, number] : model) {
      fields.emplace_back(field);
      CHECK(number.is_number());
    }
    CHECK(fields ==
          std::vector<std::string>{"win_rate", "mean_turns", "words_per_clue", "assassin_rate"});
  }
  CHECK(keys == std::vector<std::string>{"learned", "baseline"});
}
