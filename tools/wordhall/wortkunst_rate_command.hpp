// `wordhall wortkunst rate [--json] [--words PATH] [--hunspell BASE] [--corpus DIR] [--timing]
// WORD…`: the offline judge's rating of each word, as a game without an API key would rate it
// (the rating memory is not consulted, so the answer is the judge's own).
//   plain   one line per word: WORD <tab> score <tab> explanation
//   --json  [{"word":…,"score":…,"explanation":…},…], in the order given
//   --timing  also prints on stderr how long loading the word list, Hunspell and the prose took
// The word list, the Hunspell dictionary and the prose counted default to the judge's
// (judge_config); one that cannot be read is named on stderr and the judge rates without it, as
// the server would.
// Exit status 0.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `rate` to the `wortkunst` subcommand; it ends the parse with CLI::RuntimeError(0).
void add_wortkunst_rate_command(CLI::App& wortkunst);

}  // namespace wordhall
