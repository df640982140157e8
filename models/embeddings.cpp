// Indexing for embeddings; see embeddings.hpp for the contract.
#include "models/embeddings.hpp"

#include <cmath>
#include <cstring>
#include <string>

namespace wordhall::models {

embeddings::embeddings(embeddings_parts parts) {
  auto s = std::make_shared<store>();
  s->parts = std::move(parts);
  s->rows = s->parts.rows ? s->parts.rows : s->parts.owned_rows.data();
  s->norms = s->parts.norms ? s->parts.norms : s->parts.owned_norms.data();
  s->index.reserve(s->parts.words.size());
  for (size_t i = 0; i < s->parts.words.size(); ++i) {
    s->index.emplace(s->parts.words[i], static_cast<uint32_t>(i));
  }
  store_ = std::move(s);
}

std::optional<uint32_t> embeddings::index_of(std::string_view word) const {
  if (!store_) return std::nullopt;
  auto it = store_->index.find(word);
  if (it == store_->index.end()) return std::nullopt;
  return it->second;
}

result<uint32_t> embeddings::require(std::string_view word) const {
  if (auto i = index_of(word)) return *i;
  return make_error("word_not_in_vocabulary",
                    "\"" + std::string(word) + "\" is not in the vocabulary");
}

embeddings concatenate(const std::vector<embeddings>& views) {
  if (views.empty()) return {};
  std::vector<std::vector<uint32_t>> rows(views.size());  // per view, the row of each kept word
  std::vector<size_t> kept;                               // rows of the first view
  size_t bytes = 0, dimensions = 0;
  for (auto& view : views) dimensions += view.dimensions();
  for (size_t i = 0; i < views.front().size(); ++i) {
    const auto word = views.front().word(i);
    std::vector<uint32_t> found{static_cast<uint32_t>(i)};
    for (size_t v = 1; v < views.size(); ++v) {
      auto row = views[v].index_of(word);
      if (!row) break;
      found.push_back(*row);
    }
    if (found.size() < views.size()) continue;
    kept.push_back(i);
    bytes += word.size();
    for (size_t v = 0; v < views.size(); ++v) rows[v].push_back(found[v]);
  }
  const float scale = 1.0f / std::sqrt(static_cast<float>(views.size()));
  embeddings_parts parts;
  parts.dimensions = dimensions;
  parts.word_chunks.push_back(std::make_unique<char[]>(bytes + 1));
  char* text = parts.word_chunks.back().get();
  parts.owned_rows.reserve(kept.size() * dimensions);
  parts.owned_norms.assign(kept.size(), 1.0f);
  for (size_t k = 0; k < kept.size(); ++k) {
    const auto word = views.front().word(kept[k]);
    std::memcpy(text, word.data(), word.size());
    parts.words.emplace_back(text, word.size());
    text += word.size();
    for (size_t v = 0; v < views.size(); ++v) {
      const size_t d = views[v].dimensions();
      const float* row = views[v].row_data() + static_cast<size_t>(rows[v][k]) * d;
      for (size_t j = 0; j < d; ++j) parts.owned_rows.push_back(row[j] * scale);
    }
  }
  return embeddings(std::move(parts));
}

embeddings keep_words(const embeddings& vectors, const std::unordered_set<std::string>& words) {
  std::vector<size_t> kept;
  size_t bytes = 0;
  for (size_t i = 0; i < vectors.size(); ++i) {
    if (words.count(std::string(vectors.word(i))) == 0) continue;
    kept.push_back(i);
    bytes += vectors.word(i).size();
  }
  const size_t d = vectors.dimensions();
  embeddings_parts parts;
  parts.dimensions = d;
  parts.word_chunks.push_back(std::make_unique<char[]>(bytes + 1));
  char* text = parts.word_chunks.back().get();
  parts.owned_rows.reserve(kept.size() * d);
  parts.owned_norms.reserve(kept.size());
  for (size_t i : kept) {
    const auto word = vectors.word(i);
    std::memcpy(text, word.data(), word.size());
    parts.words.emplace_back(text, word.size());
    text += word.size();
    const float* row = vectors.row_data() + i * d;
    parts.owned_rows.insert(parts.owned_rows.end(), row, row + d);
    parts.owned_norms.push_back(vectors.norm(i));
  }
  return embeddings(std::move(parts));
}

}  // namespace wordhall::models
