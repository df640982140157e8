// The deal: 25 distinct deck entries and their roles, from one seed (splitmix64, rejection
// sampling, Fisher–Yates), so a seed and a deck always give the same board. The match records
// the dealt cards in its first event, so a replay needs neither the deck nor this function.
//
//   two_teams: the starting team 9, the other 8, civilians 7, the assassin 1; the starting team
//              is red or blue by the seed.
//   one_team:  red (the players) 8, blue (the enemy) 7, civilians 9, the assassin 1; red starts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "events/codenames/rules.hpp"
#include "events/result.hpp"

namespace wordhall::codenames_game {

struct deal {
  std::string first_team;
  std::vector<card> cards;  // 25, covered, in board order
};

// Errors: `deck_unavailable` when the deck holds fewer than 25 distinct entries.
result<deal> deal_cards(const std::vector<std::string>& deck, const std::string& mode,
                        uint64_t seed);

}  // namespace wordhall::codenames_game
