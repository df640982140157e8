// Strong links over three views of a four-entry deck, laid out in a plane (angles in degrees;
// the cosine of the angle between two words is their similarity):
//
//            apple  banana  stone  knife   pie   rock
//   view A     0      30     180    120     40    170
//   view B     0      30     180     90     12    180
//   view C     0     100     180     60     10    175
//
// pie's nearest entries: A banana, apple, knife; B apple, banana, knife; C apple, knife, banana.
#include <catch2/catch.hpp>

#include <cmath>

#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/strong_links.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

namespace {

const std::vector<std::string> deck = {"apple", "banana", "stone", "knife"};
const std::vector<std::string> pie_and_rock = {"pie", "rock"};
constexpr size_t pie = 0;

std::shared_ptr<const view_set> three_views() {
  auto views = std::make_shared<view_set>();
  views->names = {"a", "b", "c"};
  const double angles[3][6] = {
      {0, 30, 180, 120, 40, 170}, {0, 30, 180, 90, 12, 180}, {0, 100, 180, 60, 10, 175}};
  const char* names[6] = {"apple", "banana", "stone", "knife", "pie", "rock"};
  for (const auto& view : angles) {
    std::vector<std::pair<std::string, double>> at;
    for (size_t i = 0; i < 6; ++i) at.emplace_back(names[i], view[i]);
    views->spaces.push_back(
        std::make_shared<clue_space>(words_at_angles(at), pie_and_rock, blocklist::parse("")));
  }
  return views;
}

// How many cards each of pie's candidates counts, in the order given.
std::vector<size_t> counts_of_pie(const std::vector<clue_candidate>& candidates) {
  std::vector<size_t> counts;
  for (const auto& c : candidates)
    if (c.word == pie) counts.push_back(c.targets.size());
  return counts;
}

board_view knife_on_our_team_board() {
  board_view board;
  board.team = {"apple", "banana", "knife"};
  board.enemy = {"stone"};
  return board;
}

}  // namespace

TEST_CASE("strong links: the bar is the clue word's rank-th nearest deck entry, per view",
          "[codenames][strong_links]") {
  auto links = strong_links::of(*three_views(), deck, 2);
  REQUIRE(links.ok());
  CHECK(links.value()->rank() == 2);
  CHECK(links.value()->bar(0, pie) == Approx(cos_deg(40)));  // apple, after banana
  CHECK(links.value()->bar(1, pie) == Approx(cos_deg(18)));  // banana, after apple
  CHECK(links.value()->bar(2, pie) == Approx(cos_deg(50)));  // knife, after apple
}

TEST_CASE("strong links: a card is strong when it reaches the bar in most views",
          "[codenames][strong_links]") {
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  const Eigen::Index apple = 0, banana = 1, knife = 2;
  auto second = strong_links::of(*three_views(), deck, 2);
  REQUIRE(second.ok());
  CHECK(second.value()->strong(s.value(), pie, apple));    // all three views
  CHECK(second.value()->strong(s.value(), pie, banana));   // A and B
  CHECK_FALSE(second.value()->strong(s.value(), pie, knife));  // C alone
  auto first = strong_links::of(*three_views(), deck, 1);
  REQUIRE(first.ok());
  CHECK(first.value()->strong(s.value(), pie, apple));        // B and C
  CHECK_FALSE(first.value()->strong(s.value(), pie, banana));  // A alone
}

TEST_CASE("strong links: a card short of the bar by rounding alone reaches it",
          "[codenames][strong_links]") {
  // A board's cosines and the bars are computed by different products, which round apart.
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  const Eigen::Index banana = 1;
  auto first = strong_links::of(*three_views(), deck, 1);
  REQUIRE(first.ok());
  const auto& links = *first.value();
  auto banana_at = [&](float below_the_bar) {
    for (size_t v = 0; v < 3; ++v)
      s->cosines[v](Eigen::Index(pie), banana) = links.bar(v, pie) - below_the_bar;
    return links.strong(s.value(), pie, banana);
  };
  CHECK(banana_at(0.0f));
  CHECK(banana_at(6e-7f));  // as far apart as the products of real boards come out
  CHECK_FALSE(banana_at(1e-3f));
}

TEST_CASE("strong links: trusted views count by their weight, not by their number",
          "[codenames][strong_links]") {
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  const Eigen::Index banana = 1, knife = 2;
  auto second = strong_links::of(*three_views(), deck, 2);
  REQUIRE(second.ok());
  const auto& links = *second.value();
  // The knife reaches the bar in view C alone: strong for guessers who read mostly C.
  CHECK(links.strong(s.value(), pie, knife, {0.1, 0.1, 0.8}));
  CHECK_FALSE(links.strong(s.value(), pie, knife, {0.3, 0.3, 0.4}));
  // The banana reaches it in A and B: not for guessers who read C.
  CHECK(links.strong(s.value(), pie, banana, {1.0 / 3, 1.0 / 3, 1.0 / 3}));
  CHECK_FALSE(links.strong(s.value(), pie, banana, {0.1, 0.1, 0.8}));
}

TEST_CASE("strong links: with a lead view, a card must reach the bar in it and in one more view",
          "[codenames][strong_links]") {
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  const Eigen::Index apple = 0, banana = 1, knife = 2;
  auto led_by_c = strong_links::of(*three_views(), deck, 2, "c");
  REQUIRE(led_by_c.ok());
  CHECK(led_by_c.value()->lead() == 2);
  CHECK(led_by_c.value()->strong(s.value(), pie, apple));         // all three views
  CHECK_FALSE(led_by_c.value()->strong(s.value(), pie, banana));  // A and B outvote C no more
  CHECK_FALSE(led_by_c.value()->strong(s.value(), pie, knife));   // C, but no other view
  // Led by A at rank 1: the apple reaches B and C only; the banana, A only.
  auto first_led_by_a = strong_links::of(*three_views(), deck, 1, "a");
  REQUIRE(first_led_by_a.ok());
  CHECK_FALSE(first_led_by_a.value()->strong(s.value(), pie, apple));
  CHECK_FALSE(first_led_by_a.value()->strong(s.value(), pie, banana));
  auto second_led_by_a = strong_links::of(*three_views(), deck, 2, "a");
  CHECK(second_led_by_a.value()->strong(s.value(), pie, banana));  // A and B
  // Trust, when given, decides as before: the knife for guessers who read mostly C.
  CHECK(led_by_c.value()->strong(s.value(), pie, knife, {0.1, 0.1, 0.8}));
  // A lead the views do not have (held out) leaves most views to decide.
  auto held_out = strong_links::of(*three_views(), deck, 2, "glove-6b-100d");
  REQUIRE(held_out.ok());
  CHECK(held_out.value()->lead() == -1);
  CHECK(held_out.value()->strong(s.value(), pie, banana));
}

TEST_CASE("strong links: a lead view that keeps its say vetoes links the trusted views alone make",
          "[codenames][strong_links]") {
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  const Eigen::Index banana = 1, knife = 2;
  const std::vector<double> reads_a_and_b = {0.45, 0.45, 0.1}, reads_c = {0.1, 0.1, 0.8};
  // At rank 2 the banana is among pie's nearest in A and B, not in C (apple, knife).
  auto deaf = strong_links::of(*three_views(), deck, 2, "c");
  REQUIRE(deaf.ok());
  CHECK_FALSE(deaf.value()->lead_keeps_say());
  CHECK(deaf.value()->strong(s.value(), pie, banana, reads_a_and_b));
  auto heard = strong_links::of(*three_views(), deck, 2, "c", 0, true);
  REQUIRE(heard.ok());
  CHECK(heard.value()->lead_keeps_say());
  CHECK_FALSE(heard.value()->strong(s.value(), pie, banana, reads_a_and_b));
  // The lead's say is its later bar: C ranks the banana third.
  auto heard_at_3 = strong_links::of(*three_views(), deck, 2, "c", 3, true);
  REQUIRE(heard_at_3.ok());
  CHECK(heard_at_3.value()->strong(s.value(), pie, banana, reads_a_and_b));
  CHECK(heard_at_3.value()->strong_later(s.value(), pie, banana, reads_a_and_b));
  // The trusted views still decide the rest: the knife, C's second, for guessers who read C;
  // and without trust the lead and one more, as always.
  CHECK(heard.value()->strong(s.value(), pie, knife, reads_c));
  CHECK_FALSE(heard.value()->strong(s.value(), pie, knife));
  CHECK_FALSE(heard.value()->strong(s.value(), pie, banana));
  // A lead the views do not have (held out) has no say to keep.
  auto held_out = strong_links::of(*three_views(), deck, 2, "glove-6b-100d", 0, true);
  REQUIRE(held_out.ok());
  CHECK_FALSE(held_out.value()->lead_keeps_say());
  CHECK(held_out.value()->strong(s.value(), pie, banana, reads_a_and_b));
}

TEST_CASE("strong links: with a lead view, a clue's later cards reach a lower bar",
          "[codenames][strong_links]") {
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  const Eigen::Index banana = 1, knife = 2;
  // Led by A, first bar at rank 1 (banana in A; apple in B and C), later bar at rank 2.
  auto led_by_a = strong_links::of(*three_views(), deck, 1, "a", 2);
  REQUIRE(led_by_a.ok());
  const auto& links = *led_by_a.value();
  CHECK(links.later_rank() == 2);
  CHECK_FALSE(links.strong(s.value(), pie, banana));      // A alone at rank 1
  CHECK(links.strong_later(s.value(), pie, banana));      // A and B at rank 2
  CHECK_FALSE(links.strong_later(s.value(), pie, knife)); // third in A
  // Trust, when given, decides as for the first card, at the first bar: the banana reaches it
  // in A alone (0.45 of the weight), though A and B (0.9) at the later one.
  CHECK_FALSE(links.strong_later(s.value(), pie, banana, {0.45, 0.45, 0.1}));
  // Without the lead view (held out), later cards keep the first bar.
  auto held_out = strong_links::of(*three_views(), deck, 1, "glove-6b-100d", 2);
  REQUIRE(held_out.ok());
  CHECK(held_out.value()->later_rank() == 1);
  CHECK_FALSE(held_out.value()->strong_later(s.value(), pie, banana));
  // 0 stands for the first rank.
  CHECK(strong_links::of(*three_views(), deck, 1, "a").value()->later_rank() == 1);
}

TEST_CASE("strong links: candidates' later cards count at the later rank",
          "[codenames][strong_links]") {
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  candidate_options options;
  options.per_count = 2;
  auto pie_counts = [&] {
    return counts_of_pie(candidates_of(s.value(), [](size_t) { return true; }, options));
  };
  // Led by B at rank 1, the apple is strong (B and C); the banana is second in A and B.
  options.strong = strong_links::of(*three_views(), deck, 1, "b").value();
  CHECK(pie_counts() == std::vector<size_t>{1});
  options.strong = strong_links::of(*three_views(), deck, 1, "b", 2).value();
  CHECK(pie_counts() == std::vector<size_t>{1, 2});
  // The first card still needs the first bar: led by A, the apple (pie's nearest on average)
  // is no strong link, so pie counts no card after it either; with no strong link on the
  // board, it is left a clue for one card without the check.
  options.strong = strong_links::of(*three_views(), deck, 1, "a", 4).value();
  CHECK(pie_counts() == std::vector<size_t>{1});
}

TEST_CASE("strong links: a rank outside the deck is refused", "[codenames][strong_links]") {
  CHECK(strong_links::of(*three_views(), deck, 0).err().code == "invalid_argument");
  auto too_far = strong_links::of(*three_views(), deck, 5);
  CHECK(too_far.err().code == "invalid_argument");
  CHECK_THAT(too_far.err().message, Catch::Contains("1 to 4"));
  // A later rank below the first, or beyond the deck, is refused too.
  auto below = strong_links::of(*three_views(), deck, 2, "a", 1);
  CHECK(below.err().code == "invalid_argument");
  CHECK_THAT(below.err().message, Catch::Contains("2 (the strong link's) to 4"));
  CHECK(strong_links::of(*three_views(), deck, 2, "a", 5).err().code == "invalid_argument");
  // Entries a view lacks do not count.
  CHECK(strong_links::of(*three_views(), {"apple", "banana", "pear"}, 3).err().code ==
        "invalid_argument");
}

TEST_CASE("strong links: candidates count only strong links",
          "[codenames][strong_links]") {
  auto s = similarities_of(*three_views(), knife_on_our_team_board());
  REQUIRE(s.ok());
  candidate_options options;
  options.per_count = 2;
  auto any = candidates_of(s.value(), [](size_t) { return true; }, options);
  CHECK(counts_of_pie(any) == std::vector<size_t>{1, 2, 3});

  options.strong = strong_links::of(*three_views(), deck, 2).value();
  auto strong = candidates_of(s.value(), [](size_t) { return true; }, options);
  // pie for three would count the knife, a strong link in view C only.
  CHECK(counts_of_pie(strong) == std::vector<size_t>{1, 2});
  options.strong = strong_links::of(*three_views(), deck, 1).value();
  auto strongest = candidates_of(s.value(), [](size_t) { return true; }, options);
  CHECK(counts_of_pie(strongest) == std::vector<size_t>{1});
  // rock's nearest team card is the knife, which is no strong link of rock: only pie is left.
  for (const auto& c : strongest) CHECK(c.word == pie);
}

TEST_CASE("strong links: a clue for one card without any strong link falls back to any card",
          "[codenames][strong_links]") {
  board_view board;
  board.team = {"knife"};  // the nearest deck entry of neither pie nor rock in any view
  board.enemy = {"stone"};
  board.civilians = {"apple", "banana"};
  auto s = similarities_of(*three_views(), board);
  REQUIRE(s.ok());
  candidate_options options;
  options.per_count = 2;
  options.strong = strong_links::of(*three_views(), deck, 1).value();
  CHECK_FALSE(options.strong->strong(s.value(), pie, 0));
  auto candidates = candidates_of(s.value(), [](size_t) { return true; }, options);
  CHECK(candidates.size() == 2);
  for (const auto& c : candidates) CHECK(c.targets == std::vector<Eigen::Index>{0});
}
