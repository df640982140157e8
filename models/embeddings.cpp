// Indexing for embeddings; see embeddings.hpp for the contract.
#include "models/embeddings.hpp"

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

}  // namespace wordhall::models
