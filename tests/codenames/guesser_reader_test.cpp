// Reading a game's guessers from their picks, over two views laid out in a plane (angles in
// degrees; the cosine of the angle between two words is their similarity):
//
//            apple  banana  cherry  stone  knife  pear  plum   pie   tart  cider  kirsch
//   view A     0      90     100     180    270    35   120     30     95    10     100
//   view B     0      90     100     180    270    35   120     60    150    10     100
//
// For "pie" view A names apple first, view B banana. For "tart" view A names cherry (5 degrees
// away), view B the enemy stone (30 degrees, cherry 50). Both views read "cider" as apple and
// "kirsch" as cherry, with pear and plum, when on the table, 15 and 20 degrees farther.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "models/codenames/guesser_reader.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

namespace {

constexpr size_t pie_row = 0, tart_row = 1;
constexpr double share_margin = 0.05;
constexpr size_t reads_a = 0, reads_b = 1;

std::shared_ptr<const view_set> reader_two_views() {
  auto views = std::make_shared<view_set>();
  views->names = {"a", "b"};
  const char* names[11] = {"apple", "banana", "cherry", "stone", "knife", "pear",
                           "plum",  "pie",    "tart",   "cider", "kirsch"};
  const double angles[2][11] = {{0, 90, 100, 180, 270, 35, 120, 30, 95, 10, 100},
                                {0, 90, 100, 180, 270, 35, 120, 60, 150, 10, 100}};
  for (const auto& view : angles) {
    std::vector<std::pair<std::string, double>> at;
    for (size_t i = 0; i < 11; ++i) at.emplace_back(names[i], view[i]);
    views->spaces.push_back(std::make_shared<clue_space>(
        words_at_angles(at), std::vector<std::string>{"pie", "tart", "cider", "kirsch"},
        blocklist::parse("")));
  }
  return views;
}

// apple and cherry ours, stone the enemy's, knife the assassin; banana covered by an earlier turn.
board_view reader_board_after(std::vector<turn_seen> history) {
  board_view board;
  board.team = {"apple", "cherry"};
  board.enemy = {"stone"};
  board.assassin = "knife";
  board.revealed = {"banana"};
  board.history = std::move(history);
  return board;
}

// The beliefs after no pick, after two picks view B explains (banana for "pie" and stone for
// "tart", its first cards) and after one that no sharp reader makes (knife, far from "pie" in
// both views).
struct three_readings {
  guesser_belief prior, explained, unexplained;
};

three_readings read_three(const guesser_reader& reader) {
  auto prior = reader.read(reader_board_after({}));
  auto explained =
      reader.read(reader_board_after({{"pie", {"banana"}, true}, {"tart", {"stone"}, true}}));
  auto unexplained = reader.read(reader_board_after({{"pie", {"knife"}, true}}));
  REQUIRE(prior.ok());
  REQUIRE(explained.ok());
  REQUIRE(unexplained.ok());
  return {std::move(prior).value(), std::move(explained).value(), std::move(unexplained).value()};
}

double weights_sum(const std::vector<double>& v) {
  return std::accumulate(v.begin(), v.end(), 0.0);
}

}  // namespace

TEST_CASE("guesser reader: without picks of ours the belief is the prior and shifts nothing",
          "[codenames][guesser_reader]") {
  auto views = reader_two_views();
  guesser_reader reader(views);
  // 48 drawn from the training population, for each view two that read it alone, and ten sharp
  // mixtures of the views at each of those two noise levels.
  REQUIRE(reader.guessers().size() == 72);
  CHECK(reader.guessers()[51].weights == std::vector<double>{0.0, 1.0});
  CHECK(reader.guessers()[51].noise == 0.05);
  for (size_t g = 52; g < 72; ++g) {
    CHECK(reader.guessers()[g].weights[reads_a] > 0.0);
    CHECK(reader.guessers()[g].weights[reads_b] > 0.0);
    CHECK(reader.guessers()[g].noise == (g < 62 ? 0.02 : 0.05));
  }

  for (const auto& history :
       {std::vector<turn_seen>{}, std::vector<turn_seen>{{"pie", {"banana"}, false}}}) {
    auto belief = reader.read(reader_board_after(history));
    REQUIRE(belief.ok());
    CHECK(belief->picks == 0);
    CHECK(belief->posterior == belief->prior);
    CHECK(weights_sum(belief->prior) == Approx(1.0));
    auto trust = reader.trust_of(belief.value());
    CHECK(trust[reads_a] == Approx(trust[reads_b]).margin(0.1));

    auto s = similarities_of(*views, reader_board_after(history));
    REQUIRE(s.ok());
    const std::vector<clue_candidate> candidates{{pie_row, {0}}, {tart_row, {1}}};
    CHECK(reader.shift_of(s.value(), candidates, belief.value(), turn_utility{}, 1) ==
          std::vector<double>{0.0, 0.0});
  }
}

TEST_CASE("guesser reader: a pick only one view explains moves the belief to that view",
          "[codenames][guesser_reader]") {
  auto views = reader_two_views();
  guesser_reader reader(views);
  const auto board = reader_board_after({{"pie", {"banana"}, true}});
  auto belief = reader.read(board);
  REQUIRE(belief.ok());
  CHECK(belief->picks == 1);
  CHECK(weights_sum(belief->posterior) == Approx(1.0));
  const auto trust = reader.trust_of(belief.value());
  CHECK(trust[reads_b] > 0.7);
  CHECK(trust[reads_a] + trust[reads_b] == Approx(1.0));
  // The guessers who read view A alone, with little noise, are all but ruled out.
  const auto& guessers = reader.guessers();
  for (size_t g = 0; g < guessers.size(); ++g) {
    if (guessers[g].weights[reads_a] == 1.0) CHECK(belief->posterior[g] < 0.1 * belief->prior[g]);
    if (guessers[g].weights[reads_b] == 1.0) CHECK(belief->posterior[g] > belief->prior[g]);
  }

  // "tart" leads a reader of view B to the enemy: under this belief it is worth less than under
  // the prior, while "pie" still finds one of ours in either view.
  auto s = similarities_of(*views, board);
  REQUIRE(s.ok());
  const std::vector<clue_candidate> candidates{{pie_row, {0}}, {tart_row, {1}}};
  const auto shift = reader.shift_of(s.value(), candidates, belief.value(), turn_utility{}, 1);
  CHECK(shift[1] < -0.3);
  CHECK(shift[0] > shift[1] + 0.3);
  // The same board, history and seed give the same shift.
  CHECK(reader.shift_of(s.value(), candidates, belief.value(), turn_utility{}, 1) == shift);

  // Under the belief "pie" is worth more than "tart", and the shift is the difference of the
  // utilities under the belief and under the prior, on the same noise draws.
  const auto now = reader.utility_of(s.value(), candidates, belief->posterior, turn_utility{}, 1);
  const auto before = reader.utility_of(s.value(), candidates, belief->prior, turn_utility{}, 1);
  CHECK(now[0] > now[1] + 0.3);
  for (size_t i = 0; i < candidates.size(); ++i)
    CHECK(now[i] - before[i] == Approx(shift[i]).margin(1e-3));
}

TEST_CASE("guesser reader: picks of cards not on the table and unknown clue words teach nothing",
          "[codenames][guesser_reader]") {
  auto views = reader_two_views();
  guesser_reader reader(views);
  auto belief =
      reader.read(reader_board_after({{"pie", {"walrus"}, true}, {"zebra", {"banana"}, true}}));
  REQUIRE(belief.ok());
  CHECK(belief->picks == 0);
  CHECK(belief->posterior == belief->prior);
}

TEST_CASE("guesser reader: a team reads like one view only after picks that view explains",
          "[codenames][guesser_reader]") {
  auto views = reader_two_views();
  reader_options options;
  guesser_reader reader(views, options);
  const auto [prior, explained, unexplained] = read_three(reader);
  CHECK_FALSE(reader.reads_like_one_view(prior));  // no pick seen
  CHECK_FALSE(reader.reads_like_one_view(unexplained));
  // The bar is on the one-view share: a hair above the share says no, the share itself yes.
  options.one_view_for_loose_links = reader.one_view_share(explained) + 1e-9;
  CHECK_FALSE(guesser_reader(views, options).reads_like_one_view(explained));
  options.one_view_for_loose_links = reader.one_view_share(explained);
  CHECK(guesser_reader(views, options).reads_like_one_view(explained));
  CHECK_FALSE(guesser_reader(views, options).reads_like_one_view(unexplained));
}

TEST_CASE("guesser reader: the one-view share is the prior's exact share before any pick, and "
          "follows picks one view explains",
          "[codenames][guesser_reader]") {
  auto views = reader_two_views();
  reader_options options;
  guesser_reader reader(views, options);
  const auto [prior, explained, unexplained] = read_three(reader);
  CHECK(reader.one_view_share(prior) == Approx(options.exact_share));
  // View B's sharp reader explains both picks.
  CHECK(reader.one_view_share(explained) > options.exact_share + 0.15);
  CHECK(reader.one_view_share(unexplained) < options.exact_share);
  // Every candidate that reads one view alone counts, and none other.
  double exact = 0;
  const auto& guessers = reader.guessers();
  for (size_t g = 0; g < guessers.size(); ++g) {
    const auto& w = guessers[g].weights;
    if (std::count_if(w.begin(), w.end(), [](double x) { return x > 0; }) == 1)
      exact += explained.posterior[g];
  }
  CHECK(reader.one_view_share(explained) == Approx(exact));
}

TEST_CASE("guesser reader: told to, it counts a team's picks in the match's earlier games as this "
          "game's",
          "[codenames][guesser_reader]") {
  auto views = reader_two_views();
  reader_options remembering;
  remembering.earlier_games = 3;
  guesser_reader reader(views, remembering);
  const std::vector<turn_seen> read_as_b{{"pie", {"banana"}, true}, {"tart", {"stone"}, true}};
  const auto this_game = reader.read(reader_board_after(read_as_b));
  REQUIRE(this_game.ok());

  // The same turns in an earlier game, on a board of the same cards dealt in another order, and
  // none yet in this one.
  auto board = reader_board_after({});
  board.earlier.push_back({{"stone", "knife", "banana", "cherry", "apple"}, read_as_b});
  const auto before = reader.read(board);
  REQUIRE(before.ok());
  CHECK(before->picks == 2);
  REQUIRE(before->posterior.size() == this_game->posterior.size());
  for (size_t g = 0; g < before->posterior.size(); ++g)
    CHECK(before->posterior[g] == Approx(this_game->posterior[g]).margin(1e-9));
  // By default the earlier games are not read.
  const auto unread = guesser_reader(views).read(board);
  REQUIRE(unread.ok());
  CHECK(unread->picks == 0);
  CHECK(unread->posterior == unread->prior);

  // Both count: one more pick of this game, which view B explains too, sharpens the belief.
  board.history = {{"pie", {"banana"}, true}};
  const auto both = reader.read(board);
  REQUIRE(both.ok());
  CHECK(both->picks == 3);
  CHECK(reader.trust_of(both.value())[reads_b] > reader.trust_of(before.value())[reads_b]);

  // Only the last three earlier games are read, as told: a fourth before them is not.
  auto long_ago = reader_board_after({});
  long_ago.earlier.push_back({{"stone", "knife", "banana", "cherry", "apple"}, read_as_b});
  for (int game = 0; game < 3; ++game)
    long_ago.earlier.push_back({{"stone", "knife", "banana", "cherry", "apple"}, {}});
  const auto forgotten = reader.read(long_ago);
  REQUIRE(forgotten.ok());
  CHECK(forgotten->picks == 0);
  long_ago.earlier.erase(long_ago.earlier.begin() + 1);
  const auto remembered = reader.read(long_ago);
  REQUIRE(remembered.ok());
  CHECK(remembered->picks == 2);

  // The other team's turns in an earlier game teach nothing, as in this one.
  auto theirs = reader_board_after({});
  theirs.earlier.push_back({{"apple", "banana", "cherry", "stone", "knife"},
                            {{"pie", {"banana"}, false}, {"tart", {"stone"}, false}}});
  const auto nothing = reader.read(theirs);
  REQUIRE(nothing.ok());
  CHECK(nothing->picks == 0);
  CHECK(nothing->posterior == nothing->prior);
}

TEST_CASE("guesser reader: a team that takes the cards every view agrees on does not thereby read "
          "like one view",
          "[codenames][guesser_reader]") {
  auto views = reader_two_views();
  const std::vector<turn_seen> agreed{{"cider", {"apple"}, true}, {"kirsch", {"cherry"}, true}};
  // Pear and plum, civilians near each clue's card, part the sharp guessers from the noisy ones.
  auto agreed_board = reader_board_after(agreed);
  agreed_board.civilians = {"pear", "plum"};
  reader_options options;
  guesser_reader reader(views, options);
  auto prior = reader.read(reader_board_after({}));
  auto read = reader.read(agreed_board);
  REQUIRE(prior.ok());
  REQUIRE(read.ok());
  CHECK(read->picks == 2);
  // The sharp mixtures explain both picks as well as the one-view guessers do: the two groups
  // keep the prior's proportion, and only the drawn, noisier guessers lose weight.
  auto sharp_share = [&](const guesser_belief& belief) {
    double share = 0;
    for (size_t g = options.population.guessers; g < reader.guessers().size(); ++g)
      share += belief.posterior[g];
    return share;
  };
  CHECK(sharp_share(read.value()) > sharp_share(prior.value()));
  CHECK(reader.one_view_share(read.value()) / sharp_share(read.value()) ==
        Approx(options.exact_share / (options.exact_share + options.sharp_mixture_share))
            .margin(share_margin));

  // Without them the one-view guessers are the sharpest explanation there is, and the same
  // accurate team soon reads like one view.
  reader_options alone = options;
  alone.sharp_mixtures = 0;
  guesser_reader without(views, alone);
  auto read_without = without.read(agreed_board);
  REQUIRE(read_without.ok());
  CHECK(without.one_view_share(read_without.value()) >
        reader.one_view_share(read.value()) + share_margin);

  // Where the views disagree, a team that reads as view B does still reads like one view.
  auto as_b = reader.read(reader_board_after({{"pie", {"banana"}, true}, {"tart", {"stone"}, true}}));
  REQUIRE(as_b.ok());
  CHECK(reader.one_view_share(as_b.value()) / sharp_share(as_b.value()) >
        options.exact_share / (options.exact_share + options.sharp_mixture_share) + share_margin);
}
