// platform: what every actor of the shell shares, owned by the application for its lifetime.
#pragma once

#include <caf/allowed_unsafe_message_type.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

#include "actors/metrics.hpp"
#include "events/game_registry.hpp"
#include "storage/group_commit.hpp"
#include "storage/journal.hpp"

namespace wordhall {

struct platform_settings {
  uint64_t snapshot_every = 100;                       // events between snapshots
  std::chrono::milliseconds passivate_after{60'000};  // idle time before a match actor stops
  // How long updates about events that are not urgent (game::urgent) may wait to be sent
  // together; zero sends every update at once. A match with many subscribers waits longer, at
  // least coalesce_per_subscriber for each of them (at most 1 s): every beat costs one frame
  // per subscriber, so a 50-player table would otherwise send 250 frames a second about who
  // has moved, and a hundred such tables more frames than the machine can write.
  std::chrono::milliseconds coalesce_updates{200};
  std::chrono::milliseconds coalesce_per_subscriber{10};
};

// How long a match with `subscribers` subscribers lets minor updates wait (see above).
inline std::chrono::milliseconds coalesce_period(const platform_settings& settings,
                                                 size_t subscribers) {
  if (settings.coalesce_updates.count() <= 0) return settings.coalesce_updates;
  auto per_subscribers = settings.coalesce_per_subscriber * static_cast<int64_t>(subscribers);
  return std::max(settings.coalesce_updates,
                  std::min<std::chrono::milliseconds>(per_subscribers, std::chrono::seconds(1)));
}

// What came of an effect (game::pending_effects): a JSON result, or an error code and message.
struct effect_outcome {
  bool ok = false;
  std::string result = "{}";
  std::string error_code;
  std::string error_message;
};
using effect_done = std::function<void(effect_outcome)>;

inline effect_outcome effect_failure(std::string code, std::string message) {
  effect_outcome out;
  out.error_code = std::move(code);
  out.error_message = std::move(message);
  return out;
}

// Runs matches' effects. `run` must not block; it calls `done` exactly once, from any thread.
class effect_runner {
 public:
  virtual ~effect_runner() = default;
  virtual void run(const std::string& service, const std::string& payload, effect_done done) = 0;
};

struct cluster_context;

struct platform {
  storage::journal* journal = nullptr;
  storage::group_commit* committer = nullptr;
  const game_registry* games = nullptr;
  wordhall::metrics* metrics = nullptr;
  effect_runner* effects = nullptr;  // null: effects fail with `no_effect_runner`
  cluster_context* cluster = nullptr;  // null: a single process, which owns every match
  platform_settings settings;
};

}  // namespace wordhall

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::effect_outcome)
