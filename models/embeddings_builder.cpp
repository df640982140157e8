// Record validation and row normalisation for all loaders; see embeddings_builder.hpp.
#include "models/embeddings_builder.hpp"

#include <cmath>
#include <cstring>
#include <string>

namespace wordhall::models {
namespace {

// Words are copied into 1 MiB chunks so their views stay valid as the vocabulary grows.
constexpr size_t word_chunk_bytes = size_t{1} << 20;

// Whitespace separates words from values in every text format, and control characters are
// what a misread binary record looks like; neither belongs in a word.
bool is_space_or_control(char c) {
  auto u = static_cast<unsigned char>(c);
  return u <= 0x20 || u == 0x7f;
}

}  // namespace

bool valid_utf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  while (p < end) {
    unsigned c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    int extra = 0;
    unsigned min = 0;
    if ((c & 0xE0) == 0xC0) {
      extra = 1, min = 0x80, c &= 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2, min = 0x800, c &= 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3, min = 0x10000, c &= 0x07;
    } else {
      return false;
    }
    if (end - p <= extra) return false;
    for (int i = 1; i <= extra; ++i) {
      if ((p[i] & 0xC0) != 0x80) return false;
      c = (c << 6) | (p[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
    p += extra + 1;
  }
  return true;
}

error located(const error& e, std::string_view where) {
  return make_error(e.code, std::string(where) + ": " + e.message);
}

embeddings_builder::embeddings_builder(size_t dimensions, size_t limit, size_t expected_count)
    : limit_(limit) {
  parts_.dimensions = dimensions;
  size_t rows = expected_count;
  if (limit != 0 && (rows == 0 || rows > limit)) rows = limit;
  parts_.owned_rows.reserve(rows * dimensions);
  parts_.owned_norms.reserve(rows);
  parts_.words.reserve(rows);
  seen_.reserve(rows);
}

std::string_view embeddings_builder::store_word(std::string_view word) {
  if (chunk_size_ - chunk_used_ < word.size()) {
    chunk_size_ = std::max(word_chunk_bytes, word.size());
    parts_.word_chunks.push_back(std::make_unique<char[]>(chunk_size_));
    chunk_used_ = 0;
  }
  char* dest = parts_.word_chunks.back().get() + chunk_used_;
  std::memcpy(dest, word.data(), word.size());
  chunk_used_ += word.size();
  return std::string_view(dest, word.size());
}

result<void> embeddings_builder::add(std::string_view word, const float* values) {
  auto quoted = [&] { return "\"" + std::string(word) + "\""; };
  if (word.empty()) return make_error("bad_vectors", "empty word");
  for (char c : word) {
    if (is_space_or_control(c)) {
      return make_error("bad_vectors", "word contains whitespace or a control character");
    }
  }
  if (!valid_utf8(word)) return make_error("bad_vectors", "word is not valid UTF-8");
  double sum = 0;
  for (size_t i = 0; i < parts_.dimensions; ++i) {
    if (!std::isfinite(values[i])) {
      return make_error("bad_vectors", "value " + std::to_string(i + 1) + " of " + quoted() +
                                           " is not a finite number");
    }
    sum += double(values[i]) * values[i];
  }
  if (sum == 0) return make_error("bad_vectors", "the vector of " + quoted() + " is all zeros");
  if (full() || seen_.count(word)) return {};

  std::string_view stored = store_word(word);
  seen_.insert(stored);
  parts_.words.push_back(stored);
  double norm = std::sqrt(sum);
  parts_.owned_norms.push_back(static_cast<float>(norm));
  for (size_t i = 0; i < parts_.dimensions; ++i) {
    parts_.owned_rows.push_back(static_cast<float>(values[i] / norm));
  }
  return {};
}

embeddings embeddings_builder::finish() && {
  std::unordered_set<std::string_view>().swap(seen_);  // free it before the index is built
  return embeddings(std::move(parts_));
}

}  // namespace wordhall::models
