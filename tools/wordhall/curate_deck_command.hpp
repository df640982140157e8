// `wordhall spymaster curate-deck`: chooses the Codenames deck (docs/codenames.md, "The deck").
//   curate-deck [--out FILE] [--size N] [--wordnet DIR] [--vectors FILE] [--exclude FILE]
// keeps common, concrete, ambiguous nouns by the rules of models/codenames/deck_curation.hpp,
// from WordNet, SCOWL, SUBTLEX, the blocklist, the hand exclusions (--exclude) and the
// vocabulary of --vectors, and writes them with a header naming those sources: to --out, else
// stdout.
// Exit status: 0 on success, 2 on any error.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `curate-deck` under `spymaster` (the `spymaster` subcommand of the wordhall app).
void add_curate_deck_command(CLI::App& spymaster);

}  // namespace wordhall
