// Indexing for embeddings; see embeddings.hpp for the contract.
#include "models/embeddings.hpp"

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
