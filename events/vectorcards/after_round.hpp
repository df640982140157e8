// What players do with a round once it is over, and the daily round's deal.
//
//   why      {round_id, player}: the words nearest a resolved move's result, best first (up to
//            `why_words`), searched now (one pass over the deck per word); no events. The
//            shares and the target's rank are in the view already (recorded at resolution).
//   rematch  {match_id}: a player of a finished match names the new match they created for the
//            same players (vc.rematch_offered); every view then offers it. Once one is named, the
//            command answers with that one and changes nothing, so two players clicking at once
//            end up in the same new match.
// A daily round (settings.daily = "YYYY-MM-DD") deals from a seed derived from its date alone,
// so every player who plays that date's round gets the same deal.
#pragma once

#include <cstdint>
#include <string_view>

#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

inline constexpr size_t why_words = 5;

// `r` is the addressed round (the current one).
result<outcome> why(const state& s, const round_state& r, simdjson::dom::object body,
                    const environment& env);
result<outcome> rematch(const state& s, simdjson::dom::object body, const decision_context& ctx);

// The settings of `date`'s daily round: every deal setting the default, so the date alone fixes
// the deal; one round, one seat, an hour to play. `bad_settings` unless `date` is a real one.
result<settings> daily_settings(const std::string& date);
// True for a calendar date written YYYY-MM-DD.
bool valid_date(std::string_view date);
// The seed of a daily round: FNV-1a of the date, mixed once by splitmix64.
uint64_t daily_seed(std::string_view date);

}  // namespace wordhall::vectorcards
