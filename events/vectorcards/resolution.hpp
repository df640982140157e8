// What a round's end computes from its moves: the ranked results, the 2-D picture, and the nearest
// word and target rank of every move that does not have them yet.
//
// Those searches run here rather than at each submit because each one is a pass over the whole
// deck (50,000 × 100 floats): one pass for all of a round's moves costs about what one move's
// pass did, and a submit stays a dot product. The answers go into the `vc.round_resolved` event,
// so replays and admin views never need the vectors.
#pragma once

#include <string>
#include <vector>

#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

// The tokens a move's nearest word may not be: the configured list with its placeholders
// ("start", "target", "cards") replaced by this round's words; start and target always.
std::vector<std::string> exclusions(const settings& config, const deal& d, const scored_move& m);

// The resolution of the current round of `s` (which must have one, unresolved). Without `words`
// (still loading) it has the results only: no picture and no nearest words.
round_resolved resolve_round(const state& s, const std::string& reason, const word_space* words);

}  // namespace wordhall::vectorcards
