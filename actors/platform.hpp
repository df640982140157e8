// platform: what every actor of the shell shares, owned by the application for its lifetime.
#pragma once

#include <chrono>
#include <cstdint>

#include "actors/metrics.hpp"
#include "events/game_registry.hpp"
#include "storage/group_commit.hpp"
#include "storage/journal.hpp"

namespace wordhall {

struct platform_settings {
  uint64_t snapshot_every = 100;                       // events between snapshots
  std::chrono::milliseconds passivate_after{60'000};  // idle time before a match actor stops
};

struct platform {
  storage::journal* journal = nullptr;
  storage::group_commit* committer = nullptr;
  const game_registry* games = nullptr;
  wordhall::metrics* metrics = nullptr;
  platform_settings settings;
};

}  // namespace wordhall
