// Each vector format loads from a small file written here, and detection tells them apart.
#include <catch2/catch.hpp>

#include "models/loaders.hpp"
#include "tests/models/vector_fixtures.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::models;
using namespace wordhall::models::testing;

namespace {

struct loaded {
  vector_format format;
  embeddings vectors;
};

loaded load_file(const std::string& path) {
  auto format = detect_vector_format(path);
  REQUIRE(format.ok());
  load_options options;
  options.progress = progress_mode::never;
  auto vectors = load_vectors(path, options);
  INFO((vectors.ok() ? "" : vectors.err().message));
  REQUIRE(vectors.ok());
  return {format.value(), vectors.value()};
}

}  // namespace

TEST_CASE("word2vec binary loads with and without a newline after each vector", "[models]") {
  wordhall::testing::temp_dir dir;
  for (bool newline : {true, false}) {
    CAPTURE(newline);
    std::string path = dir.path() + "/vectors.bin";
    write_file(path, word2vec_binary(sample_vectors(), newline));
    auto [format, vectors] = load_file(path);
    CHECK(format == vector_format::word2vec_binary);
    check_matches(vectors, sample_vectors());
  }
}

TEST_CASE("word2vec text with a header loads", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string path = dir.path() + "/vectors.txt";
  write_file(path, text_vectors(sample_vectors(), true, ""));
  auto [format, vectors] = load_file(path);
  CHECK(format == vector_format::word2vec_text);
  check_matches(vectors, sample_vectors());
}

TEST_CASE("GloVe text without a header takes its dimensions from the first line", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string path = dir.path() + "/glove.txt";
  write_file(path, text_vectors(sample_vectors(), false, ""));
  auto [format, vectors] = load_file(path);
  CHECK(format == vector_format::glove_text);
  check_matches(vectors, sample_vectors());
}

TEST_CASE("fastText .vec lines end with a space, or with CRLF", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string path = dir.path() + "/wiki.vec";
  write_file(path, text_vectors(sample_vectors(), true, " "));
  auto [format, vectors] = load_file(path);
  CHECK(format == vector_format::word2vec_text);
  check_matches(vectors, sample_vectors());

  write_file(path, text_vectors(sample_vectors(), true, " \r"));
  check_matches(load_file(path).vectors, sample_vectors());
}

TEST_CASE("wink JSON follows the order of its words array", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string path = dir.path() + "/wink.json";
  // The vectors object lists "queen" first; the words array decides the order.
  auto rows = sample_vectors();
  std::string json = wink_json(rows);
  write_file(path, json);
  auto [format, vectors] = load_file(path);
  CHECK(format == vector_format::wink_json);
  check_matches(vectors, rows);

  std::string reordered = wink_json({rows[2], rows[0], rows[1]});
  auto words_at = reordered.find("\"words\":[");
  auto words_end = reordered.find(']', words_at);
  reordered.replace(words_at, words_end - words_at + 1, "\"words\":[\"king\",\"café\",\"queen\"]");
  write_file(path, reordered);
  check_matches(load_file(path).vectors, rows);
}

TEST_CASE("a repeated word keeps its first vector", "[models]") {
  wordhall::testing::temp_dir dir;
  auto rows = sample_vectors();
  auto with_duplicate = rows;
  with_duplicate.push_back({"king", {0.0f, 1.0f, 0.0f}});
  for (bool binary : {false, true}) {
    CAPTURE(binary);
    std::string path = dir.path() + "/dup";
    write_file(path, binary ? word2vec_binary(with_duplicate, false)
                            : text_vectors(with_duplicate, true, ""));
    check_matches(load_file(path).vectors, rows);
  }
}

TEST_CASE("a limit keeps the first N words and stops reading", "[models]") {
  wordhall::testing::temp_dir dir;
  auto rows = sample_vectors();
  // Garbage after the second record must not be read once the limit is reached.
  std::string binary = word2vec_binary(rows, false);
  binary.resize(binary.size() - 5);
  std::string text = text_vectors(rows, false, "") + "broken line\n";
  for (const auto& bytes : {binary, text, wink_json(rows)}) {
    std::string path = dir.path() + (bytes[0] == '{' ? "/v.json" : "/v");
    write_file(path, bytes);
    load_options options;
    options.limit = 2;
    options.progress = progress_mode::never;
    auto vectors = load_vectors(path, options);
    INFO((vectors.ok() ? "" : vectors.err().message));
    REQUIRE(vectors.ok());
    check_matches(vectors.value(), {rows[0], rows[1]});
  }
}

TEST_CASE("binary detection survives short rows of zeros in text files", "[models]") {
  wordhall::testing::temp_dir dir;
  // Text rows shorter than DIM x 4 bytes: the sniffing must stop at the end of the first line.
  word_vectors rows;
  for (int i = 0; i < 5; ++i) {
    std::vector<float> values(50, 0.0f);
    values[static_cast<size_t>(i)] = 1.0f;
    rows.push_back({"w" + std::to_string(i), values});
  }
  std::string text = "5 50\n";
  for (const auto& [word, values] : rows) {
    text += word;
    for (float v : values) text += v == 0.0f ? " 0" : " 1";
    text += "\n";
  }
  std::string path = dir.path() + "/zeros.txt";
  write_file(path, text);
  auto [format, vectors] = load_file(path);
  CHECK(format == vector_format::word2vec_text);
  check_matches(vectors, rows);
}
