// Small vector files for the loader tests, written byte for byte as each format's tools write them.
#pragma once

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "models/embeddings.hpp"
#include "models/embeddings_builder.hpp"

namespace wordhall::models::testing {

using word_vectors = std::vector<std::pair<std::string, std::vector<float>>>;

// Three words with distinct directions and norms; "café" checks UTF-8 passes through.
inline word_vectors sample_vectors() {
  return {{"king", {3.0f, 0.0f, 4.0f}}, {"café", {0.0f, -2.0f, 0.0f}}, {"queen", {1.0f, 1.0f, 1.0f}}};
}

inline void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

inline std::string word2vec_binary(const word_vectors& rows, bool newline_after_vector) {
  std::string out = std::to_string(rows.size()) + " " + std::to_string(rows[0].second.size()) + "\n";
  for (const auto& [word, values] : rows) {
    out += word + " ";
    out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float));
    if (newline_after_vector) out += "\n";
  }
  return out;
}

// One line per word; `header` adds word2vec's "COUNT DIM" line, `trailing` what ends each line.
inline std::string text_vectors(const word_vectors& rows, bool header, const std::string& trailing) {
  std::string out;
  if (header) out = std::to_string(rows.size()) + " " + std::to_string(rows[0].second.size()) + "\n";
  for (const auto& [word, values] : rows) {
    out += word;
    for (float v : values) out += " " + std::to_string(v);
    out += trailing + "\n";
  }
  return out;
}

inline std::string wink_json(const word_vectors& rows) {
  size_t dims = rows[0].second.size();
  std::string words, vectors;
  for (size_t i = 0; i < rows.size(); ++i) {
    words += (i ? ",\"" : "\"") + rows[i].first + "\"";
    vectors += (i ? ",\"" : "\"") + rows[i].first + "\":[";
    for (float v : rows[i].second) vectors += std::to_string(v) + ",";
    vectors += "1.5," + std::to_string(i) + "]";
  }
  return "{\"precision\":6,\"l2NormIndex\":" + std::to_string(dims) +
         ",\"wordIndex\":" + std::to_string(dims + 1) + ",\"size\":" + std::to_string(rows.size()) +
         ",\"dimensions\":" + std::to_string(dims) + ",\"words\":[" + words + "],\"vectors\":{" +
         vectors + "},\"unkVector\":[0,0,0,0,-1]}";
}

// Embeddings built in memory, for the search tests.
inline embeddings make_embeddings(const word_vectors& rows) {
  embeddings_builder builder(rows[0].second.size(), 0, rows.size());
  for (const auto& [word, values] : rows) REQUIRE(builder.add(word, values.data()).ok());
  return std::move(builder).finish();
}

// Checks that `vectors` holds `expected` in order: unit rows pointing the same way, source norms.
inline void check_matches(const embeddings& vectors, const word_vectors& expected) {
  REQUIRE(vectors.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(vectors.word(i) == expected[i].first);
    const auto& values = expected[i].second;
    REQUIRE(vectors.dimensions() == values.size());
    double norm = 0;
    for (float v : values) norm += double(v) * v;
    norm = std::sqrt(norm);
    CHECK(vectors.norm(i) == Approx(norm).epsilon(1e-5));
    for (size_t j = 0; j < values.size(); ++j) {
      CHECK(vectors.vector(i)[static_cast<Eigen::Index>(j)] ==
            Approx(values[j] / norm).margin(1e-6));
    }
    CHECK(vectors.index_of(expected[i].first) == i);
  }
}

}  // namespace wordhall::models::testing
