// graph_vectors: word vectors from WordNet's relation graph alone (no gloss text), a third view of
// meaning beside GloVe and the gloss PPMI vectors (ppmi.hpp). As in NetMF (Qiu et al. 2018,
// "Network Embedding as Matrix Factorization"), a DeepWalk-style random walk's co-occurrences are
// computed exactly from powers of the transition matrix instead of sampled, then PPMI and an SVD.
//
//   words     single-word lemmas of two or more letters a-z, lower-cased, in order of first
//             appearance; phrases ("ice cream") and lemmas with other characters are left out,
//             as the gloss vectors' tokens leave them out. Their synsets still carry the walk.
//   R         synset adjacency: each pointer adds its relation's weight to both directions, halved
//             (WordNet lists most pointers from both ends); lexical pointers count for the synsets.
//   S         synonym_weight · I + Σ_k walk_weights[k-1] · R (D⁻¹ R)^(k-1), D = diag(row sums
//             of R): a walk's co-occurrences k steps apart (DeepWalk's expected counts for walks
//             started in proportion to degree). Passing through a synset of degree d costs 1/d, so
//             co-hyponyms of a small family ("stringed instrument") are near while those of a hub
//             ("person", "city", "entity") are barely related.
//   M         word × synset membership, each sense weighed by how often it was seen: (tag count
//             + unseen_sense_weight) / the sum over the word's senses, so "dog" is mostly the
//             animal and a little the verb "to follow", and "pie" (the dish tagged twice) is the
//             dish, not Proto-Indo-European, whose many one-word neighbours (Celtic, Gaelic, ...)
//             would otherwise outweigh the dish's phrases; a word with no counted sense spreads
//             evenly.
//   counts    M S M', diagonal removed: two words are associated as much as their senses are.
//   vectors   ppmi_matrix(counts, smoothing) then svd_vectors (ppmi.hpp): eigenvalue weight 0.5,
//             unit-normalised rows, words with a zero row left out.
// Deterministic for a given graph, options and seed.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/ppmi.hpp"
#include "models/codenames/wordnet_graph.hpp"
#include "models/embeddings.hpp"

namespace wordhall::codenames {

constexpr size_t relation_count = size_t(relation::other) + 1;

// The text defaults with 200 dimensions: in 100 the graph's large families crowd together (every
// occupation near "sailor", body parts near "horse").
inline ppmi_options graph_factorisation() {
  ppmi_options options;
  options.dimensions = 200;
  return options;
}

struct graph_vector_options {
  // Indexed by `relation`; 0 leaves a relation out.
  std::array<double, relation_count> relation_weights = {
      1.0,  // hypernymy
      0.5,  // instance
      1.0,  // meronymy
      1.0,  // similarity
      0.5,  // also_see
      1.0,  // derivation
      1.0,  // attribute
      0.5,  // antonymy
      1.0,  // pertainymy
      1.0,  // verb_group
      0.5,  // entailment
      0.5,  // topic_domain
      0.0,  // other
  };
  double synonym_weight = 1.0;
  // A sense weighs its SemCor tag count plus this: one never tagged 0.1, one tagged once 1.1.
  double unseen_sense_weight = 0.1;
  // The walk's steps: step k adds walk_weights[k - 1] · R (D⁻¹ R)^(k-1).
  std::vector<double> walk_weights = {1.0, 0.5, 0.25};
  // smoothing, dimensions, eigenvalue_weight and the SVD's settings; window and min_count unused.
  ppmi_options factorisation = graph_factorisation();
};

struct graph_associations {
  std::vector<std::string> words;
  sparse_matrix counts;  // symmetric, zero diagonal, rows and columns in `words` order
};

graph_associations count_graph_associations(const wordnet_graph& graph,
                                            const graph_vector_options& options);

struct graph_vector_report {
  size_t synsets = 0;
  size_t synset_links = 0;  // nonzeros of R
  size_t vocabulary = 0;
  size_t associations = 0;  // nonzeros of the counts
  size_t nonzeros = 0;      // positive PPMI entries
  size_t words_kept = 0;
};

// The whole pipeline. `log`, when given, hears one line per finished stage. Errors: `bad_corpus`
// when fewer words than dimensions (plus the SVD's oversampling) are associated.
result<models::embeddings> graph_vectors(const wordnet_graph& graph,
                                         const graph_vector_options& options,
                                         graph_vector_report* report = nullptr,
                                         const std::function<void(const std::string&)>& log = {});

}  // namespace wordhall::codenames
