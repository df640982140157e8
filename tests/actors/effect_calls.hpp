// effect_calls: running one effect through an effect_runner from a test, as a match would.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <utility>

#include "actors/platform.hpp"

namespace wordhall::testing {

// Starts the effect; the future holds its outcome once the runner calls back.
inline std::future<effect_outcome> start_effect(effect_runner& effects, const std::string& service,
                                                const std::string& payload) {
  auto answer = std::make_shared<std::promise<effect_outcome>>();
  auto done = answer->get_future();
  effects.run(service, payload, [answer](effect_outcome o) { answer->set_value(std::move(o)); });
  return done;
}

// The effect's outcome; fails the test when none comes within 10 s.
inline effect_outcome run_effect(effect_runner& effects, const std::string& service,
                                 const std::string& payload) {
  auto done = start_effect(effects, service, payload);
  REQUIRE(done.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  return done.get();
}

}  // namespace wordhall::testing
