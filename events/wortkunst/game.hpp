// Wortkunst behind the platform's `game` interface (docs/wortkunst.md).
#pragma once

#include <memory>

#include "events/game.hpp"

namespace wordhall::wortkunst {

std::unique_ptr<game> make_game();

}  // namespace wordhall::wortkunst
