// The learned spymaster (models/torch/): subsets, loss, invariance, training, weights file.
#include "tests/spymaster_torch/catch_over_torch.hpp"

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "models/torch/spymaster_net.hpp"
#include "models/torch/spymaster_trainer.hpp"
#include "models/torch/spymaster_weights.hpp"

using namespace wordhall::spymaster_torch;

namespace {

std::string net_test_path(const std::string& name) {
  return std::string(WORDHALL_BUILD_DIR) + "/spymaster-torch-" + name;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// `count` random unit vectors in `dimensions`, from a fixed seed.
std::vector<float> synthetic_deck(int64_t count, int64_t dimensions) {
  torch::manual_seed(7);
  auto rows = torch::randn({count, dimensions});
  rows = (rows / rows.norm(2, 1, true)).contiguous();
  return std::vector<float>(rows.data_ptr<float>(), rows.data_ptr<float>() + rows.numel());
}

train_options small_run(int64_t steps) {
  train_options options;
  options.steps = steps;
  options.batch = 16;
  options.device = "cpu";
  options.set_width = 16;
  options.hidden = 32;
  options.checkpoint_every = 0;
  return options;
}

}  // namespace

TEST_CASE("subset masks: every non-empty subset once, row r-1 holding the bits of r",
          "[spymaster_torch]") {
  auto three = subset_masks(3);
  REQUIRE(three.sizes() == torch::IntArrayRef({7, 3}));
  auto expected = torch::tensor({1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1},
                                torch::kFloat)
                      .view({7, 3});
  CHECK(torch::equal(three, expected));

  auto eight = subset_masks(8);
  REQUIRE(eight.sizes() == torch::IntArrayRef({255, 8}));
  auto sizes = eight.sum(1);
  CHECK(sizes.min().item<float>() == 1);
  CHECK(torch::equal(std::get<0>(torch::_unique(eight.matmul(torch::pow(2, torch::arange(8))
                                                                  .to(torch::kFloat)))),
                     torch::arange(1, 256).to(torch::kFloat)));
  CHECK((sizes == 4).sum().item<int64_t>() == 70);  // C(8, 4)
}

TEST_CASE("loss: the seed's hinge formula on a hand-computed 2-d game", "[spymaster_torch]") {
  // Team (0,0) and (1,0); enemy (3,0); civilian (0.5,0.6); assassin (0,-1).
  auto team = torch::tensor({0.f, 0.f, 1.f, 0.f}).view({1, 2, 2});
  auto enemy = torch::tensor({3.f, 0.f}).view({1, 1, 2});
  auto civilians = torch::tensor({0.5f, 0.6f}).view({1, 1, 2});
  auto assassin = torch::tensor({0.f, -1.f}).view({1, 2});
  // Clues for {w0}, {w1}, {w0, w1}.
  auto clues = torch::tensor({0.f, -0.5f, 2.f, 0.f, 0.5f, 0.f}).view({1, 3, 2});
  loss_margins margins{0.5, 0.25, 1.0};
  auto loss = spymaster_loss(clues, subset_masks(2), team, enemy, civilians, assassin, margins);
  // {w0}: only L_A = 1 + 0.5 - 0.5 = 1.  {w1}: L_E = 0.5 + 1 - 1 = 0.5, divided by |t| = 1.
  // {w0,w1}: L_C = 0.25 + 0.5 - 0.6 = 0.15 over |t| = 2; L_A = 1 + 0.5 - sqrt(1.25).
  const double expected = (1.0 + 0.5 + 0.15 / 2 + (1.5 - std::sqrt(1.25))) / 3;
  REQUIRE(loss.sizes() == torch::IntArrayRef({1}));
  CHECK(loss.item<double>() == Approx(expected).epsilon(1e-5));
}

TEST_CASE("g_T and g_E are invariant under permutations of their words", "[spymaster_torch]") {
  torch::manual_seed(3);
  spymaster_net net(net_config{6, 8, 16});
  auto team = torch::randn({2, 8, 6});
  auto enemy = torch::randn({2, 7, 6});
  auto assassin = torch::randn({2, 6});
  auto masks = subset_masks(8);
  auto clues = net->forward(team, masks, enemy, assassin);
  REQUIRE(clues.sizes() == torch::IntArrayRef({2, 255, 6}));

  auto order = torch::tensor({5, 2, 7, 0, 1, 6, 3, 4}, torch::kLong);
  auto team_permuted = team.index_select(1, order);
  auto masks_permuted = masks.index_select(1, order);  // the same subsets, columns moved
  auto enemy_permuted = enemy.index_select(1, torch::tensor({6, 0, 3, 1, 5, 2, 4}, torch::kLong));
  auto again = net->forward(team_permuted, masks_permuted, enemy_permuted, assassin);
  CHECK(torch::allclose(clues, again, 1e-5, 1e-5));
}

TEST_CASE("a set's output is rho of the mean of phi over its words", "[spymaster_torch]") {
  torch::manual_seed(5);
  set_net net(6, 16, 8);
  auto words = torch::randn({2, 4, 6});
  auto masks = subset_masks(4);
  auto out = net->forward(words, masks);
  REQUIRE(out.sizes() == torch::IntArrayRef({2, 15, 8}));
  for (int64_t game = 0; game < 2; ++game) {
    for (int64_t subset = 0; subset < 15; ++subset) {
      auto chosen = masks[subset].nonzero().squeeze(1);
      auto pooled = net->phi->forward(words[game].index_select(0, chosen)).mean(0);
      auto expected = net->rho->forward(pooled.unsqueeze(0)).squeeze(0);
      CHECK(torch::allclose(out[game][subset], expected, 1e-5, 1e-5));
    }
  }
}

TEST_CASE("training on a small synthetic deck lowers the loss", "[spymaster_torch]") {
  auto deck = synthetic_deck(40, 8);
  auto options = small_run(300);
  options.learning_rate = 3e-3;
  auto report = train_spymaster(deck, 8, options);
  REQUIRE(report.ok());
  const auto& losses = report->losses;
  REQUIRE(losses.size() == 300);
  double first = 0, last = 0;
  for (int i = 0; i < 30; ++i) {
    first += losses[i] / 30;
    last += losses[losses.size() - 1 - i] / 30;
  }
  INFO("loss " << first << " -> " << last);
  CHECK(last < 0.8 * first);
}

TEST_CASE("same seed, same weights on the CPU; another seed differs", "[spymaster_torch]") {
  auto deck = synthetic_deck(30, 8);
  auto options = small_run(20);
  options.out = net_test_path("a.whsm");
  REQUIRE(train_spymaster(deck, 8, options).ok());
  options.out = net_test_path("b.whsm");
  REQUIRE(train_spymaster(deck, 8, options).ok());
  options.out = net_test_path("c.whsm");
  options.seed = 2;
  REQUIRE(train_spymaster(deck, 8, options).ok());
  CHECK(file_bytes(net_test_path("a.whsm")) == file_bytes(net_test_path("b.whsm")));
  CHECK(file_bytes(net_test_path("a.whsm")) != file_bytes(net_test_path("c.whsm")));
}

TEST_CASE("weights file: save and load give the same net; damage is data_loss",
          "[spymaster_torch]") {
  torch::manual_seed(5);
  spymaster_net net(net_config{4, 6, 10});
  const auto path = net_test_path("round-trip.whsm");
  REQUIRE(save_weights(net, path).ok());
  auto loaded = load_weights(path);
  REQUIRE(loaded.ok());
  CHECK(loaded.value()->config.hidden == 10);
  auto a = net->named_parameters();
  auto b = loaded.value()->named_parameters();
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) CHECK(torch::equal(a[i].value(), b[i].value()));

  const auto bytes = file_bytes(path);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 3);
  auto truncated = load_weights(path);
  REQUIRE_FALSE(truncated.ok());
  CHECK(truncated.err().code == "data_loss");
  CHECK(load_weights(net_test_path("missing.whsm")).err().code == "io_error");
}
