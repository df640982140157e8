// The walk runs on synsets, not words, so a polysemous word ("bank") never carries a walk from
// one of its senses to another; words join only at the end, through the membership matrix.
#include "models/codenames/graph_vectors.hpp"

#include <Eigen/SparseCore>

#include <algorithm>
#include <unordered_map>

namespace wordhall::codenames {
namespace {

bool is_plain_word(const std::string& lemma) {
  return lemma.size() >= 2 &&
         std::all_of(lemma.begin(), lemma.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

using triplet = Eigen::Triplet<float>;

sparse_matrix synset_adjacency(const wordnet_graph& graph, const graph_vector_options& options) {
  std::vector<triplet> entries;
  entries.reserve(2 * graph.pointers.size());
  for (const auto& p : graph.pointers) {
    const double weight = options.relation_weights[size_t(p.kind)];
    if (weight <= 0.0 || p.from == p.to) continue;
    entries.emplace_back(Eigen::Index(p.from), Eigen::Index(p.to), float(weight / 2));
    entries.emplace_back(Eigen::Index(p.to), Eigen::Index(p.from), float(weight / 2));
  }
  const auto n = Eigen::Index(graph.synsets.size());
  sparse_matrix r(n, n);
  r.setFromTriplets(entries.begin(), entries.end());
  return r;
}

// Word × synset membership, each word's senses weighed by (tag count + unseen_sense_weight) and
// summing to 1.
sparse_matrix membership_matrix(const wordnet_graph& graph, double unseen_sense_weight,
                                std::vector<std::string>& words) {
  std::unordered_map<std::string, uint32_t> id_of;
  std::vector<triplet> entries;
  for (size_t s = 0; s < graph.synsets.size(); ++s) {
    const auto& synset = graph.synsets[s];
    std::vector<uint32_t> ids;
    for (size_t i = 0; i < synset.lemmas.size(); ++i) {
      if (!is_plain_word(synset.lemmas[i])) continue;
      auto [it, added] = id_of.emplace(synset.lemmas[i], uint32_t(words.size()));
      if (added) words.push_back(synset.lemmas[i]);
      if (std::find(ids.begin(), ids.end(), it->second) != ids.end()) continue;
      ids.push_back(it->second);
      const uint32_t seen = i < synset.tag_counts.size() ? synset.tag_counts[i] : 0;
      entries.emplace_back(Eigen::Index(it->second), Eigen::Index(s),
                           float(seen + unseen_sense_weight));
    }
  }
  std::vector<float> word_mass(words.size(), 0.0f);
  for (const auto& e : entries) word_mass[size_t(e.row())] += e.value();
  for (auto& e : entries) e = triplet(e.row(), e.col(), e.value() / word_mass[size_t(e.row())]);
  sparse_matrix m(Eigen::Index(words.size()), Eigen::Index(graph.synsets.size()));
  m.setFromTriplets(entries.begin(), entries.end());
  return m;
}

// S = synonym_weight · I + Σ_k walk_weights[k-1] · R (D⁻¹ R)^(k-1).
sparse_matrix synset_walk(const sparse_matrix& r, const graph_vector_options& options) {
  const Eigen::Index synsets = r.rows();
  Eigen::VectorXf inverse_degree = Eigen::VectorXf::Zero(synsets);
  for (Eigen::Index s = 0; s < synsets; ++s) {
    float degree = 0.0f;
    for (sparse_matrix::InnerIterator it(r, s); it; ++it) degree += it.value();
    if (degree > 0.0f) inverse_degree[s] = 1.0f / degree;
  }
  const sparse_matrix step = inverse_degree.asDiagonal() * r;
  sparse_matrix walk(synsets, synsets);
  sparse_matrix reach = r;
  for (size_t k = 0; k < options.walk_weights.size(); ++k) {
    if (k > 0) reach = reach * step;
    walk += float(options.walk_weights[k]) * reach;
  }
  sparse_matrix identity(synsets, synsets);
  identity.setIdentity();
  walk += float(options.synonym_weight) * identity;
  return walk;
}

}  // namespace

graph_associations count_graph_associations(const wordnet_graph& graph,
                                            const graph_vector_options& options) {
  graph_associations out;
  const sparse_matrix m = membership_matrix(graph, options.unseen_sense_weight, out.words);
  const sparse_matrix walk = synset_walk(synset_adjacency(graph, options), options);
  sparse_matrix transposed_m = m.transpose();
  sparse_matrix through_synsets = m * walk;
  out.counts = through_synsets * transposed_m;
  out.counts.prune([](Eigen::Index row, Eigen::Index col, float value) {
    return row != col && value > 0.0f;
  });
  return out;
}

result<models::embeddings> graph_vectors(const wordnet_graph& graph,
                                         const graph_vector_options& options,
                                         graph_vector_report* report,
                                         const std::function<void(const std::string&)>& log) {
  auto say = [&](const std::string& line) {
    if (log) log(line);
  };
  graph_vector_report local;
  graph_vector_report& r = report ? *report : local;
  r.synsets = graph.synsets.size();
  r.synset_links = size_t(synset_adjacency(graph, options).nonZeros());
  auto counted = count_graph_associations(graph, options);
  r.vocabulary = counted.words.size();
  r.associations = size_t(counted.counts.nonZeros());
  say("graph: " + std::to_string(r.synsets) + " synsets, " + std::to_string(r.synset_links) +
      " links; " + std::to_string(r.vocabulary) + " words, " + std::to_string(r.associations) +
      " associated pairs");
  const auto& f = options.factorisation;
  if (r.vocabulary < f.dimensions + f.oversampling) {
    return make_error("bad_corpus", "the graph has " + std::to_string(r.vocabulary) + " words; " +
                                        std::to_string(f.dimensions) + " dimensions need more");
  }
  sparse_matrix ppmi = ppmi_matrix(counted.counts, f.smoothing);
  counted.counts = sparse_matrix();
  r.nonzeros = size_t(ppmi.nonZeros());
  say("PPMI: " + std::to_string(r.nonzeros) + " positive entries");
  auto vectors = svd_vectors(ppmi, counted.words, f, log);
  if (vectors) r.words_kept = vectors->size();
  return vectors;
}

}  // namespace wordhall::codenames
