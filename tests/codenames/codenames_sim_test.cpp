// The simulator's rules, with a scripted spymaster and guesser on a fixed board:
// t0..t7 ours, e0..e6 the enemy's, c0..c8 civilians, x the assassin.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <set>

#include "models/codenames/baseline_spymaster.hpp"
#include "models/codenames/codenames_sim.hpp"
#include "models/codenames/lost_games.hpp"
#include "models/codenames/spymaster_json.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using wordhall::codenames::testing::spread_name;
using wordhall::codenames::testing::spread_words;
using wordhall::result;

namespace {

std::vector<card> fixed_board() {
  std::vector<card> cards;
  for (int i = 0; i < 8; ++i) cards.push_back({"t" + std::to_string(i), card_role::team});
  for (int i = 0; i < 7; ++i) cards.push_back({"e" + std::to_string(i), card_role::enemy});
  for (int i = 0; i < 9; ++i) cards.push_back({"c" + std::to_string(i), card_role::civilian});
  cards.push_back({"x", card_role::assassin});
  return cards;
}

// 120 words spread over 8 dimensions: the first 40 the deck, the others the clue words.
struct spread_table {
  wordhall::models::embeddings vectors = spread_words(120, 8);
  std::vector<std::string> deck;
  std::shared_ptr<clue_space> space;

  spread_table() {
    std::vector<std::string> clue_words;
    for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
    for (size_t i = 40; i < 120; ++i) clue_words.push_back(spread_name(i));
    space = std::make_shared<clue_space>(vectors, clue_words,
                                         wordhall::models::blocklist::parse(""));
  }
};

// Gives turn i's clue for numbers[i] cards, meant for targets[i] (none once the script runs out).
class scripted_spymaster final : public spymaster {
 public:
  explicit scripted_spymaster(std::vector<int> numbers,
                              std::vector<std::vector<std::string>> targets = {})
      : numbers_(std::move(numbers)), targets_(std::move(targets)) {}
  std::string name() const override { return "scripted"; }
  result<clue> give_clue(const board_view& board) const override {
    const int number = turn_ < numbers_.size() ? numbers_[turn_] : 1;
    auto targets = turn_ < targets_.size() ? targets_[turn_] : std::vector<std::string>{};
    ++turn_;
    return clue{"clue" + std::to_string(turn_), number, std::move(targets)};
  }
  mutable size_t turn_ = 0;

 private:
  std::vector<int> numbers_;
  std::vector<std::vector<std::string>> targets_;
};

// Answers turn i with rankings[i] (nothing once the script runs out: the team passes).
class scripted_guesser final : public guesser {
 public:
  explicit scripted_guesser(std::vector<std::vector<std::string>> rankings)
      : rankings_(std::move(rankings)) {}
  result<std::vector<std::string>> rank(const clue&,
                                        const std::vector<std::string>&) const override {
    return turn_ < rankings_.size() ? rankings_[turn_++] : std::vector<std::string>{};
  }

 private:
  std::vector<std::vector<std::string>> rankings_;
  mutable size_t turn_ = 0;
};

game_record play(std::vector<int> numbers, std::vector<std::vector<std::string>> rankings,
                 std::vector<std::vector<std::string>> targets = {}) {
  auto record = play_game(fixed_board(), scripted_spymaster(std::move(numbers), std::move(targets)),
                          scripted_guesser(std::move(rankings)));
  REQUIRE(record.ok());
  return record.value();
}

}  // namespace

TEST_CASE("sim: the assassin loses at once, counted as 25 turns", "[codenames][sim]") {
  auto r = play({3}, {{"t0", "x", "t1"}});
  CHECK_FALSE(r.won);
  CHECK(r.assassin);
  CHECK(r.turns == 25);
  CHECK(r.clues == 1);
  CHECK(r.team_revealed == 1);  // t1, after the assassin, is never revealed
}

TEST_CASE("sim: the 7th enemy card loses; six do not", "[codenames][sim]") {
  std::vector<std::vector<std::string>> rankings;
  for (int i = 0; i < 7; ++i) rankings.push_back({"e" + std::to_string(i)});
  auto r = play(std::vector<int>(7, 1), rankings);
  CHECK_FALSE(r.won);
  CHECK_FALSE(r.assassin);
  CHECK(r.clues == 7);
  CHECK(r.turns == 25);

  rankings.back() = {"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"};
  std::vector<int> numbers(6, 1);
  numbers.push_back(8);
  auto survived = play(numbers, rankings);
  CHECK(survived.won);
  CHECK(survived.turns == 7);
}

TEST_CASE("sim: a miss ends the turn", "[codenames][sim]") {
  // Were t1 revealed after the civilian c0, turn 2's ranking would name a covered card.
  auto r = play({3, 7}, {{"t0", "c0", "t1"}, {"t1", "t2", "t3", "t4", "t5", "t6", "t7"}});
  CHECK(r.won);
  CHECK(r.turns == 2);
  CHECK(r.team_revealed == 8);
  auto enemy = play({3, 7}, {{"t0", "e0", "t1"}, {"t1", "t2", "t3", "t4", "t5", "t6", "t7"}});
  CHECK(enemy.won);
  CHECK(enemy.turns == 2);
}

TEST_CASE("sim: the guesser reveals at most the clue's number", "[codenames][sim]") {
  auto r = play({2, 6}, {{"t0", "t1", "t2"}, {"t2", "t3", "t4", "t5", "t6", "t7"}});
  CHECK(r.won);
  CHECK(r.turns == 2);
  CHECK(r.clues == 2);

  // A number beyond our cards left is capped there; 0 counts as 1.
  auto capped = play({9}, {{"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "c0"}});
  CHECK(capped.won);
  CHECK(capped.turns == 1);
  auto zero = play({0}, {{"t0", "t1"}});
  CHECK(zero.team_revealed == 1);
}

TEST_CASE("sim: per clue number, the clues and those whose first pick was ours",
          "[codenames][sim]") {
  // A clue for 1 read right, one for 2 whose first pick is a civilian, one for 5 (counted with
  // the clues for 4 or more) read right, then one for 1 that hits the assassin and ends the game.
  auto r = play({1, 2, 5, 1}, {{"t0"}, {"c0", "t1"}, {"t1", "t2", "t3", "t4", "t5"}, {"x"}});
  CHECK(r.clues_for == std::array<size_t, 4>{2, 1, 0, 1});
  CHECK(r.first_ours_for == std::array<size_t, 4>{1, 0, 0, 1});
  auto other = play({3}, {{"t0", "x"}});  // ours first, then the assassin
  auto s = summarise({r, other});
  CHECK(s.clues_for == std::array<size_t, 4>{2, 1, 1, 1});
  CHECK(s.first_ours_for == std::array<size_t, 4>{1, 0, 1, 1});
  const std::string text = eval_json({{"learned", s}});
  CHECK(text.find(R"("first_pick_ours":{"1":{"clues":2,"ours":1},"2":{"clues":1,"ours":0},)"
                  R"("3":{"clues":1,"ours":1},"4":{"clues":1,"ours":1}})") != std::string::npos);
}

TEST_CASE("sim: by the cards of ours left, the clues and where their first picks fell",
          "[codenames][sim]") {
  // Eight cards left: a clue for 5 read right; three left: one for 2 whose first pick is an
  // enemy card, then one for 2 read right; one left: one whose first pick is a civilian, then
  // one that hits the assassin.
  auto r = play({5, 2, 2, 1, 1}, {{"t0", "t1", "t2", "t3", "t4"},
                                  {"e0", "t5"},
                                  {"t5", "t6"},
                                  {"c0"},
                                  {"x"}});
  CHECK(r.assassin);
  CHECK(r.clues_with_left == std::array<size_t, 4>{2, 0, 2, 1});
  CHECK(r.first_ours_with_left == std::array<size_t, 4>{0, 0, 1, 1});
  CHECK(r.first_assassin_with_left == std::array<size_t, 4>{1, 0, 0, 0});
  auto won = play({8}, {{"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"}});
  auto s = summarise({r, won});
  CHECK(s.clues_with_left == std::array<size_t, 4>{2, 0, 2, 2});
  CHECK(s.first_ours_with_left == std::array<size_t, 4>{0, 0, 1, 2});
  CHECK(s.first_assassin_with_left == std::array<size_t, 4>{1, 0, 0, 0});
  const std::string text = eval_json({{"learned", s}});
  CHECK(text.find(R"("first_pick_by_cards_left":{"1":{"clues":2,"ours":0,"assassin":1},)"
                  R"("3":{"clues":2,"ours":1,"assassin":0},)"
                  R"("4":{"clues":2,"ours":2,"assassin":0}})") != std::string::npos);
}

TEST_CASE("sim: a game not won in 25 turns is lost", "[codenames][sim]") {
  auto r = play({}, {});
  CHECK_FALSE(r.won);
  CHECK_FALSE(r.assassin);
  CHECK(r.clues == 25);
  CHECK(r.turns == 25);
  CHECK(r.team_revealed == 0);
}

TEST_CASE("sim: guessing a covered or unknown card is an error", "[codenames][sim]") {
  auto r = play_game(fixed_board(), scripted_spymaster({1, 1}), scripted_guesser({{"t0"}, {"t0"}}));
  REQUIRE_FALSE(r.ok());
  CHECK(r.err().code == "bad_guess");
}

TEST_CASE("sim: summaries", "[codenames][sim]") {
  std::vector<game_record> games(4);
  games[0] = {true, false, 5, 5, 8};
  games[1] = {true, false, 7, 7, 8};
  games[2] = {false, true, 25, 3, 2};
  games[3] = {false, false, 25, 10, 6};
  auto s = summarise(games);
  CHECK(s.games == 4);
  CHECK(s.win_rate == Approx(0.5));
  CHECK(s.mean_turns == Approx((5 + 7 + 25 + 25) / 4.0));
  CHECK(s.words_per_clue == Approx(24.0 / 25.0));
  CHECK(s.assassin_rate == Approx(0.25));
}

TEST_CASE("sim: a paired comparison of the same deals", "[codenames][sim]") {
  std::vector<game_record> a(4), b(4);
  a[0] = {true, false, 4, 4, 8};
  a[1] = {true, false, 6, 6, 8};
  a[2] = {false, true, 25, 2, 1};
  a[3] = {true, false, 5, 5, 8};
  b[0] = {true, false, 5, 5, 8};
  b[1] = {true, false, 6, 6, 8};
  b[2] = {true, false, 9, 9, 8};
  b[3] = {false, true, 25, 3, 2};
  const auto c = compare_paired(a, b);
  CHECK(c.games == 4);
  // turns: -1, 0, +16, -20; wins: 0, 0, -1, +1.
  CHECK(c.turns.mean == Approx(-5.0 / 4.0));
  CHECK(c.wins.mean == Approx(0.0));
  const double sd = std::sqrt(((-1 + 1.25) * (-1 + 1.25) + 1.25 * 1.25 + 17.25 * 17.25 +
                               18.75 * 18.75) / 3.0);
  CHECK(c.turns.high - c.turns.mean == Approx(1.96 * sd / 2.0));
  CHECK(c.turns.mean - c.turns.low == Approx(1.96 * sd / 2.0));

  const auto same = compare_paired(a, a);
  CHECK(same.turns.mean == 0.0);
  CHECK(same.turns.low == 0.0);
  CHECK(same.turns.high == 0.0);
}

TEST_CASE("sim: deals are 8/7/9/1 distinct cards, the same for the same seed", "[codenames][sim]") {
  std::vector<std::string> deck;
  for (int i = 0; i < 60; ++i) deck.push_back("w" + std::to_string(i));
  auto a = deal_board(deck, game_seed(7, 3));
  auto b = deal_board(deck, game_seed(7, 3));
  auto c = deal_board(deck, game_seed(7, 4));
  REQUIRE(a.size() == 25);
  std::set<std::string> entries;
  int roles[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < a.size(); ++i) {
    entries.insert(a[i].entry);
    ++roles[int(a[i].role)];
    CHECK(a[i].entry == b[i].entry);
    CHECK(a[i].role == b[i].role);
    CHECK_FALSE(a[i].revealed);
  }
  CHECK(entries.size() == 25);
  CHECK(roles[0] == 8);
  CHECK(roles[1] == 7);
  CHECK(roles[2] == 9);
  CHECK(roles[3] == 1);
  bool differs = false;
  for (size_t i = 0; i < a.size(); ++i) differs |= a[i].entry != c[i].entry;
  CHECK(differs);
  CHECK(game_seed(7, 3) != game_seed(8, 3));
  CHECK(deal_board(std::vector<std::string>(deck.begin(), deck.begin() + 24), 1).empty());
}

TEST_CASE("sim: an evaluation is a function of its seed", "[codenames][sim]") {
  const spread_table table;
  baseline_spymaster giver(table.space);
  vector_guesser taker(table.vectors);
  const auto& deck = table.deck;
  auto first = evaluate(deck, 12, 42, giver, taker);
  auto again = evaluate(deck, 12, 42, giver, taker);
  REQUIRE(first.ok());
  REQUIRE(again.ok());
  CHECK(first->games == 12);
  CHECK(first->win_rate == again->win_rate);
  CHECK(first->mean_turns == again->mean_turns);
  CHECK(first->words_per_clue == again->words_per_clue);
  CHECK(first->assassin_rate == again->assassin_rate);
  CHECK(first->words_per_clue > 0);

  auto bad = evaluate({"bbc", "bbc"}, 1, 1, giver, taker);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.err().code == "bad_deck");
}

namespace {

// The baseline's clues, noting what each game's first clue was shown of the match's earlier games.
class noting_spymaster final : public spymaster {
 public:
  explicit noting_spymaster(const spymaster& inner) : inner_(inner) {}
  std::string name() const override { return "noting"; }
  result<clue> give_clue(const board_view& board) const override {
    if (board.history.empty()) shown.push_back(board.earlier);
    return inner_.give_clue(board);
  }
  mutable std::vector<std::vector<game_seen>> shown;  // per game, in order

 private:
  const spymaster& inner_;
};

// Keeps every board it is asked about.
class asked_spymaster final : public spymaster {
 public:
  explicit asked_spymaster(const spymaster& inner) : inner_(inner) {}
  std::string name() const override { return "asked"; }
  result<clue> give_clue(const board_view& board) const override {
    asked.push_back(board);
    return inner_.give_clue(board);
  }
  mutable std::vector<board_view> asked;

 private:
  const spymaster& inner_;
};

}  // namespace

TEST_CASE("sim: games played as matches show each game its match's earlier games, as played",
          "[codenames][sim]") {
  const spread_table table;
  baseline_spymaster baseline(table.space);
  vector_guesser taker(table.vectors);
  const auto& deck = table.deck;
  noting_spymaster giver(baseline);
  auto games = play_games(deck, 5, 42, giver, taker, {}, 2);
  REQUIRE(games.ok());
  REQUIRE(giver.shown.size() == 5);
  // Matches of two: games 0-1, 2-3, and 4 alone.
  for (size_t g : {size_t{0}, size_t{2}, size_t{4}}) CHECK(giver.shown[g].empty());
  for (size_t g : {size_t{1}, size_t{3}}) {
    REQUIRE(giver.shown[g].size() == 1);
    const auto& before = giver.shown[g][0];
    const auto& played = games.value()[g - 1];
    REQUIRE(before.cards.size() == board_size);
    for (size_t c = 0; c < board_size; ++c) CHECK(before.cards[c] == played.dealt[c].entry);
    REQUIRE(before.history.size() == played.played.size());
    for (size_t t = 0; t < played.played.size(); ++t) {
      CHECK(before.history[t].clue == played.played[t].given.word);
      CHECK(before.history[t].picks == played.played[t].picks);
      CHECK(before.history[t].ours);
    }
  }
  // The deals are the seed's whatever the matches.
  auto alone = play_games(deck, 5, 42, baseline, taker);
  REQUIRE(alone.ok());
  for (size_t g = 0; g < 5; ++g)
    for (size_t c = 0; c < board_size; ++c)
      CHECK(alone.value()[g].dealt[c].entry == games.value()[g].dealt[c].entry);

  // Summed per game of a match: the first games (0, 2, 4) and the second ones (1, 3).
  const auto summary = summarise(games.value(), 2);
  REQUIRE(summary.by_game_of_match.size() == 2);
  CHECK(summary.by_game_of_match[0].games == 3);
  CHECK(summary.by_game_of_match[1].games == 2);
  const auto seconds = summarise({games.value()[1], games.value()[3]});
  CHECK(summary.by_game_of_match[1].mean_turns == seconds.mean_turns);
  CHECK(summary.by_game_of_match[1].win_rate == seconds.win_rate);
  CHECK(summarise(games.value()).by_game_of_match.empty());
}

TEST_CASE("sim: a record keeps the deal and every turn's clue and picks", "[codenames][sim]") {
  auto r = play({2, 1}, {{"t0", "c0", "t1"}, {"t1", "x"}});
  REQUIRE(r.dealt.size() == board_size);
  CHECK(r.dealt[0].entry == "t0");
  CHECK_FALSE(r.dealt[0].revealed);  // as dealt
  REQUIRE(r.played.size() == r.clues);  // the script's guesser passes after its two turns
  REQUIRE(r.clues == max_turns);
  CHECK(r.played[0].given.word == "clue1");
  CHECK(r.played[0].given.number == 2);
  CHECK(r.played[0].picks == std::vector<std::string>{"t0", "c0"});  // the miss ends the turn
  CHECK(r.played[1].picks == std::vector<std::string>{"t1"});        // one guess for a clue of 1
  CHECK(r.played[2].picks.empty());
}

TEST_CASE("lost games: each turn's clue and picks, the cards not ours marked", "[codenames][sim]") {
  const game_record won = play({8}, {{"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"}});
  const game_record civilian_then_assassin = play({2, 1}, {{"t0", "c0"}, {"x"}});
  const game_record enemies = play(std::vector<int>(7, 1), {{"e0"}, {"e1"}, {"e2"}, {"e3"},
                                                            {"e4"}, {"e5"}, {"e6"}});
  const std::vector<game_record> records{won, civilian_then_assassin, enemies};

  const std::string all = describe_lost_games(records, 5);
  CHECK(all.find("lost game 1 ") == std::string::npos);  // the won game is left out
  CHECK(all.find("lost game 2 to the assassin on turn 2 (ours: t0, t1, t2, t3, t4, t5, t6, "
                 "t7; assassin: x)\n"
                 "  1  clue1 2 [] -> t0, c0 (civilian)\n"
                 "  2  clue2 1 [] -> x (assassin)\n") != std::string::npos);
  CHECK(all.find("lost game 3 to the last enemy card on turn 7") != std::string::npos);
  CHECK(all.find("  7  clue7 1 [] -> e6 (enemy)\n") != std::string::npos);

  const std::string first = describe_lost_games(records, 1);
  CHECK(first.find("lost game 2 ") != std::string::npos);
  CHECK(first.find("lost game 3 ") == std::string::npos);
  CHECK(describe_lost_games({won}, 3).empty());
}

TEST_CASE("every game traced: won and lost alike, in order, up to the count", "[codenames][sim]") {
  const game_record won = play({8}, {{"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"}});
  const game_record civilian_then_assassin = play({2, 1}, {{"t0", "c0"}, {"x"}});
  const std::string both = describe_games({won, civilian_then_assassin}, 5);
  CHECK(both.find("game 1 won in 1 turns (ours: t0, t1, t2, t3, t4, t5, t6, t7; assassin: x)\n"
                  "  1  clue1 8 [] -> t0, t1, t2, t3, t4, t5, t6, t7\n"
                  "game 2 lost to the assassin in 2 turns") == 0);
  CHECK(both.find("  2  clue2 1 [] -> x (assassin)\n") != std::string::npos);
  const std::string first = describe_games({won, civilian_then_assassin}, 1);
  CHECK(first.find("game 1 won") == 0);
  CHECK(first.find("game 2") == std::string::npos);
  CHECK(describe_games({won}, 0).empty());
}

TEST_CASE("lost games: counted by how, the assassin's on a card an earlier clue failed to reach",
          "[codenames][sim]") {
  const game_record won = play({8}, {{"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"}});
  // t1 meant by a clue that ended on a civilian before reaching it, then the assassin on t1's.
  const game_record on_missed =
      play({2, 1}, {{"t0", "c0"}, {"x"}}, {{"t0", "t1"}, {"t1"}});
  // t1 meant by a clue that found t0 and stopped there (the number was used): no miss.
  const game_record after_a_stop = play({1, 1}, {{"t0"}, {"x"}}, {{"t0", "t1"}, {"t1"}});
  // A clue for t2, never meant before.
  const game_record fresh = play({2, 1}, {{"t0", "c0"}, {"x"}}, {{"t0", "t1"}, {"t2"}});
  const game_record enemies = play(std::vector<int>(7, 1), {{"e0"}, {"e1"}, {"e2"}, {"e3"},
                                                            {"e4"}, {"e5"}, {"e6"}});
  // The last enemy card on the last of the 25 turns is still the enemy's win.
  std::vector<std::vector<std::string>> late(max_turns - 7, std::vector<std::string>{});
  for (int e = 0; e < 7; ++e) late.push_back({"e" + std::to_string(e)});
  const game_record last_turn_enemy = play(std::vector<int>(max_turns, 1), late);
  REQUIRE(last_turn_enemy.clues == max_turns);
  CHECK(describe_lost_games({last_turn_enemy}, 1).find("to the last enemy card on turn 25") !=
        std::string::npos);
  CHECK(count_lost_games({won, on_missed, after_a_stop, fresh, enemies}) ==
        "4 of 5 games lost: 3 to the assassin (1 of them on a clue for a card an earlier clue had "
        "failed to reach), 1 to the last enemy card, 0 out of turns\n");
  CHECK(count_lost_games({play({1}, {})}) ==
        "1 of 1 games lost: 0 to the assassin (0 of them on a clue for a card an earlier clue had "
        "failed to reach), 0 to the last enemy card, 1 out of turns\n");
}

TEST_CASE("sim: the boards a game asked for each clue after its first, rebuilt from its record",
          "[codenames][sim]") {
  const spread_table table;
  baseline_spymaster baseline(table.space);
  vector_guesser taker(table.vectors);
  size_t rebuilt = 0;
  for (size_t game = 0; game < 4; ++game) {
    asked_spymaster giver(baseline);
    auto record = play_game(deal_board(table.deck, game_seed(7, game)), giver, taker);
    REQUIRE(record.ok());
    REQUIRE(giver.asked.size() == record->played.size());
    const auto boards = boards_asked(record.value());
    REQUIRE(boards.size() + 1 == giver.asked.size());
    rebuilt += boards.size();
    for (size_t i = 0; i < boards.size(); ++i) {
      const auto& shown = giver.asked[i + 1];
      CHECK(boards[i].team == shown.team);
      CHECK(boards[i].enemy == shown.enemy);
      CHECK(boards[i].civilians == shown.civilians);
      CHECK(boards[i].assassin == shown.assassin);
      CHECK(boards[i].revealed == shown.revealed);
      CHECK(boards[i].given == shown.given);
      REQUIRE(boards[i].history.size() == shown.history.size());
      for (size_t t = 0; t < shown.history.size(); ++t) {
        CHECK(boards[i].history[t].clue == shown.history[t].clue);
        CHECK(boards[i].history[t].picks == shown.history[t].picks);
      }
      // Asked again, the spymaster says what it said then.
      auto again = baseline.give_clue(boards[i]);
      REQUIRE(again.ok());
      CHECK(again->word == record->played[i + 1].given.word);
    }
  }
  CHECK(rebuilt >= 8);  // games of several clues each
}

