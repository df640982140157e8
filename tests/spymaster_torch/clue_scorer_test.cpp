// The clue scorer: it learns a utility from examples, its file keeps what it learned and the
// views it was trained on, and the spymaster built on it gives legal clues and passes its checks
// (how it reads its guessers: guesser_reading_test.cpp).
#include "tests/spymaster_torch/scorer_fixtures.hpp"

#include <filesystem>
#include <fstream>
#include <numeric>

#include "models/codenames/clue_rules.hpp"
#include "models/torch/clue_scorer_net.hpp"

using namespace wordhall;
using namespace wordhall::codenames;
using namespace wordhall::spymaster_torch;
using namespace wordhall::spymaster_torch::testing;
using wordhall::codenames::testing::spread_name;
using wordhall::codenames::testing::spread_view_set;

TEST_CASE("clue scorer: learns the utility and keeps it in its file", "[spymaster_torch][scorer]") {
  const auto examples = synthetic_examples(4000);
  double mean = std::accumulate(examples.utilities.begin(), examples.utilities.end(), 0.0) /
                double(examples.size());
  double variance = 0;
  for (float u : examples.utilities) variance += (u - mean) * (u - mean) / double(examples.size());

  const std::string file = scorer_temp_path("fit.whcs");
  scorer_train_options options;
  options.epochs = 40;
  scorer_layout layout = views_only({"spread"});
  // Not the defaults, nor what a file without a recorded utility loads as: the file must keep
  // what it was given.
  layout.utility.assassin = -13.5;
  layout.utility.civilian = -0.5;
  auto report = train_clue_scorer(examples, layout, file, options);
  REQUIRE(report.ok());
  CHECK(report->train_examples + report->validation_examples == examples.size());
  CHECK(report->validation_examples >= 300);
  // Boards the training never saw are predicted far better than by the mean.
  INFO("validation loss " << report->validation_loss.back() << ", variance " << variance);
  CHECK(report->validation_loss.back() < 0.2 * variance);
  CHECK(report->validation_loss.back() < report->validation_loss.front());

  auto loaded = load_scorer(file);
  REQUIRE(loaded.ok());
  CHECK(loaded->layout.views == std::vector<std::string>{"spread"});
  CHECK(loaded->layout.utility.assassin == -13.5);
  CHECK(loaded->layout.utility.civilian == -0.5);
  auto again = load_scorer(file);
  REQUIRE(again.ok());
  auto x = torch::rand({8, int64_t(examples.features)});
  CHECK(torch::allclose(loaded->net->forward(x), again->net->forward(x)));

  // The same seed trains the same scorer.
  const std::string twin = scorer_temp_path("twin.whcs");
  REQUIRE(train_clue_scorer(examples, views_only({"spread"}), twin, options).ok());
  auto twin_net = load_scorer(twin);
  REQUIRE(twin_net.ok());
  CHECK(torch::equal(loaded->net->forward(x), twin_net->net->forward(x)));
  std::filesystem::remove(file);
  std::filesystem::remove(twin);
}

TEST_CASE("clue scorer: bad input is a clear error", "[spymaster_torch][scorer]") {
  scorer_examples none;
  none.features = feature_count(1);
  CHECK(train_clue_scorer(none, views_only({"spread"}), scorer_temp_path("none.whcs")).err().code ==
        "invalid_argument");
  CHECK(train_clue_scorer(synthetic_examples(40), views_only({"a", "b"}),
                          scorer_temp_path("two.whcs"))
            .err()
            .code == "invalid_argument");
  CHECK(load_scorer(scorer_temp_path("missing.whcs")).err().code == "io_error");
  const std::string garbage = scorer_temp_path("garbage.whcs");
  std::ofstream(garbage) << "not a scorer";
  CHECK(load_scorer(garbage).err().code == "data_loss");
  std::filesystem::remove(garbage);
}

TEST_CASE("clue scorer: the spymaster gives a legal clue, only over its own views",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("spymaster.whcs");

  auto other = load_scored_spymaster(file, spread_view_set("other"), nullptr);
  REQUIRE_FALSE(other.ok());
  CHECK(other.err().code == "invalid_argument");
  CHECK_THAT(other.err().message, Catch::Contains("spread"));

  auto giver = load_scored_spymaster(file, spread_view_set("spread"), nullptr);
  REQUIRE(giver.ok());
  CHECK(giver.value()->name() == "learned");
  board_view board;
  for (size_t i = 0; i < 25; ++i) {
    auto& role = i < 8 ? board.team : i < 15 ? board.enemy : i < 24 ? board.civilians : board.team;
    if (i == 24) board.assassin = spread_name(i);
    else role.push_back(spread_name(i));
  }
  board.given = {spread_name(40)};
  auto hint = giver.value()->give_clue(board);
  REQUIRE(hint.ok());
  CHECK(hint->number >= 1);
  CHECK(size_t(hint->number) == hint->targets.size());
  for (const auto& t : hint->targets)
    CHECK(std::find(board.team.begin(), board.team.end(), t) != board.team.end());
  const auto nothing_blocked = models::blocklist::parse("");
  clue_rules rules(nothing_blocked, table_entries(board), board.given);
  CHECK(rules.legal(hint->word));
  std::filesystem::remove(file);
}

TEST_CASE("clue scorer: the spymaster avoids a clue word that a view links to the assassin",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("unlinked.whcs");
  auto views = spread_view_set("spread");
  const auto deck = spread_deck();
  auto links = strong_links::of(*views, deck, 4);
  REQUIRE(links.ok());
  candidate_options candidates;
  candidates.strong = links.value();
  candidates.read_guessers = false;
  auto giver = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(giver.ok());
  size_t with_linked_rival = 0;
  // Boards that differ in which cards are ours and which is the assassin.
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto s = similarities_of(*views, board);
    REQUIRE(s.ok());
    bool unlinked_exists = false, linked_exists = false;
    for (const auto& c : legal_candidates_of(*views, board, s.value(), candidates)) {
      if (!assassin_behind_targets(s.value(), c)) continue;
      (assassin_linked(*links.value(), s.value(), c) ? linked_exists : unlinked_exists) = true;
    }
    if (!unlinked_exists) continue;
    with_linked_rival += linked_exists;
    auto hint = giver.value()->give_clue(board);
    REQUIRE(hint.ok());
    const size_t row = row_of(*views, hint->word);
    REQUIRE(row < views->words().size());
    CAPTURE(shift, hint->word, board.assassin);
    CHECK_FALSE(assassin_linked(*links.value(), s.value(), clue_candidate{row, {0}}));
  }
  CHECK(with_linked_rival > 0);  // the rule had something to refuse
  std::filesystem::remove(file);
}

TEST_CASE("clue scorer: the spymaster avoids a clue word with a card not ours among its strong "
          "links", "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("rivals.whcs");
  auto views = spread_view_set("spread");
  const auto deck = spread_deck();
  auto links = strong_links::of(*views, deck, 4);
  REQUIRE(links.ok());
  candidate_options candidates;
  candidates.strong = links.value();
  candidates.read_guessers = false;
  auto giver = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(giver.ok());
  size_t refused = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto s = similarities_of(*views, board);
    REQUIRE(s.ok());
    // Of the candidates that pass the assassin's checks, some with a rival and some without.
    bool clear_exists = false, rival_exists = false;
    for (const auto& c : legal_candidates_of(*views, board, s.value(), candidates)) {
      if (!assassin_behind_targets(s.value(), c) || assassin_linked(*links.value(), s.value(), c))
        continue;
      (rival_linked(*links.value(), s.value(), c) ? rival_exists : clear_exists) = true;
    }
    if (!clear_exists) continue;
    refused += rival_exists;
    auto hint = giver.value()->give_clue(board);
    REQUIRE(hint.ok());
    const size_t row = row_of(*views, hint->word);
    REQUIRE(row < views->words().size());
    CAPTURE(shift, hint->word);
    CHECK_FALSE(rival_linked(*links.value(), s.value(), clue_candidate{row, {0}}));
  }
  CHECK(refused > 0);  // the rule had something to refuse

  // Without the rule the scorer's best is given, rival or not, on some of the same boards.
  candidates.rivals_last = false;
  auto careless = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(careless.ok());
  size_t rivals_given = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto s = similarities_of(*views, board);
    REQUIRE(s.ok());
    auto hint = careless.value()->give_clue(board);
    REQUIRE(hint.ok());
    const size_t row = row_of(*views, hint->word);
    rivals_given += rival_linked(*links.value(), s.value(), clue_candidate{row, {0}});
  }
  CHECK(rivals_given > 0);
  std::filesystem::remove(file);
}

TEST_CASE("clue scorer: near its choice, the spymaster says the more common word for the same cards",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("commoner.whcs");
  auto views = spread_view_set("spread");
  const auto deck = spread_deck();
  auto links = strong_links::of(*views, deck, 4);
  REQUIRE(links.ok());
  candidate_options candidates;
  candidates.strong = links.value();
  candidates.read_guessers = false;
  candidates.commoner_word_within = -1;  // never: the scorer's choice
  auto scorers_choice = load_scored_spymaster(file, views, nullptr, candidates);
  candidates.commoner_word_within = 1e9;  // any rating: the most common word for those cards
  auto commonest = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(scorers_choice.ok());
  REQUIRE(commonest.ok());
  size_t commoner = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto chosen = scorers_choice.value()->give_clue(board);
    auto common = commonest.value()->give_clue(board);
    REQUIRE(chosen.ok());
    REQUIRE(common.ok());
    CAPTURE(shift, chosen->word, common->word);
    auto sorted = [](std::vector<std::string> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    CHECK(sorted(common->targets) == sorted(chosen->targets));  // the same cards
    CHECK(row_of(*views, common->word) <= row_of(*views, chosen->word));       // words come commonest first
    commoner += row_of(*views, common->word) < row_of(*views, chosen->word);
  }
  CHECK(commoner > 0);  // the rule changed some clue
  std::filesystem::remove(file);
}
