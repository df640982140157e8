// What a round's end computes from its moves: the ranked results, the 2-D picture, and the nearest
// word and target rank of every move that does not have them yet.
//
// Those searches run beside the play rather than in each submit because each one is a pass over
// the whole deck (50,000 × 100 floats): a pass for a batch of moves costs about what one move's
// did, and a submit stays a dot product. While a round runs, the moves not yet searched are
// searched in batches (moves_search, vc.moves_searched); at its end the rest. They run in three
// steps so that the middle one, the only one that needs the vectors, can run elsewhere as an
// effect:
//   round_search(state)             -> payload: the round's words and moves (JSON)
//   run_round_search(payload, words) -> findings: nearest words, ranks, picture (JSON)
//   resolve_round(state, reason, findings) -> the vc.round_resolved event
// A command that resolves at once chains all three. The findings go into the event, so replays
// and admin views never need the vectors.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

// The effect service a closing round waits for; its key names the round.
inline constexpr const char* search_service = "vectorcards.search";
std::string search_key(int round);
// The effect service of a running round's moves not yet searched (vc.moves_searched); its key
// names the round and how many of its moves are searched already.
inline constexpr const char* presearch_service = "vectorcards.presearch";
std::string presearch_key(int round, size_t searched);
// The round of a presearch key; std::nullopt for any other key.
std::optional<int> presearch_round(std::string_view key);

struct round_findings {
  std::map<std::string, neighbourhood> neighbours;  // moves searched now, by player
  projection picture;
  std::map<std::string, move_shares> shares;        // every move's, by player
};

// The tokens a move's nearest word may not be: the configured list with its placeholders
// ("start", "target", "cards") replaced by this round's words; start and target always.
std::vector<std::string> exclusions(const settings& config, const deal& d, const scored_move& m);

// The search of the current round of `s` (which must have one, unresolved), as JSON:
//   {"round","start","target","full_vocabulary",
//    "moves":[{"player","public_token","public_sign","private_token","private_sign",
//              "search","exclude":[...]}]}
// ("search": false for a move whose nearest word is known already; it is only pictured).
std::string round_search(const state& s);
// The same for a presearch: only the moves not yet searched (no picture is wanted of them).
std::string moves_search(const state& s);

// The findings of a search, as JSON {"neighbours":{p:{nearest_token,nearest_similarity,
// target_rank}},"picture":{"start":[x,y],"target":[x,y],"players":{p:[x,y]}},
// "shares":{p:[start,public,private]}} (shares of every move, searched or not); `bad_effect_payload`
// for a payload that is not a search, `embeddings_unavailable` when the vectors lack its start or
// target (moves whose words they lack are left out).
result<std::string> run_round_search(std::string_view payload, const word_space& words);
// Several searches (of any rounds) at once, one pass over the deck for all their moves: each
// answer as run_round_search would give it.
std::vector<result<std::string>> run_round_searches(const std::vector<std::string_view>& payloads,
                                                    const word_space& words);
result<round_findings> read_round_findings(std::string_view json);

// Both steps at once, in this decision.
std::optional<round_findings> search_now(const state& s, const word_space* words);

// The resolution of the current round of `s` (which must have one, unresolved). Without
// findings (no vectors, or the search failed) it has the results only: no picture, no nearest
// words and no shares.
round_resolved resolve_round(const state& s, const std::string& reason,
                             const round_findings* found);

}  // namespace wordhall::vectorcards
