// `wordhall spymaster train`; usage in spymaster_train_command.hpp. Empty without LibTorch.
#ifdef WORDHALL_HAVE_TORCH
#include "tools/wordhall/spymaster_train_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <unistd.h>

#include "models/codenames/clue_space.hpp"
#include "models/codenames/codenames_deck.hpp"
#include "models/loaders.hpp"
#include "models/torch/spymaster_trainer.hpp"
#include "models/vector_cache.hpp"
#include "tools/wordhall/command_failure.hpp"
#include "tools/wordhall/heap_policy.hpp"

namespace wordhall {
namespace {

constexpr std::string_view train_command_name = "spymaster train";

struct train_command_options {
  std::string vectors = "data/embeddings/glove-6b-100d.whv";
  std::string deck = codenames::default_deck_path;
  std::string out;
  spymaster_torch::train_options train;
};

void draw_progress(int64_t step, int64_t steps, double loss, double games_per_second) {
  constexpr int width = 30;
  const int filled = steps ? int(width * step / steps) : width;
  std::fprintf(stderr, "\rtraining [%.*s%*s] %3d%%  step %lld/%lld  loss %.4f  %.0f games/s",
               filled, "##############################", width - filled, "",
               steps ? int(100 * step / steps) : 100, (long long)step, (long long)steps, loss,
               games_per_second);
}

int run_train(train_command_options options) {
  keep_freed_heap_for_reuse();
  auto vectors = models::load_vectors_cached(options.vectors);
  if (!vectors) return fail(train_command_name, vectors.err());
  auto entries = codenames::load_deck_file(options.deck);
  if (!entries) return fail(train_command_name, entries.err());
  std::vector<float> deck;
  size_t used = 0;
  for (const auto& entry : entries.value()) {
    auto row = codenames::entry_vector(vectors.value(), entry);
    if (!row) continue;
    deck.insert(deck.end(), row->data(), row->data() + row->size());
    ++used;
  }
  std::fprintf(stderr, "wordhall spymaster train: deck of %zu (of %zu entries) from %s\n", used,
               entries->size(), options.deck.c_str());

  auto& train = options.train;
  train.out = options.out;
  const bool interactive = isatty(STDERR_FILENO);
  const auto started = std::chrono::steady_clock::now();
  // A terminal redraws its bar every 1/200 of the steps; a log (CI) gets a line every 5 s, so
  // it shows the training is alive without filling up.
  const int64_t every = std::max<int64_t>(1, train.steps / 200);
  double last_line = 0;
  train.on_step = [&](int64_t step, double loss) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (interactive ? step % every != 0 && step != train.steps
                    : seconds - last_line < 5.0 && step != train.steps)
      return;
    last_line = seconds;
    draw_progress(step, train.steps, loss, seconds > 0 ? step * train.batch / seconds : 0);
    if (!interactive) std::fputc('\n', stderr);
  };
  train.on_checkpoint = [&](int64_t, const std::vector<double>& losses) {
    (void)spymaster_torch::write_loss_csv(losses, options.out + ".loss.csv");
  };
  auto report = spymaster_torch::train_spymaster(deck, int64_t(vectors->dimensions()), train);
  if (interactive) std::fputc('\n', stderr);
  if (!report) return fail(train_command_name, report.err());
  if (auto written = spymaster_torch::write_loss_csv(report->losses, options.out + ".loss.csv");
      !written)
    return fail(train_command_name, written.err());
  if (auto written = spymaster_torch::write_loss_svg(report->losses, options.out + ".loss.svg");
      !written)
    return fail(train_command_name, written.err());
  const auto& losses = report->losses;
  std::fprintf(stderr,
               "wordhall spymaster train: %lld steps x %lld games on %s in %.1f s (%.0f games/s), "
               "loss %.4f -> %.4f; wrote %s\n",
               (long long)train.steps, (long long)train.batch, report->device.c_str(),
               report->seconds, report->seconds > 0 ? report->games / report->seconds : 0.0,
               losses.empty() ? 0.0 : losses.front(), losses.empty() ? 0.0 : losses.back(),
               options.out.c_str());
  return 0;
}

}  // namespace

void add_spymaster_train_command(CLI::App& spymaster) {
  auto options = std::make_shared<train_command_options>();
  auto* cmd = spymaster.add_subcommand(
      "train", "Train the learned spymaster on games dealt from the deck (LibTorch).");
  cmd->add_option("--vectors", options->vectors, "word vectors (default " + options->vectors + ")");
  cmd->add_option("--deck", options->deck, "deck file (default " + options->deck + ")");
  cmd->add_option("--out", options->out, "weights file to write")->required();
  auto& t = options->train;
  cmd->add_option("--steps", t.steps, "training steps (default " + std::to_string(t.steps) + ")");
  cmd->add_option("--batch", t.batch, "games per step (default " + std::to_string(t.batch) + ")");
  cmd->add_option("--seed", t.seed, "seed of the weights and the deals (default 1)");
  cmd->add_option("--device", t.device, "auto (default), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cmd->add_option("--checkpoint-every", t.checkpoint_every,
                  "save OUT.checkpoint every K steps (default " +
                      std::to_string(t.checkpoint_every) + ", 0: never)");
  cmd->add_option("--learning-rate", t.learning_rate, "Adam's step size (default 0.001)");
  cmd->callback([options] { throw CLI::RuntimeError(run_train(*options)); });
}

}  // namespace wordhall
#endif  // WORDHALL_HAVE_TORCH
