// `wordhall spymaster train`: trains the learned spymaster (models/torch/, docs/codenames.md).
//   train --vectors FILE --deck FILE --out FILE [--steps N] [--batch B] [--seed S]
//         [--device auto|cpu|cuda] [--checkpoint-every K] [--learning-rate R]
// Shows a progress bar with the loss on stderr, saves weights to FILE.checkpoint every K steps
// and to FILE at the end, and writes the loss curve to FILE.loss.csv and FILE.loss.svg.
// Only builds with WORDHALL_TORCH (the caller adds it under WORDHALL_HAVE_TORCH).
// Exit status: 0 on success, 2 on any error.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

void add_spymaster_train_command(CLI::App& spymaster);

}  // namespace wordhall
