// Whole games with a person as the guesser, one sheet at a time: replaying the answers, the
// waiting question, the finished games and the errors a person can make.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "models/codenames/sheet_play.hpp"

using namespace wordhall::codenames;

namespace {

std::vector<std::string> small_deck() {
  std::vector<std::string> deck;
  for (int i = 0; i < 30; ++i) deck.push_back("w" + std::to_string(i));
  return deck;
}

// Clues the team's first card still face down, and records what it was told.
class first_card_spymaster final : public spymaster {
 public:
  std::string name() const override { return "first"; }
  wordhall::result<clue> give_clue(const board_view& b) const override {
    picks_seen = 0;
    for (const auto& turn : b.history) picks_seen += turn.picks.size();
    return clue{"hint" + std::to_string(b.history.size()), 1, {b.team.front()}};
  }
  mutable size_t picks_seen = 0;
};

std::string role_card(const quiz_question& q, card_role role) {
  for (size_t i = 0; i < q.cards.size(); ++i)
    if (q.roles[i] == role) return q.cards[i];
  return "";
}

}  // namespace

TEST_CASE("answers are lines \"G.T CLUE N: card, card\", the clue optional") {
  auto parsed = parse_sheet_answers(
      "# round one\n1.1: w3\n2.1  MUSIC 2: W4, w5  # two\n\n1.2 hint1 1: w6\n");
  REQUIRE(parsed.ok());
  CHECK(parsed->size() == 3);
  CHECK(parsed->at({0, 0}).clue.empty());
  CHECK(parsed->at({0, 0}).picks == std::vector<std::string>{"w3"});
  CHECK(parsed->at({1, 0}).clue == "MUSIC");
  CHECK(parsed->at({1, 0}).number == 2);
  CHECK(parsed->at({1, 0}).picks == std::vector<std::string>{"W4", "w5"});
  CHECK(parsed->at({0, 1}).clue == "hint1");
  CHECK(parsed->at({0, 1}).picks == std::vector<std::string>{"w6"});
  for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
           {"1: w3\n", "line 1: write \"G.T CLUE N: card, card\""},
           {"1.1 music: w3\n", "line 1: write \"G.T CLUE N: card, card\""},
           {"1.1 music two: w3\n", "line 1: write \"G.T CLUE N: card, card\""},
           {"1.1 music 0: w3\n", "line 1: a clue's number is 1 or more"},
           {"0.1: w3\n", "line 1: games and turns are numbered from 1"},
           {"1.1: w3\n1.1 hint0 1: w4\n", "line 2: game 1, turn 1 is answered twice"},
           {"1.1: ,\n", "line 1: pick at least one card"}}) {
    auto bad = parse_sheet_answers(text);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.err().code == "bad_answer");
    CHECK(bad.err().message.find(message) == 0);
  }
}

TEST_CASE("a game waits at its first unanswered clue and ends by the game's rules") {
  const auto deck = small_deck();
  first_card_spymaster giver;
  sheet_answers answers;
  auto first = play_by_sheet(deck, 2, 9, giver, answers);
  REQUIRE(first.ok());
  REQUIRE(first->size() == 2);
  for (const auto& g : first.value()) {
    CHECK_FALSE(g.finished);
    CHECK(g.question.turn == 0);
    CHECK(g.question.cards.size() == 25);
    CHECK(g.clues.empty());
  }
  const std::string sheet = sheet_text(first.value());
  CHECK(sheet.find("1.1  HINT0 1") != std::string::npos);
  CHECK(sheet.find("2.1  HINT0 1") != std::string::npos);

  // Game 1: every clue answered with its target, so it is won in 8 turns; the spymaster sees
  // every pick made before it speaks.
  std::vector<sheet_game> now = first.value();
  for (size_t turn = 0; turn < 8; ++turn) {
    answers[{0, turn}].picks = now[0].question.given.targets;
    auto next = play_by_sheet(deck, 2, 9, giver, answers);
    REQUIRE(next.ok());
    now = next.value();
    if (turn < 7) {
      REQUIRE_FALSE(now[0].finished);
      CHECK(now[0].question.turn == turn + 1);
      CHECK(now[0].clues.size() == turn + 1);
      CHECK(now[0].covered.size() == turn + 1);
      CHECK(now[0].question.cards.size() == 24 - turn);
      REQUIRE(play_by_sheet(deck, 1, 9, giver, answers).ok());  // game 1 only: its waiting clue
      CHECK(giver.picks_seen == turn + 1);
    }
  }
  REQUIRE(now[0].finished);
  CHECK(now[0].record.won);
  CHECK(now[0].record.turns == 8);

  // Game 2: the assassin on the first pick.
  answers[{1, 0}].picks = {role_card(now[1].question, card_role::assassin)};
  auto lost = play_by_sheet(deck, 2, 9, giver, answers);
  REQUIRE(lost.ok());
  REQUIRE(lost->at(1).finished);
  CHECK(lost->at(1).record.assassin);
  CHECK_FALSE(lost->at(1).record.won);
  const std::string over = sheet_text(lost.value());
  CHECK(over.find("# game 1: won in 8 turns") != std::string::npos);
  CHECK(over.find("# game 2: lost to the assassin on turn 1") != std::string::npos);
  CHECK(over.find("you are the guesser") == std::string::npos);  // nothing left to answer
}

TEST_CASE("an answer that names no face-down card, or a turn never reached, is refused") {
  const auto deck = small_deck();
  first_card_spymaster giver;
  auto fresh = play_by_sheet(deck, 1, 9, giver, {});
  REQUIRE(fresh.ok());
  const auto& q = fresh->front().question;

  sheet_answers unknown{{{0, 0}, {"", 0, {"nothing-like-it"}}}};
  auto bad = play_by_sheet(deck, 1, 9, giver, unknown);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.err().code == "bad_answer");
  CHECK(bad.err().message ==
        "game 1, turn 1: \"nothing-like-it\" is not one of the face-down cards");

  // A civilian ends the turn; an answer for turn 3 when the game is at turn 2 was never asked.
  sheet_answers ahead{{{0, 0}, {"", 0, {role_card(q, card_role::civilian)}}},
                      {{0, 2}, {"", 0, {"w1"}}}};
  auto early = play_by_sheet(deck, 1, 9, giver, ahead);
  REQUIRE_FALSE(early.ok());
  CHECK(early.err().message == "game 1, turn 3: the game never reached that turn");
}

TEST_CASE("an answer names its clue: applied to no other, and the record plays without a spymaster") {
  const auto deck = small_deck();
  first_card_spymaster giver;
  // Two games played through by sheet, every answer naming the clue it was given: game 1 won by
  // its targets, game 2 ended by a civilian and then the assassin.
  sheet_answers answers;
  for (size_t round = 0; round < 10; ++round) {
    auto now = play_by_sheet(deck, 2, 9, giver, answers);
    REQUIRE(now.ok());
    for (const auto& g : now.value()) {
      if (g.finished) continue;
      const auto& q = g.question;
      std::vector<std::string> picks = q.given.targets;
      if (g.game == 1) picks = {role_card(q, q.turn == 0 ? card_role::civilian : card_role::assassin)};
      answers[{g.game, q.turn}] = {q.given.word, q.given.number, picks};
    }
  }
  auto played = play_by_sheet(deck, 2, 9, giver, answers);
  REQUIRE(played.ok());
  REQUIRE(played->at(0).finished);
  REQUIRE(played->at(1).finished);
  CHECK(played->at(0).record.won);
  CHECK(played->at(1).record.assassin);

  auto recorded = play_recorded(deck, 2, 9, answers);
  REQUIRE(recorded.ok());
  for (size_t g = 0; g < 2; ++g) {
    REQUIRE(recorded->at(g).finished);
    const auto& a = played->at(g).record;
    const auto& b = recorded->at(g).record;
    CHECK(a.won == b.won);
    CHECK(a.assassin == b.assassin);
    CHECK(a.turns == b.turns);
    CHECK(a.team_revealed == b.team_revealed);
    CHECK(a.clues_for == b.clues_for);
    CHECK(a.first_ours_for == b.first_ours_for);
  }
  CHECK(recorded->at(1).record.clues == 2);

  // Another spymaster's clue at game 1, turn 2: the answer is not applied to it.
  sheet_answers other = answers;
  other[{0, 1}].clue = "HINT7";
  auto refused = play_by_sheet(deck, 2, 9, giver, other);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.err().code == "other_clue");
  CHECK(refused.err().message.find("game 1, turn 2 was answered to HINT7 1, but this "
                                   "spymaster's clue there is HINT1 1") == 0);
  // The record plays that game on as it was answered, with its own clue.
  auto as_played = play_recorded(deck, 2, 9, other);
  REQUIRE(as_played.ok());
  CHECK(as_played->at(0).record.won);

  // A record names every clue; a game without its next answer is not over.
  sheet_answers unnamed = answers;
  unnamed[{0, 3}].clue.clear();
  auto bad = play_recorded(deck, 2, 9, unnamed);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.err().code == "bad_answer");
  CHECK(bad.err().message.find("game 1, turn 4: a record names each turn's clue") == 0);
  sheet_answers shorter = answers;
  shorter.erase({0, 7});
  auto going = play_recorded(deck, 2, 9, shorter);
  REQUIRE(going.ok());
  CHECK_FALSE(going->at(0).finished);
  CHECK(going->at(0).question.turn == 7);
}
