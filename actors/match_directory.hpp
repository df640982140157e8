// match_directory: finds, spawns and supervises match actors.
//
// There is at most one actor per match in this process (the single writer). A lookup spawns the
// actor of a stored match on demand; the actor recovers itself from the journal. The directory
// monitors every actor it spawns: one that stops (passivation) or crashes is forgotten, and the
// next lookup spawns a fresh one from the journal. At start-up, `wake` spawns every unfinished
// match with a pending deadline, so timers that fell due while the server was down fire now.
#pragma once

#include <caf/all.hpp>

#include <string>
#include <unordered_map>

#include "actors/messages.hpp"
#include "actors/platform.hpp"

namespace wordhall {

class match_directory : public caf::event_based_actor {
 public:
  match_directory(caf::actor_config& cfg, platform* services);
  caf::behavior make_behavior() override;
  // Match actors live only as long as their directory.
  void on_exit() override;

 private:
  caf::actor spawn_match(const std::string& id, const game* g, bool is_new);

  platform* platform_;
  std::unordered_map<std::string, caf::actor> live_;
  bool draining_ = false;
};

}  // namespace wordhall
