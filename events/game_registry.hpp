// game_registry: the games this server plays, by name. Filled once at start-up, read-only after.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "events/game.hpp"

namespace wordhall {

class game_registry {
 public:
  void add(std::unique_ptr<game> g) { games_[std::string(g->name())] = std::move(g); }

  const game* find(std::string_view name) const {
    auto it = games_.find(std::string(name));
    return it == games_.end() ? nullptr : it->second.get();
  }

  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (auto& [name, g] : games_) out.push_back(name);
    return out;
  }

 private:
  std::map<std::string, std::unique_ptr<game>> games_;
};

// Every game this build knows.
game_registry make_default_registry();

}  // namespace wordhall
