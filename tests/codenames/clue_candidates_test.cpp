// Candidates, their features and simulated guessers on one small board in two views, laid out in
// a plane (angles in degrees; cos of the angle between is the similarity):
//
//            apple  banana  stone  knife   red   pie   juice   rock
//   view A     0      30     180    120     15    40     0     170
//   view B     0      30     180     90     75    15     0     180
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>

#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/scorer_examples.hpp"
#include "models/codenames/simulated_guessers.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

namespace {

const std::vector<std::string> clue_words = {"red", "pie", "juice", "rock"};

std::shared_ptr<const view_set> two_views() {
  auto views = std::make_shared<view_set>();
  views->names = {"a", "b"};
  views->spaces.push_back(std::make_shared<clue_space>(
      words_at_angles({{"apple", 0}, {"banana", 30}, {"stone", 180}, {"knife", 120},
                       {"red", 15}, {"pie", 40}, {"juice", 0}, {"rock", 170}}),
      clue_words, blocklist::parse("")));
  views->spaces.push_back(std::make_shared<clue_space>(
      words_at_angles({{"apple", 0}, {"banana", 30}, {"stone", 180}, {"knife", 90},
                       {"red", 75}, {"pie", 15}, {"juice", 0}, {"rock", 180}}),
      clue_words, blocklist::parse("")));
  return views;
}

// The row of `word` among the view set's words.
size_t row_of(const view_set& views, const std::string& word) {
  const auto& words = views.words();
  return size_t(std::find(words.begin(), words.end(), word) - words.begin());
}

}  // namespace

TEST_CASE("candidates: similarities per view and their mean", "[codenames][candidates]") {
  auto s = similarities_of(*two_views(), fruit_board());
  REQUIRE(s.ok());
  CHECK(s->team == 2);
  CHECK(s->enemy_end == 3);
  CHECK(s->civilian_end == 3);
  CHECK(s->assassin);
  CHECK(s->cards() == 4);
  // red (row 0) against banana (column 1): 15° in view A, 45° in view B.
  CHECK(s->cosines[0](0, 1) == Approx(cos_deg(15)));
  CHECK(s->cosines[1](0, 1) == Approx(cos_deg(45)));
  CHECK(s->mean(0, 1) == Approx((cos_deg(15) + cos_deg(45)) / 2));
  // red against the assassin, the last column.
  CHECK(s->cosines[1](0, 3) == Approx(cos_deg(15)));

  board_view empty;
  CHECK(similarities_of(*two_views(), empty).err().code == "bad_board");
}

TEST_CASE("candidates: per count, widest gap first, illegal words left out",
          "[codenames][candidates]") {
  auto s = similarities_of(*two_views(), fruit_board());
  REQUIRE(s.ok());
  candidate_options options;
  options.per_count = 2;
  auto all_legal = candidates_of(s.value(), [](size_t) { return true; }, options);
  // Two cards on the board: k = 1 and k = 2, two candidates each, k = 1 first.
  REQUIRE(all_legal.size() == 4);
  CHECK(all_legal[0].targets.size() == 1);
  CHECK(all_legal[1].targets.size() == 1);
  CHECK(all_legal[2].targets.size() == 2);
  // For one card juice (0° from apple in both views) has the widest gap; rock, near the
  // stone, never makes the cut.
  CHECK(clue_words[all_legal[0].word] == "juice");
  CHECK(all_legal[0].targets == std::vector<Eigen::Index>{0});
  for (const auto& c : all_legal) CHECK(clue_words[c.word] != "rock");
  // The targets come by mean similarity: pie is nearer banana than apple on average.
  for (const auto& c : all_legal)
    if (clue_words[c.word] == "pie" && c.targets.size() == 2)
      CHECK(c.targets == std::vector<Eigen::Index>{1, 0});

  auto no_juice = candidates_of(s.value(), [](size_t word) { return clue_words[word] != "juice"; },
                                options);
  for (const auto& c : no_juice) CHECK(clue_words[c.word] != "juice");
  CHECK(no_juice.size() == 4);

  // The rules rule out what the board forbids: a clue given before.
  board_view board = fruit_board();
  board.given = {"juice"};
  for (const auto& c : legal_candidates_of(*two_views(), board, s.value(), options))
    CHECK(clue_words[c.word] != "juice");
}

TEST_CASE("candidates: only among the most common words when asked", "[codenames][candidates]") {
  auto s = similarities_of(*two_views(), fruit_board());
  REQUIRE(s.ok());
  candidate_options options;
  options.per_count = 4;
  options.common_words = 2;  // red and pie, the first rows; juice, the widest gap, is too rare
  auto common = candidates_of(s.value(), [](size_t) { return true; }, options);
  REQUIRE_FALSE(common.empty());
  for (const auto& c : common) CHECK(c.word < 2);
  options.common_words = 0;
  auto every = candidates_of(s.value(), [](size_t) { return true; }, options);
  CHECK(clue_words[every[0].word] == "juice");
}

TEST_CASE("candidates: features of a clue for two", "[codenames][candidates]") {
  auto s = similarities_of(*two_views(), fruit_board());
  REQUIRE(s.ok());
  clue_candidate red{0, {0, 1}};
  std::vector<float> f(feature_count(2));
  candidate_features(s.value(), red, 1000, f.data());
  // View A: both targets 15° away; the stone 165°, the knife 105°; no civilians.
  CHECK(f[0] == Approx(cos_deg(15)));
  CHECK(f[1] == Approx(cos_deg(15)));
  CHECK(f[2] == Approx(cos_deg(15) - cos_deg(165)));
  CHECK(f[3] == Approx(cos_deg(15) + 1.0));
  CHECK(f[4] == Approx(cos_deg(15) - cos_deg(105)));
  CHECK(f[5] == Approx(0.0));
  // View B: apple 75°, banana 45°, the knife 15°: the knife is above the weakest target.
  CHECK(f[6] == Approx(cos_deg(75)));
  CHECK(f[10] == Approx(cos_deg(75) - cos_deg(15)));
  CHECK(f[11] == Approx(0.5));  // one of the two non-team cards
  // The board: k = 2, its flag, cards left, the word's rank, the mean gap.
  CHECK(f[12] == Approx(0.5));
  CHECK(f[13] == 0.0f);
  CHECK(f[14] == 1.0f);
  CHECK(f[17] == Approx(2.0 / 9.0));
  CHECK(f[18] == Approx(1.0 / 8.0));
  CHECK(f[19] == Approx(0.0));  // the most common word
}

TEST_CASE("simulated guessers: mixtures of the views, the same for a seed",
          "[codenames][candidates]") {
  seeded_random one(7), two(7);
  guesser_population population;
  population.guessers = 5;
  auto a = draw_guessers(3, population, one);
  auto b = draw_guessers(3, population, two);
  REQUIRE(a.size() == 5);
  for (size_t g = 0; g < a.size(); ++g) {
    double sum = 0;
    for (double w : a[g].weights) {
      CHECK(w >= 0.0);
      sum += w;
    }
    CHECK(sum == Approx(1.0));
    CHECK(a[g].weights == b[g].weights);
    CHECK(a[g].noise >= population.min_noise);
    CHECK(a[g].noise <= population.max_noise);
  }
  double mean = 0, squares = 0;
  seeded_random normals(3);
  for (int i = 0; i < 20000; ++i) {
    const double x = normals.normal();
    mean += x / 20000;
    squares += x * x / 20000;
  }
  CHECK(std::abs(mean) < 0.03);
  CHECK(squares == Approx(1.0).epsilon(0.05));
}

TEST_CASE("simulated guessers: a turn's utility", "[codenames][candidates]") {
  auto s = similarities_of(*two_views(), fruit_board());
  REQUIRE(s.ok());
  seeded_random random(1);
  // A guesser who sees only view A, without noise, and one who sees only view B.
  std::vector<simulated_guesser> only_a{{{1.0, 0.0}, 0.0}}, only_b{{{0.0, 1.0}, 0.0}};
  const turn_utility utility;
  clue_candidate red{0, {0, 1}};
  // View A ranks apple and banana first: two cards found.
  CHECK(expected_utility(s.value(), red, only_a, utility, random) == Approx(2.0));
  // View B ranks the knife (15°) first: the assassin at once.
  CHECK(expected_utility(s.value(), red, only_b, utility, random) == Approx(utility.assassin));
  // Both: the mean.
  std::vector<simulated_guesser> both{only_a[0], only_b[0]};
  CHECK(expected_utility(s.value(), red, both, utility, random) ==
        Approx((2.0 + utility.assassin) / 2));
  // rock is nearest the stone in both views: an enemy card ends the turn.
  clue_candidate rock{3, {0}};
  CHECK(expected_utility(s.value(), rock, both, utility, random) == Approx(utility.enemy));
}

TEST_CASE("simulated guessers: rarer clue words are guessed less surely",
          "[codenames][candidates]") {
  auto s = similarities_of(*two_views(), fruit_board());
  REQUIRE(s.ok());
  const turn_utility utility;
  auto population = [](double rarity_noise) {
    return std::vector<simulated_guesser>(400, simulated_guesser{{0.5, 0.5}, 0.3, rarity_noise});
  };
  auto utility_of = [&](const clue_candidate& c, double rarity_noise) {
    seeded_random random(7);
    return expected_utility(s.value(), c, population(rarity_noise), utility, random);
  };
  // juice (the third of four words) lies on the apple in both views: with the noise of a common
  // word every guesser finds a card of ours; as a rare word, many meet the enemy or the knife.
  const clue_candidate juice{2, {0}};
  CHECK(utility_of(juice, 0.0) > 0.97);
  CHECK(utility_of(juice, 10.0) < 0.8);
  // red is the most common word: its noise does not grow, whatever the population says.
  const clue_candidate red{0, {0}};
  CHECK(utility_of(red, 10.0) == utility_of(red, 0.0));
}

TEST_CASE("scorer examples: part-played boards, the same for a seed", "[codenames][candidates]") {
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  std::set<size_t> team_sizes;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const auto board = part_played_board(deck, seed);
    CHECK(board.team.size() >= 1);
    CHECK(board.team.size() <= 8);
    CHECK(board.enemy.size() >= 1);
    CHECK(board.enemy.size() <= 7);
    CHECK(board.civilians.size() <= 9);
    CHECK_FALSE(board.assassin.empty());
    CHECK(board.team.size() + board.enemy.size() + board.civilians.size() + 1 +
              board.revealed.size() == 25);
    team_sizes.insert(board.team.size());
    CHECK(part_played_board(deck, seed).team == board.team);
  }
  CHECK(team_sizes.size() >= 6);  // boards early and late in a game

  auto vectors = spread_words(200, 8);
  std::vector<std::string> words;
  for (size_t i = 40; i < 200; ++i) words.push_back(spread_name(i));
  auto views = std::make_shared<view_set>();
  views->names = {"spread"};
  views->spaces.push_back(std::make_shared<clue_space>(vectors, words, blocklist::parse("")));
  example_options options;
  options.boards = 5;
  options.candidates.per_count = 3;
  auto first = make_scorer_examples(*views, deck, options);
  auto again = make_scorer_examples(*views, deck, options);
  REQUIRE(first.ok());
  REQUIRE(again.ok());
  CHECK(first->features == feature_count(1));
  CHECK(first->size() > 5);
  CHECK(first->inputs.size() == first->size() * first->features);
  CHECK(first->inputs == again->inputs);
  CHECK(first->utilities == again->utilities);
  CHECK(first->boards.back() == 4);
  // Boards rated on several threads at once come out the same, in board order.
  for (size_t threads : {1, 3}) {
    options.threads = threads;
    std::vector<size_t> heard;
    auto rated = make_scorer_examples(*views, deck, options, [&](size_t n) { heard.push_back(n); });
    REQUIRE(rated.ok());
    CHECK(rated->inputs == first->inputs);
    CHECK(rated->utilities == first->utilities);
    CHECK(rated->boards == first->boards);
    REQUIRE_FALSE(heard.empty());
    CHECK(heard.back() == options.boards);
    CHECK(std::is_sorted(heard.begin(), heard.end()));
  }
  for (float u : first->utilities) {
    CHECK(u >= options.utility.assassin);
    CHECK(u <= 4.0f);  // at most max_targets cards found
  }
  CHECK(make_scorer_examples(*views, {"a", "b"}, options).err().code == "bad_deck");
}

TEST_CASE("candidates: the assassin is behind a clue's targets only when every view says so",
          "[codenames][candidates]") {
  // Two views, one clue word (row 0), cards: two of ours, then the assassin.
  board_similarities s;
  s.team = 2;
  s.enemy_end = 2;
  s.civilian_end = 2;
  s.assassin = true;
  Eigen::MatrixXf a(1, 3), b(1, 3);
  a << 0.9f, 0.5f, 0.4f;  // view A: both targets ahead of the assassin
  b << 0.8f, 0.3f, 0.6f;  // view B: the second target behind it
  s.cosines = {a, b};
  s.mean = (a + b) / 2.0f;
  clue_candidate first{0, {0}};
  clue_candidate both{0, {0, 1}};
  CHECK(assassin_behind_targets(s, first));
  CHECK_FALSE(assassin_behind_targets(s, both));
  s.assassin = false;  // revealed: nothing to be behind
  CHECK(assassin_behind_targets(s, both));
}

TEST_CASE("candidates: the assassin is linked to a clue word when a view counts it among the "
          "word's nearest deck entries", "[codenames][candidates]") {
  auto views = two_views();
  // Rank 1: a card is linked when it is the clue word's nearest of apple, banana, stone, knife.
  auto links = strong_links::of(*views, {"apple", "banana", "stone", "knife"}, 1);
  REQUIRE(links);
  board_view board;
  board.team = {"apple"};
  board.civilians = {"stone", "knife"};
  board.assassin = "banana";
  auto s = similarities_of(*views, board);
  REQUIRE(s);
  // pie is 10 degrees from banana in view A (its nearest entry there); juice lies on apple in both.
  const clue_candidate pie{row_of(*views, "pie"), {0}};
  const clue_candidate juice{row_of(*views, "juice"), {0}};
  CHECK(assassin_linked(*links.value(), s.value(), pie));
  CHECK_FALSE(assassin_linked(*links.value(), s.value(), juice));
  board.assassin.clear();  // revealed: nothing to link to
  board.civilians.push_back("banana");
  auto without = similarities_of(*views, board);
  REQUIRE(without);
  CHECK_FALSE(assassin_linked(*links.value(), without.value(), pie));
}

TEST_CASE("candidates: a card not ours among the clue word's strong links is a rival",
          "[codenames][candidates]") {
  auto views = two_views();
  // Rank 1 with no lead view: a card is a strong link when it is the clue word's nearest of
  // apple, banana, stone, knife in both views.
  auto links = strong_links::of(*views, {"apple", "banana", "stone", "knife"}, 1);
  REQUIRE(links);
  // pie is nearest to banana in view A (10 degrees) and ties apple and banana in view B (15);
  // juice lies on apple in both views.
  const clue_candidate pie{row_of(*views, "pie"), {0}};
  const clue_candidate juice{row_of(*views, "juice"), {0}};
  board_view board;
  board.team = {"apple"};
  board.civilians = {"banana", "stone"};
  board.assassin = "knife";
  auto s = similarities_of(*views, board);
  REQUIRE(s);
  CHECK(rival_linked(*links.value(), s.value(), pie));
  CHECK_FALSE(rival_linked(*links.value(), s.value(), juice));

  board.civilians = {"stone"};  // banana an enemy card: a rival too
  board.enemy = {"banana"};
  s = similarities_of(*views, board);
  REQUIRE(s);
  CHECK(rival_linked(*links.value(), s.value(), pie));

  board.enemy.clear();  // banana ours, or the assassin (assassin_linked's case): no rival
  board.team = {"apple", "banana"};
  s = similarities_of(*views, board);
  REQUIRE(s);
  CHECK_FALSE(rival_linked(*links.value(), s.value(), pie));
  board.team = {"apple"};
  board.assassin = "banana";
  s = similarities_of(*views, board);
  REQUIRE(s);
  CHECK_FALSE(rival_linked(*links.value(), s.value(), pie));
}
