#include "actors/deferred_effects.hpp"

#include <utility>

namespace wordhall {

void deferred_effects::ready(std::unique_ptr<effect_runner> runner) {
  std::vector<waiting> held;
  effect_runner* now = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (runner_) return;
    runner_ = std::move(runner);
    now = runner_.get();
    held.swap(waiting_);
  }
  for (auto& w : held) now->run(w.service, w.payload, std::move(w.done));
}

void deferred_effects::upgrade(std::unique_ptr<effect_runner> runner) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (runner_) {
      replaced_.push_back(std::move(runner_));
      runner_ = std::move(runner);
      return;
    }
  }
  ready(std::move(runner));
}

bool deferred_effects::is_ready() const {
  std::lock_guard<std::mutex> lock(mu_);
  return runner_ != nullptr;
}

void deferred_effects::run(const std::string& service, const std::string& payload,
                           effect_done done) {
  effect_runner* now = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!runner_) {
      waiting_.push_back({service, payload, std::move(done)});
      return;
    }
    now = runner_.get();
  }
  // Outside the lock: a runner may answer at once, on this thread.
  now->run(service, payload, std::move(done));
}

}  // namespace wordhall
