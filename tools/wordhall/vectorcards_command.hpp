// `wordhall vectorcards deals`: the deal report (events/vectorcards/dealing_report.hpp) over the
// server's own words, settings and themes.
//
//   wordhall vectorcards deals [--count 1000] [--seed S] [--players 4] [--theme T] [--legacy]
//                              [--json] [--show N] [--config config/wordhall.json]
// deals `count` seeded rounds exactly as the server does (its vectors, deck, curated lists and
// default match settings; `--legacy`: the classic dealing) and prints the figures, as a table
// or, with --json, as {"deals","hands","par_uplift_median","par_uplift_p10",
// "explainable_share","improving_moves_median","hands_with_3_improving_share","lemma_share",
// "blocked_words"} (shares as fractions). `--show N` first prints the first N rounds as a
// person reads them (start -> target, cards, each hand's par). Exit status 0, or 1 when the
// words cannot be loaded.
#pragma once

#include <memory>

#include "config/settings.hpp"
#include "models/card_words.hpp"

namespace CLI {
class App;
}

namespace wordhall {

void add_vectorcards_commands(CLI::App& app);

// Vector cards' word space over loaded words, with the curated lists from the settings'
// WordNet and naughty-words folders (models/card_curation.hpp); logs their size and the time
// curation took, or why it failed (then cards come from the deck).
std::shared_ptr<const models::card_words> make_card_words(
    const settings& config, std::shared_ptr<const models::word_services> words);

}  // namespace wordhall
