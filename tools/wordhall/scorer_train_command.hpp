// `wordhall spymaster train-scorer`: train the learned multi-view spymaster's clue scorer
// (models/torch/clue_scorer.hpp) on candidates of boards dealt from the deck, each rated by
// simulated guessers (models/codenames/simulated_guessers.hpp), and write it to --out.
//
//   wordhall spymaster train-scorer [--view FILE]... [--drop-view VIEW] [--out FILE]
//                                   [--boards N] [--seed S] [--epochs E]
//
// The views default to the prepared ones (spymaster_loader.hpp); --drop-view leaves one out, so
// that a guesser on it is one the scorer never saw, in its features or in training. --out
// defaults to default_scorer_file(--drop-view). A line every 5 s into a log shows progress.
// Exit status: 0, or 2 with a message. Only in builds with LibTorch (WORDHALL_HAVE_TORCH).
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

void add_scorer_train_command(CLI::App& spymaster);

}  // namespace wordhall
