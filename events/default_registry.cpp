#include "events/codenames/game.hpp"
#include "events/game_registry.hpp"
#include "events/tictactoe/game.hpp"
#include "events/vectorcards/game.hpp"
#include "events/wortkunst/game.hpp"

namespace wordhall {

game_registry make_default_registry(game_services services) {
  game_registry registry;
  registry.add(tictactoe::make_game());
  registry.add(vectorcards::make_game(std::move(services.words), std::move(services.themes)));
  registry.add(wortkunst::make_game());
  registry.add(codenames_game::make_game(std::move(services.codenames_deck)));
  return registry;
}

}  // namespace wordhall
