// `wordhall spymaster ...`: Codenames spymasters from the command line (docs/codenames.md).
//   clue [--json] [--model learned|setnet|baseline|auto] [--scorer-file FILE] [--model-file FILE]
//        [--vectors FILE] [--threshold T] [--clue-words N] [--learned-... options]
//        reads a board as JSON on stdin ({"team":[...],"enemy":[...],"civilians":[...],
//        "assassin":...,"given":[...]}, models/codenames/spymaster_json.hpp) and prints the clue:
//        --json as {"clue":...,"number":...,"targets":[...]}, else "CLUE NUMBER: TARGET, ...".
//   eval --games N --seed S [--deck FILE] [--guesser-vectors FILE] [--json] [--model-file FILE]
//        [--threshold T] [--clue-words N] [--vectors FILE] [--learned-... options]
//        plays N simulated games (models/codenames/codenames_sim.hpp) with the learned spymaster
//        (when available) and the baseline and prints win rate, mean turns, words per clue and
//        assassin rate; --json as {"learned":{"win_rate":...,"mean_turns":...,
//        "words_per_clue":...,"assassin_rate":...},"baseline":{...}}. Without the learned model
//        stderr says why and only "baseline" is reported. The guesser uses --guesser-vectors when
//        given, else the spymaster's vectors; clue words are then limited to words both know.
//        The deck defaults to config/codenames-deck.txt.
//   curate-deck [--out FILE] [--size N] [--wordnet DIR] [--vectors FILE] [--exclude FILE]
//        chooses the deck (models/codenames/deck_curation.hpp); stdout unless --out.
//   train --out FILE [...]   trains the learned spymaster; only in builds with LibTorch
//        (WORDHALL_HAVE_TORCH), see tools/wordhall/spymaster_train_command.hpp.
// --model defaults to learned: the clue scorer (--scorer-file, default
// data/models/clue-scorer.whcs) over the prepared views, with the set network (--model-file,
// default data/models/spymaster-learned.whsm) when the scorer was trained with it; setnet is the
// set network alone (tools/wordhall/spymaster_loader.hpp). Without LibTorch or those files,
// `clue` exits 2 and names --model baseline and tools/prepare-data. The --learned-threshold and
// --learned-*-margin options set how the set network checks its clue word
// (models/codenames/subset_clue_choice.hpp); --threshold is the baseline's tau.
// --vectors defaults to $WORDHALL_VECTORS, else data/embeddings/glove-6b-100d.whv.
// Exit status: 0 on success, 2 on any error.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds the `spymaster` subcommand. Its commands run while `app` parses and end the parse with
// CLI::RuntimeError carrying their exit status, as add_embeddings_commands does.
void add_spymaster_commands(CLI::App& app);

}  // namespace wordhall
