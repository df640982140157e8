// `wordhall embeddings ...`: word vectors from the command line.
//   convert IN OUT [--limit N] [--float16] [--progress]
//                                            any supported format (or a compact file) to a compact
//                                            file; prints "words, dimensions, seconds".
//   concat OUT IN IN...                      the words every input knows, each row the inputs'
//                                            rows side by side (unit length: a cosine is the mean
//                                            of the inputs'); models::concatenate.
//   similar [--vectors FILE] --positive a,b [--negative c] [--topn N] [--json]
//                                            gensim's most_similar; --json prints
//                                            [{"word":...,"score":...},...], else a table.
//                                            --approximate searches the HNSW index (built once,
//                                            cached as FILE.hnsw); --exact, the default, does not.
//   eval [--vectors FILE] [--analogies FILE] [--pairs FILE[,FILE...]] [--json]
//                                            gensim's evaluate_word_analogies / _word_pairs
//                                            (models/evaluation.hpp); --json prints
//                                            {"analogies":{"correct","incorrect","oov","accuracy"},
//                                             "pairs":[{"file","pearson","spearman","oov_ratio"}]},
//                                            each part only when its option was given.
//   build-ppmi --out FILE [--dims N] [--window N] [--min-count N]
//                                            vectors counted from WordNet's glosses (PPMI + SVD),
//                                            see tools/wordhall/ppmi_command.hpp.
//   build-wordnet-graph --out FILE [--dimensions N] [--seed S]
//                                            vectors from WordNet's relation graph (random-walk
//                                            PPMI + SVD), see wordnet_graph_command.hpp.
// --vectors defaults to $WORDHALL_VECTORS, else data/embeddings/glove-6b-100d.whv (made by
// tools/prepare-data). Exit status: 0 on success, 2 on any error (unknown word, bad file).
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds the `embeddings` subcommand to `app`. Its commands run while `app` parses and end the
// parse with CLI::RuntimeError carrying their exit status, which CLI11_PARSE returns from main.
void add_embeddings_commands(CLI::App& app);

}  // namespace wordhall
