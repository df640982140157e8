// The set network's proposals as scorer evidence: each candidate's agreement is the cosine of its
// word with c(t) of exactly its targets, and a scorer trained with proposals refuses to run
// without them.
#include "tests/spymaster_torch/catch_over_torch.hpp"

#include <unistd.h>

#include <filesystem>

#include "models/codenames/clue_proposals.hpp"
#include "models/codenames/scorer_examples.hpp"
#include "models/torch/clue_scorer.hpp"
#include "models/torch/set_net_proposals.hpp"
#include "models/torch/spymaster_weights.hpp"
#include "models/torch/subset_clue_net.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall;
using namespace wordhall::codenames;
using namespace wordhall::spymaster_torch;
using wordhall::codenames::testing::spread_name;
using wordhall::codenames::testing::spread_view_set;

namespace {

std::string proposals_temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("wordhall-proposals-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

board_view spread_board() {
  board_view board;
  for (size_t i = 0; i < 4; ++i) board.team.push_back(spread_name(i));
  for (size_t i = 4; i < 8; ++i) board.enemy.push_back(spread_name(i));
  for (size_t i = 8; i < 11; ++i) board.civilians.push_back(spread_name(i));
  board.assassin = spread_name(11);
  return board;
}

std::string saved_net(const std::string& name) {
  torch::manual_seed(9);
  spymaster_net net(net_config{12, 6, 10});
  {
    // Larger weights than the initial ones, so that c(t) differs clearly between subsets.
    torch::NoGradGuard no_grad;
    for (auto& p : net->parameters()) p.mul_(4.0);
  }
  const auto path = proposals_temp_path(name);
  REQUIRE(save_weights(net, path).ok());
  return path;
}

}  // namespace

TEST_CASE("set network proposals: agreement is cos(word, c(targets))", "[spymaster_torch][scorer]") {
  const auto views = spread_view_set("spread");
  const auto weights = saved_net("agree.whsm");
  auto proposals = load_set_net_proposals(weights, views, "spread");
  REQUIRE(proposals.ok());
  CHECK(proposals.value()->view() == "spread");

  const board_view board = spread_board();
  // Word 3 for team card 0; word 7 for team cards 1 and 2 (subset bits 0b110: row 5).
  std::vector<clue_candidate> candidates{{3, {0}}, {7, {1, 2}}, {7, {2, 1}}};
  auto agreement = proposals.value()->agreement(board, candidates);
  REQUIRE(agreement.ok());
  REQUIRE(agreement->size() == 3);

  auto net = load_subset_clue_net(weights, "cpu", 12);
  REQUIRE(net.ok());
  auto cards = card_vectors_of(*views->spaces[0], board);
  REQUIRE(cards.ok());
  const torch::Tensor clues = net->clues(board.team.size(), {&cards.value()})[0];
  REQUIRE(clues.size(0) == 15);
  auto cosine = [&](size_t word, int64_t row) {
    const auto& w = views->spaces[0]->rows().row(Eigen::Index(word));
    const torch::Tensor c = clues[row];
    double dot = 0;
    for (int64_t i = 0; i < c.size(0); ++i) dot += double(w(i)) * c[i].item<double>();
    return dot / c.norm().item<double>();
  };
  CHECK((*agreement)[0] == Approx(cosine(3, 0)).margin(1e-5));
  CHECK((*agreement)[1] == Approx(cosine(7, 5)).margin(1e-5));
  CHECK((*agreement)[2] == Approx((*agreement)[1]).margin(1e-6));  // targets' order is no matter
  CHECK((*agreement)[1] != Approx(cosine(7, 2)).margin(1e-4));      // not team cards 1 and 0

  const auto features = proposal_features_of(agreement.value(), candidates);
  REQUIRE(features.size() == 3 * proposal_features);
  CHECK(features[0] == (*agreement)[0]);
  CHECK(features[1] == 0.0f);  // the only one-card candidate is the best one
  CHECK(features[3] <= 0.0f);

  board_view empty = board;
  empty.team.clear();
  CHECK(proposals.value()->agreement(empty, candidates).err().code == "bad_board");
  CHECK(load_set_net_proposals(weights, views, "other").err().code == "invalid_argument");
  CHECK(load_set_net_proposals(weights, spread_view_set("spread"), "spread", "tpu").err().code ==
        "invalid_argument");
  std::filesystem::remove(weights);
}

TEST_CASE("clue scorer with proposals: trained on them, loaded only with them",
          "[spymaster_torch][scorer]") {
  const auto views = spread_view_set("spread");
  const auto weights = saved_net("scorer.whsm");
  auto proposals = load_set_net_proposals(weights, views, "spread");
  REQUIRE(proposals.ok());

  // Boards of the spread words, with the proposals' features in every row.
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  example_options options;
  options.boards = 20;
  options.proposals = proposals.value();
  auto examples = make_scorer_examples(*views, deck, options);
  REQUIRE(examples.ok());
  REQUIRE(examples->size() > 0);
  CHECK(examples->features == feature_count(1) + proposal_features);

  const std::string file = proposals_temp_path("with-proposals.whcs");
  scorer_train_options train;
  train.epochs = 2;
  CHECK(train_clue_scorer(examples.value(), {{"spread"}, "", {}}, file, train).err().code ==
        "invalid_argument");  // rows longer than the layout says
  REQUIRE(train_clue_scorer(examples.value(), {{"spread"}, "spread", {}}, file, train).ok());
  auto layout = read_scorer_layout(file);
  REQUIRE(layout.ok());
  CHECK(layout->proposal_view == "spread");

  auto without = load_scored_spymaster(file, views, nullptr);
  REQUIRE_FALSE(without.ok());
  CHECK(without.err().code == "invalid_argument");
  CHECK_THAT(without.err().message, Catch::Contains("set network"));

  auto giver = load_scored_spymaster(file, views, proposals.value());
  REQUIRE(giver.ok());
  auto hint = giver.value()->give_clue(spread_board());
  REQUIRE(hint.ok());
  CHECK(size_t(hint->number) == hint->targets.size());
  std::filesystem::remove(file);
  std::filesystem::remove(weights);
}
