// game_registry: the games this server plays, by name. Filled once at start-up, read-only after.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "events/game.hpp"
#include "events/vectorcards/word_space.hpp"

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

// What the games consult besides their events: vector cards' words and themes, and the deck
// Codenames deals from. Empty services are enough to replay and inspect matches; deciding vector
// cards moves needs the words, creating a Codenames match the deck.
struct game_services {
  std::shared_ptr<const vectorcards::word_space_slot> words;
  std::vector<vectorcards::theme> themes;
  std::shared_ptr<const std::vector<std::string>> codenames_deck;
};

// Every game this build knows.
game_registry make_default_registry(game_services services = {});

}  // namespace wordhall
