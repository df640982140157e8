// Asking actors from threads that are not actors (HTTP handlers), without blocking them.
//
// Each call spawns a short-lived actor that makes the request(s) and hands the answer to the
// callback on an actor thread; the callback must be cheap and thread-safe (HTTP's respond_fn is).
#pragma once

#include <caf/all.hpp>

#include <functional>
#include <optional>
#include <string>

#include "actors/messages.hpp"

namespace wordhall {

struct bridge_error {
  std::string code;
  std::string message;
};

// The live actor's report of match `match_id` (spawning it, which recovers it, if needed).
void inspect_match(caf::actor_system& system, caf::actor directory, std::string match_id,
                   std::function<void(std::optional<live_report>, const bridge_error&)> done);

}  // namespace wordhall
