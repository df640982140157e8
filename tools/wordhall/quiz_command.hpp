// `wordhall spymaster quiz-score`: how a reader did on a blind quiz of a spymaster's clues
// (models/codenames/clue_quiz.hpp; `spymaster eval --model M --quiz N --quiz-out PREFIX` writes
// the quiz's sheet PREFIX.txt and its key PREFIX-key.json).
//   spymaster quiz-score --key FILE [--answers FILE]... [--reader VECTORS]... [--json]
// Each answers file (one line per question, "N: card, card") is read under the game's rules, and
// each --reader, a guesser on those vectors (codenames_sim.hpp's vector_guesser), answers the
// same questions, so a person's reading stands beside the vectors'. Prints, per reader, the share
// of first picks that were ours (by clue number too), of clues fully found, our cards found a
// clue, and the share of turns ended on an enemy card, a civilian and the assassin; --json as
// {"questions":N,"made_by":...,"readers":[{"reader":...,"first_pick_ours":...,...}]}.
// Exit status: 0 on success, 2 on any error (a malformed answer names its line).
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `quiz-score` under `spymaster` (the `spymaster` subcommand of the wordhall app).
void add_quiz_score_command(CLI::App& spymaster);

}  // namespace wordhall
