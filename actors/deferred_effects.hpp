// deferred_effects: an effect runner that holds effects until the runner that does the work is
// ready. `wordhall serve` starts before Codenames' spymaster has loaded (seconds of word vectors
// and clue vocabulary on its own thread); clue requests that come meanwhile wait here, in order,
// and go to the spymaster's runner the moment `ready` hands it over. Nothing is dropped and no
// thread blocks. Effects still waiting when this is destroyed are never answered (the server is
// stopping; the platform asks again after a restart).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "actors/platform.hpp"

namespace wordhall {

class deferred_effects : public effect_runner {
 public:
  // Passes the waiting effects and every later one to `runner`, which this then owns. Once only.
  void ready(std::unique_ptr<effect_runner> runner);
  // Passes every later effect to `runner` instead of the current one (or readies it, if none is
  // there yet): a better spymaster that has finished training. The runner it replaces stays
  // alive until this is destroyed, so the effects it is running still get their answers.
  void upgrade(std::unique_ptr<effect_runner> runner);
  bool is_ready() const;
  void run(const std::string& service, const std::string& payload, effect_done done) override;

 private:
  struct waiting {
    std::string service, payload;
    effect_done done;
  };
  mutable std::mutex mu_;
  std::unique_ptr<effect_runner> runner_;  // replaced only by upgrade
  std::vector<std::unique_ptr<effect_runner>> replaced_;
  std::vector<waiting> waiting_;
};

}  // namespace wordhall
