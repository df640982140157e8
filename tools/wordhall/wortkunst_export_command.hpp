// `wordhall wortkunst export --data-dir DIR GAME_ID`: prints a Wortkunst game, finished or
// running, as a GCG file (events/wortkunst/gcg.hpp) with every player's racks: whoever reads the
// data directory is the operator. Opens the journal read-only, so it works beside a running
// server. Exit status: 0 printed, 1 no such Wortkunst game or an unreadable journal.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `export` under the `wortkunst` subcommand; like the others it ends the parse with
// CLI::RuntimeError carrying its exit status.
void add_wortkunst_export_command(CLI::App& wortkunst);

}  // namespace wordhall
