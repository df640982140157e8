// Vector cards behind the platform's `game` interface.
#pragma once

#include <memory>
#include <vector>

#include "events/game.hpp"
#include "events/vectorcards/word_space.hpp"

namespace wordhall::vectorcards {

// `words` may stay empty (replays, admin tools): then only commands that need no vectors
// are decided, and applying events never needs them.
std::unique_ptr<game> make_game(std::shared_ptr<const word_space_slot> words,
                                std::vector<theme> themes);

}  // namespace wordhall::vectorcards
