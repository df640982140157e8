// `wordhall embeddings build-wordnet-graph`: word vectors from WordNet's relation graph alone
// (synonyms, hypernyms, meronyms, derivations, ...; never the glosses), by exact random-walk
// co-occurrences, PPMI and a truncated SVD (models/codenames/graph_vectors.hpp).
//   build-wordnet-graph --out FILE [--dimensions 200] [--walk-weights 1,0.5,0.25] [--wordnet DIR]
//                       [--seed S]
// writes a compact vectors file (vector_file.hpp) and prints "FILE: words, dimensions, seconds".
// tools/prepare-data makes data/embeddings/wordnet-graph-200d.whv with it, a third view of meaning
// for the Codenames guesser (`wordhall spymaster eval --guesser-vectors`).
// Exit status: 0 on success, 2 on any error.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds `build-wordnet-graph` under `embeddings` (the `embeddings` subcommand of the wordhall app).
void add_build_wordnet_graph_command(CLI::App& embeddings);

}  // namespace wordhall
