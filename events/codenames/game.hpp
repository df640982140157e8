// Codenames behind the platform's `game` interface (docs/codenames.md "The game"). `deck` is
// what `create` deals from; without one (replays, the admin tools) matches replay and show
// as usual, and only `create` answers `deck_unavailable`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "events/game.hpp"

namespace wordhall::codenames_game {

std::unique_ptr<game> make_game(std::shared_ptr<const std::vector<std::string>> deck = nullptr);

}  // namespace wordhall::codenames_game
