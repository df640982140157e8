// `wordhall spymaster ...`: Codenames spymasters from the command line (docs/codenames.md).
//   clue [--json] [--model learned|setnet|baseline|auto] [--scorer-file FILE] [--model-file FILE]
//        [--vectors FILE] [--threshold T] [--clue-words N] [--learned-... options]
//        reads a board as JSON on stdin ({"team":[...],"enemy":[...],"civilians":[...],
//        "assassin":...,"given":[...]}, models/codenames/spymaster_json.hpp) and prints the clue:
//        --json as {"clue":...,"number":...,"targets":[...]}, else "CLUE NUMBER: TARGET, ...".
//   eval ...          simulated games, quizzes and sheets: tools/wordhall/eval_command.hpp.
//   curate-deck ...   the deck: tools/wordhall/curate_deck_command.hpp.
//   train ..., train-scorer ...   the learned spymaster's trainers; only in builds with LibTorch
//        (WORDHALL_HAVE_TORCH): spymaster_train_command.hpp, scorer_train_command.hpp.
//   agreement ..., quiz-score ..., sheet-score ...   agreement_command.hpp, quiz_command.hpp,
//        sheet_score_command.hpp.
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
