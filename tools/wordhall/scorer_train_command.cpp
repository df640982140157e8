// `wordhall spymaster train-scorer`; usage in scorer_train_command.hpp. Empty without LibTorch.
#ifdef WORDHALL_HAVE_TORCH
#include "tools/wordhall/scorer_train_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/scorer_examples.hpp"
#include "models/codenames/strong_links.hpp"
#include "models/codenames/view_set.hpp"
#include "models/progress.hpp"
#include "models/torch/clue_scorer.hpp"
#include "models/torch/set_net_proposals.hpp"
#include "tools/wordhall/command_failure.hpp"
#include "tools/wordhall/help_text.hpp"
#include "tools/wordhall/spymaster_loader.hpp"

namespace wordhall {
namespace {

constexpr std::string_view scorer_command_name = "spymaster train-scorer";

struct scorer_command_options {
  std::vector<std::string> views;
  std::string drop_view;
  std::string deck = codenames::default_deck_path;
  std::string out;
  std::string set_net = default_learned_spymaster_file;
  bool without_set_net = false;
  size_t strong_link_rank = default_strong_link_rank;
  std::string links_lead_view = default_links_lead_view;
  size_t later_link_rank = default_later_link_rank;
  codenames::example_options examples;
  spymaster_torch::scorer_train_options train;
};

int run_train_scorer(scorer_command_options options) {
  const auto started = std::chrono::steady_clock::now();
  auto view_files = resolve_views(options.views, options.drop_view);
  if (!view_files) return fail(scorer_command_name, view_files.err());
  if (view_files->empty())
    return fail(scorer_command_name, make_error("unavailable", "no views: run tools/prepare-data"));
  auto views = codenames::load_view_set(clue_sources(spymaster_paths{}), view_files.value());
  if (!views) return fail(scorer_command_name, views.err());
  auto entries = codenames::load_deck_file(options.deck);
  if (!entries) return fail(scorer_command_name, entries.err());
  std::vector<std::string> deck;
  for (const auto& entry : entries.value())
    if (codenames::has_entry_in_every_view(*views.value(), entry)) deck.push_back(entry);
  const std::string out = options.out.empty() ? default_scorer_file(options.drop_view) : options.out;
  std::string names;
  for (const auto& n : views.value()->names) names += (names.empty() ? "" : "+") + n;
  std::fprintf(stderr, "wordhall spymaster train-scorer: views %s, %zu clue words, deck of %zu\n",
               names.c_str(), views.value()->words().size(), deck.size());
  if (options.strong_link_rank > 0) {
    auto lead = lead_view_of(options.links_lead_view, *views.value());
    if (!lead) return fail(scorer_command_name, lead.err());
    std::fprintf(stderr, "wordhall spymaster train-scorer: strong links among %zu nearest, %s\n",
                 options.strong_link_rank,
                 lead->empty() ? "in most views" : ("led by " + lead.value()).c_str());
    auto links = codenames::strong_links::of(*views.value(), deck, options.strong_link_rank,
                                             lead.value(), options.later_link_rank);
    if (!links) return fail(scorer_command_name, links.err());
    options.examples.candidates.strong = std::move(links).value();
  }

  // The set network proposes c(t) in the vectors it was trained on, GloVe: with GloVe left out,
  // so is the network, or it would bring the left-out view back in.
  const std::string set_net_view = codenames::view_name(default_spymaster_vectors);
  const auto& names_in = views.value()->names;
  const bool has_set_net_view =
      std::find(names_in.begin(), names_in.end(), set_net_view) != names_in.end();
  if (!options.without_set_net && has_set_net_view) {
    auto proposals =
        spymaster_torch::load_set_net_proposals(options.set_net, views.value(), set_net_view);
    if (!proposals) return fail(scorer_command_name, proposals.err());
    options.examples.proposals = std::move(proposals).value();
    std::fprintf(stderr, "wordhall spymaster train-scorer: the set network %s proposes c(t) on %s\n",
                 options.set_net.c_str(), set_net_view.c_str());
  } else {
    std::fprintf(stderr, "wordhall spymaster train-scorer: without the set network (%s)\n",
                 options.without_set_net ? "--no-set-net" : "its view is left out");
  }

  models::progress_bar rating("rating candidates", options.examples.boards,
                              models::progress_mode::automatic);
  auto examples = codenames::make_scorer_examples(*views.value(), deck, options.examples,
                                                  [&](size_t done) { rating.update(done); });
  if (!examples) return fail(scorer_command_name, examples.err());
  rating.finish(options.examples.boards);
  options.train.on_epoch = [&](int64_t epoch, double train_loss, double validation_loss) {
    std::fprintf(stderr, "epoch %lld/%lld  loss %.4f  validation %.4f\n", (long long)epoch,
                 (long long)options.train.epochs, train_loss, validation_loss);
  };
  spymaster_torch::scorer_layout layout{views.value()->names, "", options.examples.utility};
  if (options.examples.proposals) layout.proposal_view = options.examples.proposals->view();
  auto report = spymaster_torch::train_clue_scorer(examples.value(), layout, out, options.train);
  if (!report) return fail(scorer_command_name, report.err());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::fprintf(stderr,
               "wordhall spymaster train-scorer: %zu boards, %zu candidates (%zu to validate), "
               "%lld epochs in %.1f s, %.1f s in all; wrote %s\n",
               options.examples.boards, examples->size(), report->validation_examples,
               (long long)options.train.epochs, report->seconds, seconds, out.c_str());
  return 0;
}

}  // namespace

void add_scorer_train_command(CLI::App& spymaster) {
  auto options = std::make_shared<scorer_command_options>();
  auto* cmd = spymaster.add_subcommand(
      "train-scorer",
      "Train the learned spymaster's clue scorer against simulated guessers (LibTorch).");
  cmd->add_option("--view", options->views, "a view of meaning, one per --view (default: the "
                                            "prepared ones)");
  cmd->add_option("--drop-view", options->drop_view, "leave this view out (its name or file)");
  cmd->add_option("--deck", options->deck, "deck file (default " + options->deck + ")");
  cmd->add_option("--out", options->out,
                  "scorer file (default data/models/clue-scorer.whcs, or "
                  "clue-scorer-without-VIEW.whcs with --drop-view)");
  cmd->add_option("--set-net", options->set_net,
                  "the set network proposing c(t) (default " + options->set_net + ")");
  cmd->add_flag("--no-set-net", options->without_set_net,
                "train without the set network's proposals");
  cmd->add_option("--strong-link-rank", options->strong_link_rank,
                  "a candidate counts only cards among the clue word's this many nearest deck "
                  "entries, its strong links (default " +
                      std::to_string(options->strong_link_rank) + "; 0: any card)");
  cmd->add_option("--links-lead-view", options->links_lead_view,
                  "count strong links in this view and one more, not in most views: the first of "
                  "these (separated by commas) that the views include (default " +
                      std::string(default_links_lead_view) + "; \"\": in most views)");
  cmd->add_option("--later-link-rank", options->later_link_rank,
                  "with the lead view: a candidate's cards after its strongest may be among the "
                  "clue word's this many nearest deck entries, in the lead view and one more "
                  "(default " + std::to_string(options->later_link_rank) +
                      "; 0: --strong-link-rank)");
  auto& e = options->examples;
  e.seed = 101;  // evaluations report seeds 1 and 2 and choose settings on 3 and 4
  // Chosen on seed 3: the learned spymaster's first clues then have a median commonness rank
  // near 2,500 instead of 6,000 (docs/codenames.md).
  e.guessers.rarity_noise = 1.0;
  cmd->add_option("--boards", e.boards, "boards to deal (default " + std::to_string(e.boards) + ")");
  cmd->add_option("--seed", e.seed, "seed of the boards and guessers (default 101)");
  cmd->add_option("--guessers", e.guessers.guessers,
                  "simulated guessers per board (default " + std::to_string(e.guessers.guessers) + ")");
  cmd->add_option("--min-noise", e.guessers.min_noise,
                  "least noise of a simulated guesser (default " +
                      two_decimals(e.guessers.min_noise) + ")");
  cmd->add_option("--max-noise", e.guessers.max_noise,
                  "most noise of a simulated guesser (default " +
                      two_decimals(e.guessers.max_noise) + ")");
  cmd->add_option("--rarity-noise", e.guessers.rarity_noise,
                  "how much more noise a simulated guesser has on the rarest clue word than on "
                  "the most common, as a multiple (default " +
                      two_decimals(e.guessers.rarity_noise) + ")");
  cmd->add_option("--assassin-utility", e.utility.assassin,
                  "utility of a turn that ends on the assassin (default " +
                      std::to_string(e.utility.assassin).substr(0, 5) + ")");
  cmd->add_option("--enemy-utility", e.utility.enemy,
                  "utility of a turn that ends on an enemy card (default " +
                      std::to_string(e.utility.enemy).substr(0, 5) + ")");
  cmd->add_option("--epochs", options->train.epochs,
                  "passes over the examples (default " + std::to_string(options->train.epochs) + ")");
  cmd->add_option("--hidden", options->train.hidden,
                  "units in each of the network's two hidden layers (default " +
                      std::to_string(options->train.hidden) + ")");
  cmd->callback([options] { throw CLI::RuntimeError(run_train_scorer(*options)); });
}

}  // namespace wordhall
#endif  // WORDHALL_HAVE_TORCH
