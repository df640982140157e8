#include "tools/wordhall/codenames_setup.hpp"

#include <chrono>
#include <sstream>

#include "actors/log.hpp"
#include "actors/spymaster_service.hpp"
#include "models/card_curation.hpp"
#include "models/codenames/codenames_deck.hpp"

namespace wordhall {

std::shared_ptr<const std::vector<std::string>> load_codenames_deck(const settings& config) {
  auto deck = codenames::load_deck_file(config.codenames_deck);
  if (!deck) {
    log_line("codenames_deck_missing", "path=" + config.codenames_deck);
    return std::make_shared<const std::vector<std::string>>();
  }
  log_line("codenames_deck", "path=" + config.codenames_deck +
                                 " words=" + std::to_string(deck->size()));
  return std::make_shared<const std::vector<std::string>>(std::move(deck).value());
}

spymaster_paths spymaster_paths_for(const settings& config) {
  spymaster_paths paths;
  paths.vectors = config.vectors;
  paths.blocklist = config.blocklist;
  paths.sour_words = config.card_exclusions;
  paths.profanity =
      config.naughty_words_dir.empty() ? "" : models::profanity_list(config.naughty_words_dir, "en");
  paths.scowl_dir = config.scowl_dir;
  paths.frequencies = config.word_frequencies;
  paths.function_words = config.function_words;
  paths.model_file = config.spymaster_model;
  paths.scorer_file = config.spymaster_scorer;
  paths.deck = config.codenames_deck;
  std::stringstream views(config.spymaster_views);
  for (std::string file; std::getline(views, file, ',');)
    if (!file.empty()) paths.view_files.push_back(file);
  return paths;
}

spymaster_loading::spymaster_loading(caf::actor_system& system, const settings& config,
                                     readiness& ready)
    : loader_([this, &system, &ready, model = config.spymaster,
               paths = spymaster_paths_for(config)] {
        load(system, model, paths, ready);
        if (waits_for_learned(model, paths) && !status().giving_clues.empty())
          watch_for_learned(system, paths);
      }) {}

bool spymaster_loading::waits_for_learned(const std::string& model,
                                          const spymaster_paths& paths) {
#ifdef WORDHALL_HAVE_TORCH
  return model == "auto" && best_available_spymaster(paths) != "learned";
#else
  (void)model;
  (void)paths;
  return false;  // without LibTorch there is nothing to wait for
#endif
}

void spymaster_loading::load(caf::actor_system& system, const std::string& model,
                             const spymaster_paths& paths, readiness& ready) {
  auto started = std::chrono::steady_clock::now();
  auto loaded = load_spymaster(model, paths);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - started).count();
  if (loaded) {
    log_line("spymaster_loaded", "spymaster=" + loaded.value()->name() +
                                     " ms=" + std::to_string(ms));
    set_status({loaded.value()->name(), waits_for_learned(model, paths)});
    ready.loaded("spymaster");
  } else {
    log_line("spymaster_unavailable", "code=" + loaded.err().code + " message=\"" +
                                          loaded.err().message + "\"");
    ready.unavailable("spymaster", loaded.err().message);
  }
  effects_.ready(make_spymaster_effects(system, std::move(loaded)));
}

void spymaster_loading::watch_for_learned(caf::actor_system& system,
                                          const spymaster_paths& paths) {
  log_line("spymaster_waiting_for_learned", "scorer_file=" + paths.scorer_file +
                                                " model_file=" + paths.model_file);
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (stop_cv_.wait_for(lock, std::chrono::seconds(2), [this] { return stopping_; })) return;
    }
    // tools/prepare-data trains the set network first, then the scorer that uses it: the set
    // network stands in for the baseline while the scorer trains.
    const std::string next = best_available_spymaster(paths);
    if (next == status().giving_clues) continue;
    const bool last = next == "learned";
    auto loaded = load_spymaster(next, paths);
    if (!loaded) {
      // A damaged file stays damaged: say so once and keep the spymaster giving clues now.
      log_line("spymaster_upgrade_failed", "spymaster=" + next + " code=" + loaded.err().code +
                                               " message=\"" + loaded.err().message + "\"");
      set_status({status().giving_clues, false});
      return;
    }
    log_line("spymaster_upgraded", "spymaster=" + loaded.value()->name());
    set_status({loaded.value()->name(), !last});
    effects_.upgrade(make_spymaster_effects(system, std::move(loaded)));
    if (last) return;
  }
}

spymaster_status spymaster_loading::status() const {
  std::lock_guard<std::mutex> lock(mu_);
  return status_;
}

void spymaster_loading::set_status(spymaster_status s) {
  std::lock_guard<std::mutex> lock(mu_);
  status_ = std::move(s);
}

spymaster_loading::~spymaster_loading() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  stop_cv_.notify_all();
  if (loader_.joinable()) loader_.join();
}

}  // namespace wordhall
