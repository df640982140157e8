// The online-mining training loop; the contract is in spymaster_trainer.hpp.
#include "models/torch/spymaster_trainer.hpp"

#include <chrono>

#include "models/torch/spymaster_net.hpp"
#include "models/torch/spymaster_weights.hpp"

namespace wordhall::spymaster_torch {
namespace {

constexpr int64_t team_size = 8, enemy_size = 7, civilian_size = 9, board_size = 25;

struct board_batch {
  torch::Tensor team, enemy, civilians, assassin;
};

// A random permutation per game from sorting uniform keys: one kernel for the whole batch.
board_batch deal(const torch::Tensor& deck, int64_t batch) {
  auto keys = torch::rand({batch, deck.size(0)}, deck.options());
  auto picks = keys.argsort(int64_t{1}).slice(1, 0, board_size);
  auto boards = deck.index_select(0, picks.reshape(-1)).view({batch, board_size, deck.size(1)});
  int64_t at = 0;
  auto take = [&](int64_t n) {
    auto part = boards.slice(1, at, at + n);
    at += n;
    return part;
  };
  board_batch b;
  b.team = take(team_size);
  b.enemy = take(enemy_size);
  b.civilians = take(civilian_size);
  b.assassin = take(1).squeeze(1);
  return b;
}

}  // namespace

result<train_report> train_spymaster(const std::vector<float>& deck, int64_t dimensions,
                                     const train_options& options) {
  if (dimensions <= 0 || deck.size() % dimensions != 0 ||
      int64_t(deck.size()) / dimensions < board_size)
    return make_error("invalid_argument", "the deck needs at least 25 words with vectors");
  if (options.steps < 0 || options.batch <= 0)
    return make_error("invalid_argument", "steps must be >= 0 and batch > 0");
  auto named = device_named(options.device);
  if (!named) return named.err();
  const torch::Device device = named.value();
  if (device.is_cpu()) at::set_num_threads(1);  // reductions then sum in one fixed order
  torch::manual_seed(options.seed);

  const int64_t count = int64_t(deck.size()) / dimensions;
  auto host = torch::from_blob(const_cast<float*>(deck.data()), {count, dimensions},
                               torch::kFloat);
  auto deck_on_device = host.to(device, /*non_blocking=*/false, /*copy=*/true);
  auto masks = subset_masks(team_size).to(device);
  spymaster_net net(net_config{dimensions, options.set_width, options.hidden});
  net->to(device);
  torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(options.learning_rate));
  const loss_margins margins{options.margin_enemy, options.margin_civilian,
                             options.margin_assassin};

  train_report report;
  report.device = device.str();
  const auto start = std::chrono::steady_clock::now();
  for (int64_t step = 1; step <= options.steps; ++step) {
    auto b = deal(deck_on_device, options.batch);
    auto clues = net->forward(b.team, masks, b.enemy, b.assassin);
    auto loss = spymaster_loss(clues, masks, b.team, b.enemy, b.civilians, b.assassin, margins)
                    .mean();
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    report.losses.push_back(loss.item<double>());  // the one device-to-host copy per step
    report.games += options.batch;
    if (options.on_step) options.on_step(step, report.losses.back());
    if (options.checkpoint_every > 0 && step % options.checkpoint_every == 0 &&
        step != options.steps) {
      if (!options.out.empty()) WORDHALL_TRY(save_weights(net, options.out + ".checkpoint"));
      if (options.on_checkpoint) options.on_checkpoint(step, report.losses);
    }
  }
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  net->to(torch::kCPU);
  if (!options.out.empty()) WORDHALL_TRY(save_weights(net, options.out));
  return report;
}

}  // namespace wordhall::spymaster_torch
