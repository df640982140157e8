#include "tools/wordhall/vectorcards_command.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "actors/log.hpp"
#include "events/vectorcards/dealing.hpp"
#include "events/vectorcards/dealing_report.hpp"
#include "events/vectorcards/scoring.hpp"
#include "models/card_curation.hpp"
#include "tools/wordhall/serve.hpp"

namespace wordhall {
namespace {

struct deals_options {
  vectorcards::deal_report_options report;
  std::string theme;
  std::string config_path;
  bool legacy = false;
  bool json = false;
  int show = 0;
};

std::string signed_card(const std::string& sign, const std::string& token) {
  return (sign == "+" ? " + " : " - ") + token;
}

// The first `count` rounds of the report, as a person reads them: start -> target, the cards
// and each hand's par.
void show_deals(const deals_options& o, const vectorcards::word_space& words) {
  vectorcards::draw_rng seeds(o.report.seed);
  std::vector<std::string> seats;
  for (int p = 1; p <= o.report.players; ++p) seats.push_back("p" + std::to_string(p));
  for (int i = 0; i < o.show; ++i) {
    auto d = vectorcards::deal_round(1, seeds.next(), o.report.config, seats, words,
                                     o.report.drawn_from, 0);
    if (!d) return;
    std::printf("%s -> %s (%.2f)\n  public:", d->start.c_str(), d->target.c_str(),
                d->base_similarity);
    for (auto& c : d->public_cards) std::printf(" %s", c.c_str());
    std::printf("\n");
    for (auto& [seat, hand] : d->hands) {
      std::printf("  %s:", seat.c_str());
      for (auto& c : hand) std::printf(" %s", c.token.c_str());
      const auto& par = d->par.at(seat);
      if (par)
        std::printf("   par: %s%s%s = %.2f", d->start.c_str(),
                    signed_card(par->public_sign, par->public_token).c_str(),
                    signed_card(par->private_sign, par->private_token).c_str(), par->similarity);
      std::printf("\n");
    }
  }
}

// The server's settings: the config file (config/wordhall.json when there is one), then the
// environment.
result<settings> server_settings(std::string path) {
  settings config;
  if (path.empty() && std::ifstream("config/wordhall.json")) path = "config/wordhall.json";
  if (!path.empty()) WORDHALL_TRY(load_settings_file(path, config));
  WORDHALL_TRY(apply_settings_env(config, [](const char* name) { return std::getenv(name); }));
  return config;
}

int run_deals(deals_options o) {
  auto config = server_settings(o.config_path);
  if (!config) {
    std::cerr << "wordhall: " << config.err().message << "\n";
    return 1;
  }
  auto paths = word_paths(*config);
  if (paths.vectors.empty()) {
    std::cerr << "wordhall: no word vectors at " << config->vectors
              << " (run tools/prepare-data)\n";
    return 1;
  }
  auto loaded = models::word_services::load(paths);
  if (!loaded) {
    std::cerr << "wordhall: " << loaded.err().message << "\n";
    return 1;
  }
  auto words = make_card_words(*config, *loaded);
  auto themes = load_themes(config->themes);
  if (!themes) {
    std::cerr << "wordhall: " << config->themes << ": " << themes.err().message << "\n";
    return 1;
  }
  o.report.config.theme = o.theme;
  if (!o.theme.empty()) {
    for (auto& t : *themes)
      if (t.name == o.theme) o.report.drawn_from = &t;
    if (!o.report.drawn_from) {
      std::cerr << "wordhall: there is no theme \"" << o.theme << "\" in " << config->themes
                << "\n";
      return 1;
    }
  }
  if (o.legacy) o.report.config.dealing = "classic";
  auto curation = models::default_curation_paths(config->wordnet_dir, config->naughty_words_dir,
                                                 config->word_frequencies, config->card_exclusions);
  auto profanity = models::load_profanity(curation.profanity);
  if (!profanity) {
    std::cerr << "wordhall: " << profanity.err().message << "\n";
    return 1;
  }
  const auto& blocklist = (*loaded)->blocked();
  auto blocked = [&](const std::string& w) { return profanity->count(w) || blocklist.blocks(w); };
  show_deals(o, *words);
  auto report = vectorcards::report_deals(o.report, *words, words->dealing_words().cards, blocked);
  if (!report) {
    std::cerr << "wordhall: " << report.err().message << "\n";
    return 1;
  }
  std::cout << (o.json ? vectorcards::deal_report_json(*report) + "\n"
                       : vectorcards::deal_report_text(*report, o.report))
            << std::flush;
  return 0;
}

}  // namespace

std::shared_ptr<const models::card_words> make_card_words(
    const settings& config, std::shared_ptr<const models::word_services> words) {
  auto started = std::chrono::steady_clock::now();
  auto curated = models::load_deal_words(
      models::default_curation_paths(config.wordnet_dir, config.naughty_words_dir,
                                     config.word_frequencies, config.card_exclusions),
      words->deck(), words->blocked());
  if (!curated) {
    log_line("cards_uncurated", "code=" + curated.err().code + " reason=" + curated.err().message);
    return std::make_shared<models::card_words>(std::move(words));
  }
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started);
  log_line("cards_curated", "cards=" + std::to_string(curated->cards.size()) +
                                " subjects=" + std::to_string(curated->subjects.size()) +
                                " ms=" + std::to_string(static_cast<int>(ms.count())));
  return std::make_shared<models::card_words>(std::move(words), std::move(*curated));
}

void add_vectorcards_commands(CLI::App& app) {
  auto* vectorcards = app.add_subcommand("vectorcards", "Vector cards from the command line.");
  vectorcards->require_subcommand(1);
  auto o = std::make_shared<deals_options>();
  auto* deals = vectorcards->add_subcommand(
      "deals", "Deal seeded rounds as the server does and print how playable they are.");
  deals->add_option("--count", o->report.count, "rounds to deal (default 1000)")
      ->check(CLI::Range(1, 1'000'000));
  deals->add_option("--seed", o->report.seed, "seed of the rounds' seeds (default 1)");
  deals->add_option("--players", o->report.players, "seats per round (default 4)")
      ->check(CLI::Range(1, 200));
  deals->add_option("--theme", o->theme, "draw start and target from this theme");
  deals->add_flag("--legacy", o->legacy, "deal the classic way (cards at random from the deck)");
  deals->add_flag("--json", o->json, "print the figures as one JSON object");
  deals->add_option("--show", o->show, "first print this many of the rounds, cards and pars")
      ->check(CLI::Range(0, 1000));
  deals->add_option("--config", o->config_path,
                    "the server's JSON config file (default: config/wordhall.json when it exists)");
  deals->callback([o] { throw CLI::RuntimeError(run_deals(*o)); });
}

}  // namespace wordhall
