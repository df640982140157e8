// Dealing a round: every random choice of a round comes from one recorded seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

// Deals round `round` to `players` (seat ids, in seat order) from `seed`:
//   - start and target: two different words of `theme` (those in the vocabulary) or of the
//     card pool, with cos(start, target) below 0.5 when a few tries find such a pair, so there
//     is a distance to cover;
//   - `n_public` unique public cards and, per player, `m_private` unique private cards, none of
//     them the start or target word or a public card; each private card is a joker with
//     probability `wildcard_ratio`;
//   - with `guarantee_improvement`, a player whose hand (jokers aside) has no move beating
//     cos(start, target) and no joker is dealt again (a bounded number of times);
//   - each player's par: the best move their hand allows (jokers aside).
// The same seed, settings, players and words always deal the same round.
result<deal> deal_round(int round, uint64_t seed, const settings& config,
                        const std::vector<std::string>& players, const word_space& words,
                        const theme* drawn_from, int64_t deadline_ms);

}  // namespace wordhall::vectorcards
