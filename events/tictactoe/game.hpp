// The tic-tac-toe game behind the platform's `game` interface.
#pragma once

#include <memory>

#include "events/game.hpp"

namespace wordhall::tictactoe {

std::unique_ptr<game> make_game();

}  // namespace wordhall::tictactoe
