// `wordhall embeddings build-ppmi`: the project's own word vectors, counted from WordNet's
// glosses (Debian's wordnet-base) with PPMI and a truncated SVD (models/codenames/ppmi.hpp).
//   build-ppmi --out FILE [--dims 100] [--window 5] [--min-count 5] [--smoothing 0.75]
//              [--wordnet DIR] [--stop-words FILE] [--seed S]
// writes a compact vectors file (vector_file.hpp) and prints "FILE: words, dimensions, seconds".
// tools/prepare-data makes data/embeddings/ppmi-wordnet-100d.whv with it, which
// `wordhall spymaster eval --guesser-vectors` takes as a guesser that thinks differently.
// `wordhall embeddings build-gcide`: the same from the Collaborative International Dictionary of
// English (Debian's dict-gcide; models/codenames/gcide_corpus.hpp), a dictionary that is not
// WordNet: a fourth view of meaning for the Codenames spymaster.
//   build-gcide --out FILE [--gcide FILE] and the options above but --wordnet
// tools/prepare-data makes data/embeddings/ppmi-gcide-100d.whv with it.
// `wordhall embeddings build-running-text`: the same from English prose, npm's Brown corpus and
// nlp-corpus (models/codenames/running_text_corpus.hpp), words in their WordNet base forms: a
// view from running text that is not GloVe's.
//   build-running-text --out FILE [--npm DIR] and the options above but --wordnet; its
//   --min-count defaults to 2 (2.7 M words: a deck word such as "suction" is seen twice)
// tools/prepare-data makes data/embeddings/ppmi-text-100d.whv with it.
// Exit status: 0 on success, 2 on any error.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `build-ppmi` under `embeddings` (the `embeddings` subcommand of the wordhall app).
void add_build_ppmi_command(CLI::App& embeddings);
// Adds `build-gcide` under `embeddings`.
void add_build_gcide_command(CLI::App& embeddings);
// Adds `build-running-text` under `embeddings`.
void add_build_running_text_command(CLI::App& embeddings);

}  // namespace wordhall
