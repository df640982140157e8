// What Codenames needs from `wordhall serve` besides its events: the deck it deals from and the
// spymaster that gives its clues.
//
// The deck (settings::codenames_deck, a few hundred lines) is read at once; without it the
// server still starts and creating a match answers `deck_unavailable`. The spymaster
// (settings::spymaster: auto | learned | baseline, through tools/wordhall/spymaster_loader.hpp) loads on a
// thread of its own, because its word vectors and clue vocabulary take seconds: the server
// listens and every other game plays meanwhile, and clue requests wait in a deferred runner
// until it is there. A spymaster that cannot load answers every clue with
// `spymaster_unavailable` and the reason; the matches wait, and "try again" works once fixed
// and restarted.
#pragma once

#include <caf/all.hpp>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "actors/deferred_effects.hpp"
#include "tools/wordhall/spymaster_loader.hpp"
#include "config/settings.hpp"

namespace wordhall {

// The deck's entries, or an empty deck (logged) when the file cannot be read.
std::shared_ptr<const std::vector<std::string>> load_codenames_deck(const settings& config);

// The spymaster's data paths from the server's settings (vectors, word lists).
spymaster_paths spymaster_paths_for(const settings& config);

class spymaster_loading {
 public:
  // Starts loading config.spymaster; effects() takes clue requests from now on.
  spymaster_loading(caf::actor_system& system, const settings& config);
  // Waits for the loading thread (a server that failed to start), then lets the runner go.
  ~spymaster_loading();

  effect_runner* effects() { return &effects_; }

 private:
  deferred_effects effects_;
  std::thread loader_;
};

}  // namespace wordhall
