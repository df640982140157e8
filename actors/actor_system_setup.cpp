#include "actors/actor_system_setup.hpp"

#include <sstream>
#include <stdexcept>

namespace wordhall {

void configure_actor_system(caf::actor_system_config& cfg, size_t threads) {
  std::istringstream no_ini;
  if (auto err = cfg.parse(caf::actor_system_config::string_list{}, no_ini))
    throw std::runtime_error("cannot configure the actor system");
  cfg.set("scheduler.max-threads", threads);
  cfg.set("logger.file-verbosity", caf::atom("quiet"));
  cfg.set("logger.console-verbosity", caf::atom("quiet"));
}

}  // namespace wordhall
