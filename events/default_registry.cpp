#include "events/game_registry.hpp"
#include "events/tictactoe/game.hpp"

namespace wordhall {

game_registry make_default_registry() {
  game_registry registry;
  registry.add(tictactoe::make_game());
  return registry;
}

}  // namespace wordhall
