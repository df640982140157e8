// What Codenames needs from `wordhall serve` besides its events: the deck it deals from and the
// spymaster that gives its clues.
//
// The deck (settings::codenames_deck, a few hundred lines) is read at once; without it the
// server still starts and creating a match answers `deck_unavailable`. The spymaster
// (settings::spymaster: auto | learned | setnet | baseline, through
// tools/wordhall/spymaster_loader.hpp) loads on a
// thread of its own, because its word vectors and clue vocabulary take seconds: the server
// listens and every other game plays meanwhile, and clue requests wait in a deferred runner
// until it is there. A spymaster that cannot load answers every clue with
// `spymaster_unavailable` and the reason; the matches wait, and "try again" works once fixed
// and restarted.
#pragma once

#include <caf/all.hpp>

#include <condition_variable>
#include <mutex>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "actors/deferred_effects.hpp"
#include "actors/readiness.hpp"
#include "tools/wordhall/spymaster_loader.hpp"
#include "config/settings.hpp"

namespace wordhall {

// The deck's entries, or an empty deck (logged) when the file cannot be read.
std::shared_ptr<const std::vector<std::string>> load_codenames_deck(const settings& config);

// The spymaster's data paths from the server's settings (vectors, word lists).
spymaster_paths spymaster_paths_for(const settings& config);

// Which spymaster gives Codenames' clues now, for the page: "learned", "setnet", "baseline" or
// "" (still loading or unavailable); `learned_training` while "auto" gives another's clues and
// waits for the learned spymaster's files (tools/run trains them in the background).
struct spymaster_status {
  std::string giving_clues;
  bool learned_training = false;
};

class spymaster_loading {
 public:
  // Starts loading config.spymaster; effects() takes clue requests from now on. `ready` hears
  // of the "spymaster" part when the loading ends (it must outlive this). With "auto" and no
  // clue scorer yet, the best spymaster available gives clues and a watcher upgrades to the set
  // network, then to the learned spymaster, the moment their files appear (checked every 2 s).
  spymaster_loading(caf::actor_system& system, const settings& config, readiness& ready);
  // Stops the watcher, waits for the loading thread, then lets the runners go.
  ~spymaster_loading();

  effect_runner* effects() { return &effects_; }
  spymaster_status status() const;

 private:
  void load(caf::actor_system& system, const std::string& model, const spymaster_paths& paths,
            readiness& ready);
  void watch_for_learned(caf::actor_system& system, const spymaster_paths& paths);
  static bool waits_for_learned(const std::string& model, const spymaster_paths& paths);
  void set_status(spymaster_status s);

  deferred_effects effects_;
  mutable std::mutex mu_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;
  spymaster_status status_;
  std::thread loader_;
};

}  // namespace wordhall
