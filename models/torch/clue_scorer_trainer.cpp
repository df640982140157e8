// Training the clue scorer; the contract is in clue_scorer.hpp.
#include <chrono>
#include <cstring>

#include "models/torch/clue_scorer.hpp"
#include "models/torch/clue_scorer_net.hpp"

namespace wordhall::spymaster_torch {
namespace {

double mean_squared_error(clue_scorer_net& net, const torch::Tensor& x, const torch::Tensor& y) {
  if (x.size(0) == 0) return 0.0;
  torch::NoGradGuard no_grad;
  return torch::mse_loss(net->forward(x), y).item<double>();
}

}  // namespace

result<scorer_train_report> train_clue_scorer(const codenames::scorer_examples& examples,
                                              const scorer_layout& layout,
                                              const std::string& out,
                                              const scorer_train_options& options) {
  if (examples.size() == 0) return make_error("invalid_argument", "no training examples");
  if (examples.features !=
      codenames::scorer_feature_count(layout.views.size(), !layout.proposal_view.empty()))
    return make_error("invalid_argument", "the examples' features do not match the views");
  if (options.epochs < 0 || options.batch <= 0 || options.hidden <= 0)
    return make_error("invalid_argument", "epochs must be >= 0, batch and hidden > 0");
  at::set_num_threads(1);  // deterministic sums
  torch::manual_seed(options.seed);

  // Boards at or past `first_validation` only measure.
  const uint32_t boards = examples.boards.back() + 1;
  const auto first_validation =
      uint32_t(double(boards) * (1.0 - std::clamp(options.validation_share, 0.0, 0.9)));
  size_t train_rows = 0;
  while (train_rows < examples.size() && examples.boards[train_rows] < first_validation)
    ++train_rows;
  const auto n = int64_t(examples.size()), f = int64_t(examples.features);
  auto all_x = torch::empty({n, f}, torch::kFloat);
  std::memcpy(all_x.data_ptr<float>(), examples.inputs.data(), examples.inputs.size() * sizeof(float));
  auto all_y = torch::empty({n}, torch::kFloat);
  std::memcpy(all_y.data_ptr<float>(), examples.utilities.data(), examples.size() * sizeof(float));
  auto train_x = all_x.slice(0, 0, int64_t(train_rows)), train_y = all_y.slice(0, 0, int64_t(train_rows));
  auto check_x = all_x.slice(0, int64_t(train_rows)), check_y = all_y.slice(0, int64_t(train_rows));

  clue_scorer_net net(f, options.hidden);
  torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(options.learning_rate));
  scorer_train_report report;
  report.train_examples = train_rows;
  report.validation_examples = examples.size() - train_rows;
  const auto start = std::chrono::steady_clock::now();
  for (int64_t epoch = 1; epoch <= options.epochs; ++epoch) {
    net->train();
    auto order = torch::randperm(int64_t(train_rows), torch::kLong);
    for (int64_t at = 0; at < int64_t(train_rows); at += options.batch) {
      auto rows = order.slice(0, at, std::min(at + options.batch, int64_t(train_rows)));
      auto loss = torch::mse_loss(net->forward(train_x.index_select(0, rows)),
                                  train_y.index_select(0, rows));
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
    }
    net->eval();
    report.train_loss.push_back(mean_squared_error(net, train_x, train_y));
    report.validation_loss.push_back(mean_squared_error(net, check_x, check_y));
    if (options.on_epoch)
      options.on_epoch(epoch, report.train_loss.back(), report.validation_loss.back());
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WORDHALL_TRY(save_scorer(net, layout, out));
  return report;
}

}  // namespace wordhall::spymaster_torch
