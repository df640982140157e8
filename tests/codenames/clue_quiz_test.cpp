// The blind quiz: what its sheet hides, how an answer is read under the game's rules, and the
// answer and key formats with their errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "models/codenames/clue_quiz.hpp"

using namespace wordhall::codenames;

namespace {

// Cards in an order that is not alphabetical; "lake" is covered already.
std::vector<card> some_cards() {
  return {{"piano", card_role::team},      {"violin", card_role::team},
          {"Drum", card_role::enemy},      {"lake", card_role::team, true},
          {"apple", card_role::civilian},  {"ice cream", card_role::assassin},
          {"banana", card_role::civilian}};
}

quiz_question music_question(int number = 2) {
  return question_of(3, 1, some_cards(), clue{"orchestra", number, {"piano", "violin"}});
}

}  // namespace

TEST_CASE("a question lists the face-down cards alphabetically, roles alongside") {
  const auto q = music_question();
  CHECK(q.game == 3);
  CHECK(q.turn == 1);
  CHECK(q.cards == std::vector<std::string>{"apple", "banana", "Drum", "ice cream", "piano",
                                            "violin"});
  CHECK(q.roles == std::vector<card_role>{card_role::civilian, card_role::civilian,
                                          card_role::enemy, card_role::assassin, card_role::team,
                                          card_role::team});
}

TEST_CASE("the sheet shows clue and cards but no role or target") {
  const std::string sheet = quiz_sheet({music_question()});
  CHECK(sheet.find("1. ORCHESTRA 2") != std::string::npos);
  CHECK(sheet.find("apple · banana · Drum · ice cream · piano · violin") != std::string::npos);
  const std::string question = sheet.substr(sheet.find("1. ORCHESTRA"));
  for (const char* hidden : {"team", "enemy", "civilian", "assassin", "lake"})
    CHECK(question.find(hidden) == std::string::npos);
}

TEST_CASE("an answer is read by the game's rules") {
  const auto q = music_question();
  SECTION("both ours") {
    auto r = read_answer(q, {"violin", "PIANO"});
    REQUIRE(r.ok());
    CHECK(r->found == 2);
    CHECK(r->first_ours);
    CHECK_FALSE(r->stopped);
  }
  SECTION("the turn ends at the first card that is not ours") {
    auto r = read_answer(q, {"piano", "drum", "violin"});
    REQUIRE(r.ok());
    CHECK(r->found == 1);
    CHECK(r->stopped);
    CHECK(r->stopped_on == card_role::enemy);
  }
  SECTION("picks beyond the clue's number do not count") {
    auto one = read_answer(music_question(1), {"piano", "violin"});
    REQUIRE(one.ok());
    CHECK(one->found == 1);
  }
  SECTION("the assassin on the first pick") {
    auto r = read_answer(q, {"ice cream"});
    REQUIRE(r.ok());
    CHECK_FALSE(r->first_ours);
    CHECK(r->stopped_on == card_role::assassin);
  }
  SECTION("faults") {
    auto none = read_answer(q, {});
    REQUIRE_FALSE(none.ok());
    CHECK(none.err().code == "bad_answer");
    auto covered = read_answer(q, {"lake"});
    REQUIRE_FALSE(covered.ok());
    CHECK(covered.err().message.find("\"lake\" is not one of the face-down cards") !=
          std::string::npos);
    auto twice = read_answer(q, {"piano", "Piano"});
    REQUIRE_FALSE(twice.ok());
    CHECK(twice.err().message.find("picked twice") != std::string::npos);
  }
}

TEST_CASE("a quiz's score counts first picks, full clues and where turns ended") {
  const std::vector<quiz_question> quiz = {music_question(2), music_question(1),
                                           music_question(1), music_question(2)};
  auto s = score_answers(quiz, {{"piano", "violin"}, {"apple"}, {"ice cream"}, {"violin", "drum"}});
  REQUIRE(s.ok());
  CHECK(s->questions == 4);
  CHECK(s->first_pick_ours == Approx(0.5));
  CHECK(s->all_found == Approx(0.25));
  CHECK(s->cards_per_clue == Approx(3.0 / 4));
  CHECK(s->civilian == Approx(0.25));
  CHECK(s->assassin == Approx(0.25));
  CHECK(s->enemy == Approx(0.25));
  CHECK(s->asked_for[0] == 2);
  CHECK(s->first_ours_for[0] == 0);
  CHECK(s->asked_for[1] == 2);
  CHECK(s->first_ours_for[1] == 2);
  CHECK_FALSE(score_answers(quiz, {{"piano"}}).ok());
}

TEST_CASE("answers are read from lines \"N: card, card\" with clear errors") {
  const std::vector<quiz_question> quiz = {music_question(2), music_question(1)};
  auto good = parse_answers("# mine\n2: apple   # unsure\n\n1: ice cream, Piano\n", quiz);
  REQUIRE(good.ok());
  CHECK(good.value() == std::vector<std::vector<std::string>>{{"ice cream", "Piano"}, {"apple"}});

  auto error_of = [&](const char* text) {
    auto parsed = parse_answers(text, quiz);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.err().code == "bad_answer");
    return parsed.err().message;
  };
  CHECK(error_of("1 piano\n2: apple\n").find("line 1: write \"N: card, card\"") == 0);
  CHECK(error_of("1: piano\n3: apple\n").find("line 2: there is no question 3 (1 to 2)") == 0);
  CHECK(error_of("1: piano\n1: violin\n").find("question 1 is answered twice") !=
        std::string::npos);
  CHECK(error_of("1: piano\n2: tuba\n") ==
        "line 2: \"tuba\" is not one of the face-down cards");
  CHECK(error_of("1: piano\n") == "question 2 has no answer");
  CHECK(error_of("1: piano\n2: ,\n") == "line 2: pick at least one card");
}

TEST_CASE("the key reads back what was written") {
  const std::vector<quiz_question> quiz = {music_question(2), music_question(1)};
  const std::string key = quiz_key_json(quiz, "test quiz");
  auto parsed_key = parse_quiz_key(key);
  REQUIRE(parsed_key.ok());
  CHECK(parsed_key->made_by == "test quiz");
  const auto* back = &parsed_key->questions;
  REQUIRE(back->size() == 2);
  CHECK((*back)[0].cards == quiz[0].cards);
  CHECK((*back)[0].roles == quiz[0].roles);
  CHECK((*back)[0].given.word == "orchestra");
  CHECK((*back)[1].given.number == 1);
  CHECK((*back)[0].given.targets == quiz[0].given.targets);
  CHECK((*back)[0].game == 3);
  CHECK((*back)[0].turn == 1);

  for (const char* bad : {"[]", "{\"questions\":[{\"clue\":\"x\"}]}",
                          "{\"questions\":[{\"game\":0,\"turn\":0,\"clue\":\"x\",\"number\":1,"
                          "\"targets\":[],\"cards\":[\"a\"],\"roles\":[\"spy\"]}]}",
                          "{\"questions\":[{\"game\":0,\"turn\":0,\"clue\":\"x\",\"number\":1,"
                          "\"targets\":[],\"cards\":[\"a\",\"b\"],\"roles\":[\"team\"]}]}"}) {
    auto parsed = parse_quiz_key(bad);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.err().code == "bad_key");
  }
}

TEST_CASE("questions are drawn one a game, by seed, the same every time") {
  std::vector<std::vector<quiz_question>> turns(30);
  for (size_t g = 0; g < turns.size(); ++g)
    for (size_t t = 0; t < 6; ++t)
      turns[g].push_back(question_of(g, t, some_cards(), clue{"w", 1, {"piano"}}));
  turns[4].clear();  // a game without turns is skipped

  const auto drawn = choose_questions(turns, 20, 7, quiz_turns::any);
  REQUIRE(drawn.size() == 20);
  size_t not_first = 0;
  for (size_t i = 0; i < drawn.size(); ++i) {
    CHECK(drawn[i].game == (i < 4 ? i : i + 1));
    not_first += drawn[i].turn != 0;
  }
  CHECK(not_first > 10);  // turns are drawn among all six, not the first only
  const auto again = choose_questions(turns, 20, 7, quiz_turns::any);
  for (size_t i = 0; i < drawn.size(); ++i) CHECK(again[i].turn == drawn[i].turn);
  const auto other_seed = choose_questions(turns, 20, 8, quiz_turns::any);
  size_t differ = 0;
  for (size_t i = 0; i < drawn.size(); ++i) differ += other_seed[i].turn != drawn[i].turn;
  CHECK(differ > 0);
  for (const auto& q : choose_questions(turns, 20, 7, quiz_turns::first)) CHECK(q.turn == 0);
  // The last card's turns: only games that reached it, and only those turns.
  std::vector<std::vector<quiz_question>> played(3);
  std::vector<card> cards = some_cards();  // piano and violin ours, face down
  played[0].push_back(question_of(0, 0, cards, clue{"a", 1, {"piano"}}));
  played[1].push_back(question_of(1, 0, cards, clue{"a", 1, {"piano"}}));
  cards[0].revealed = true;  // piano found: violin is the last card
  for (size_t t = 1; t < 4; ++t)
    played[1].push_back(question_of(1, t, cards, clue{"b", 1, {"violin"}}));
  played[2].push_back(question_of(2, 0, cards, clue{"b", 1, {"violin"}}));
  const auto last = choose_questions(played, 5, 7, quiz_turns::last_card);
  REQUIRE(last.size() == 2);
  CHECK(last[0].game == 1);
  CHECK(last[0].turn >= 1);
  CHECK(last[1].game == 2);
  for (const auto& q : last) CHECK(team_cards_left(q) == 1);
}

TEST_CASE("play_games tells the watcher of every clue before it is answered") {
  std::vector<std::string> deck;
  for (int i = 0; i < 30; ++i) deck.push_back("w" + std::to_string(i));
  class first_team_card final : public spymaster {
   public:
    std::string name() const override { return "first"; }
    wordhall::result<clue> give_clue(const board_view& b) const override {
      return clue{"hint", 1, {b.team.front()}};
    }
  } giver;
  // Ranks the clue's target first: every clue finds its card, so a game takes 8 clues.
  class reads_targets final : public guesser {
   public:
    wordhall::result<std::vector<std::string>> rank(
        const clue& given, const std::vector<std::string>& unrevealed) const override {
      std::vector<std::string> out{given.targets.front()};
      for (const auto& u : unrevealed)
        if (u != given.targets.front()) out.push_back(u);
      return out;
    }
  } taker;
  std::vector<std::vector<quiz_question>> seen(2);
  auto games = play_games(deck, 2, 5, giver, taker,
                          [&](size_t game, const std::vector<card>& cards, const clue& given) {
                            seen[game].push_back(
                                question_of(game, seen[game].size(), cards, given));
                          });
  REQUIRE(games.ok());
  for (const auto& turns : seen) {
    REQUIRE(turns.size() == 8);
    for (size_t t = 0; t < turns.size(); ++t) {
      // Before the clue is answered: 25 cards less those found so far.
      CHECK(turns[t].cards.size() == 25 - t);
      CHECK(std::count(turns[t].roles.begin(), turns[t].roles.end(), card_role::team) ==
            long(8 - t));
    }
  }
}
