// effect_router: the one effect runner the platform holds (platform::effects), passing each
// effect to the runner of its service ("wortkunst.rate" to the judge, "codenames.clue" to the
// spymaster's model worker, "vectorcards.search" and "vectorcards.presearch" to vector cards'
// searches). A service nobody routes fails with `unknown_effect`.
//
// Routes are set up before the first match runs and never change afterwards, so `run` reads the
// table without a lock. The router does not own its runners.
#pragma once

#include <map>
#include <string>

#include "actors/platform.hpp"

namespace wordhall {

class effect_router : public effect_runner {
 public:
  void route(std::string service, effect_runner* runner);
  void run(const std::string& service, const std::string& payload, effect_done done) override;

 private:
  std::map<std::string, effect_runner*, std::less<>> routes_;
};

}  // namespace wordhall
