// The actor system's configuration, the same for the server, the tools and the tests.
#pragma once

#include <caf/all.hpp>

#include <cstddef>

namespace wordhall {

// Parses no command line and no config file (ours are separate), so CAF computes its derived
// defaults (stream tick intervals divide by them); sets the scheduler's threads and its policy
// (work sharing); silences CAF's own logger.
void configure_actor_system(caf::actor_system_config& cfg, size_t threads);

}  // namespace wordhall
