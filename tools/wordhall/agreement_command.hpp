// `wordhall spymaster agreement`: how far the views of meaning foretell one another
// (models/codenames/view_agreement.hpp). For each view as the reader, the others in hand: of the
// one-card clues all the others read alike (a clue word and the deck entry every one of them puts
// nearest to it, a word the board's clue rules refuse for that entry left out), the share the
// reader puts nearest too, and among its three nearest, by band of clue-word commonness.
//   spymaster agreement [--view FILE]... [--deck FILE] [--words N] [--json]
// The views default to the prepared ones (tools/prepare-data); the clue words are the learned
// spymaster's candidates, the N (10,000) most common words every view knows.
// Exit status: 0 on success, 2 on any error.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `agreement` under `spymaster` (the `spymaster` subcommand of the wordhall app).
void add_agreement_command(CLI::App& spymaster);

}  // namespace wordhall
