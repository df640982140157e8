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
  return paths;
}

spymaster_loading::spymaster_loading(caf::actor_system& system, const settings& config)
    : loader_([this, &system, model = config.spymaster, paths = spymaster_paths_for(config)] {
        auto started = std::chrono::steady_clock::now();
        auto loaded = load_spymaster(model, paths);
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started).count();
        if (loaded)
          log_line("spymaster_loaded", "spymaster=" + loaded.value()->name() +
                                           " ms=" + std::to_string(ms));
        else
          log_line("spymaster_unavailable", "code=" + loaded.err().code + " message=\"" +
                                                loaded.err().message + "\"");
        effects_.ready(make_spymaster_effects(system, std::move(loaded)));
      }) {}

spymaster_loading::~spymaster_loading() {
  if (loader_.joinable()) loader_.join();
}

}  // namespace wordhall
