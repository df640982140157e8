#include "tools/wordhall/codenames_setup.hpp"

#include <chrono>

#include "actors/log.hpp"
#include "actors/spymaster_service.hpp"
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
  paths.scowl_dir = config.scowl_dir;
  paths.frequencies = config.word_frequencies;
  paths.function_words = config.function_words;
  paths.model_file = config.spymaster_model;
  return paths;
}

spymaster_loading::spymaster_loading(caf::actor_system& system, const settings& config,
                                     readiness& ready)
    : loader_([this, &system, &ready, model = config.spymaster,
               paths = spymaster_paths_for(config)] {
        load(system, model, paths, ready);
        bool waits_for_learned = false;
#ifdef WORDHALL_HAVE_TORCH
        waits_for_learned = model == "auto" && !learned_spymaster_available(paths);
#endif
        if (waits_for_learned && status().giving_clues == "baseline")
          watch_for_learned(system, paths);
      }) {}

void spymaster_loading::load(caf::actor_system& system, const std::string& model,
                             const spymaster_paths& paths, readiness& ready) {
  auto started = std::chrono::steady_clock::now();
  auto loaded = load_spymaster(model, paths);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - started).count();
  if (loaded) {
    log_line("spymaster_loaded", "spymaster=" + loaded.value()->name() +
                                     " ms=" + std::to_string(ms));
    bool training = false;
#ifdef WORDHALL_HAVE_TORCH
    training = model == "auto" && !learned_spymaster_available(paths);
#endif
    set_status({loaded.value()->name(), training});
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
  log_line("spymaster_waiting_for_learned", "model_file=" + paths.model_file);
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (stop_cv_.wait_for(lock, std::chrono::seconds(2), [this] { return stopping_; })) return;
    }
    if (!learned_spymaster_available(paths)) continue;
    auto loaded = load_spymaster("learned", paths);
    if (!loaded) {
      // A damaged file stays damaged: say so once and keep the baseline.
      log_line("spymaster_upgrade_failed", "code=" + loaded.err().code + " message=\"" +
                                               loaded.err().message + "\"");
      set_status({status().giving_clues, false});
      return;
    }
    log_line("spymaster_upgraded", "spymaster=" + loaded.value()->name());
    set_status({loaded.value()->name(), false});
    effects_.upgrade(make_spymaster_effects(system, std::move(loaded)));
    return;
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
