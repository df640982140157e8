// The compact file round-trips in float32 and float16, and a damaged one is refused cleanly.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <random>

#include "models/loaders.hpp"
#include "models/vector_file.hpp"
#include "tests/models/vector_fixtures.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::models;
using namespace wordhall::models::testing;
using Catch::Matchers::Contains;

namespace {

word_vectors random_vectors(size_t count, size_t dims) {
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  word_vectors rows;
  for (size_t i = 0; i < count; ++i) {
    std::vector<float> values(dims);
    for (auto& v : values) v = normal(rng) * float(i % 5 + 1);
    rows.push_back({"word" + std::to_string(i), values});
  }
  rows[3].first = "naïve";
  return rows;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("a float32 compact file maps back exactly", "[models]") {
  wordhall::testing::temp_dir dir;
  auto rows = random_vectors(100, 17);
  auto original = make_embeddings(rows);
  std::string path = dir.path() + "/v.whv";
  REQUIRE(write_vector_file(original, path, element_type::float32).ok());
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
  CHECK(detect_vector_format(path).value() == vector_format::compact);

  auto loaded = load_vector_file(path);
  REQUIRE(loaded.ok());
  check_matches(loaded.value(), rows);
  CHECK(reinterpret_cast<uintptr_t>(loaded->row_data()) % 64 == 0);
  for (size_t i = 0; i < rows.size(); ++i) {
    CHECK(loaded->vector(i) == original.vector(i));
    CHECK(loaded->norm(i) == original.norm(i));
  }
}

TEST_CASE("a float16 compact file loads within half precision", "[models]") {
  wordhall::testing::temp_dir dir;
  auto rows = random_vectors(50, 33);
  auto original = make_embeddings(rows);
  std::string path = dir.path() + "/v16.whv";
  REQUIRE(write_vector_file(original, path, element_type::float16).ok());
  auto loaded = load_vectors(path);
  REQUIRE(loaded.ok());
  REQUIRE(loaded->size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    CHECK(loaded->word(i) == original.word(i));
    CHECK(loaded->vector(i).norm() == Approx(1.0f).margin(1e-5));
    CHECK((loaded->vector(i) - original.vector(i)).cwiseAbs().maxCoeff() < 1e-3f);
    CHECK(loaded->norm(i) == original.norm(i));
  }
  std::string path32 = dir.path() + "/v32.whv";
  REQUIRE(write_vector_file(original, path32, element_type::float32).ok());
  CHECK(std::filesystem::file_size(path) < std::filesystem::file_size(path32));
}

TEST_CASE("a compact file honours a limit", "[models]") {
  wordhall::testing::temp_dir dir;
  auto rows = random_vectors(20, 4);
  std::string path = dir.path() + "/v.whv";
  REQUIRE(write_vector_file(make_embeddings(rows), path, element_type::float32).ok());
  auto loaded = load_vector_file(path, 5);
  REQUIRE(loaded.ok());
  check_matches(loaded.value(), word_vectors(rows.begin(), rows.begin() + 5));
  CHECK_FALSE(loaded->index_of("word7"));
}

TEST_CASE("keep_words writes a smaller file whose rows are the source's, bit for bit",
          "[models]") {
  wordhall::testing::temp_dir dir;
  auto rows = random_vectors(40, 9);
  auto original = make_embeddings(rows);
  auto kept = keep_words(original, {"word30", "naïve", "word7", "not-a-word"});
  REQUIRE(kept.size() == 3);
  const std::vector<size_t> source_rows{3, 7, 30};  // source order, whatever the set's order
  std::string path = dir.path() + "/kept.whv";
  REQUIRE(write_vector_file(kept, path, element_type::float32).ok());
  auto loaded = load_vector_file(path);
  REQUIRE(loaded.ok());
  REQUIRE(loaded->size() == 3);
  for (size_t i = 0; i < source_rows.size(); ++i) {
    CAPTURE(i);
    const size_t from = source_rows[i];
    CHECK(loaded->word(i) == original.word(from));
    CHECK(loaded->index_of(original.word(from)) == i);
    CHECK(loaded->norm(i) == original.norm(from));
    CHECK(std::memcmp(loaded->row_data() + i * 9, original.row_data() + from * 9,
                      9 * sizeof(float)) == 0);
  }
  CHECK_FALSE(loaded->index_of("word8").has_value());
  CHECK(keep_words(original, {"nothing", "here"}).empty());
}

TEST_CASE("a damaged compact file is refused with data_loss", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string path = dir.path() + "/v.whv";
  REQUIRE(write_vector_file(make_embeddings(random_vectors(30, 8)), path, element_type::float32)
              .ok());
  const std::string good = read_all(path);
  auto refused = [&](const std::string& bytes, const char* why) {
    write_file(path, bytes);
    auto loaded = load_vector_file(path);
    REQUIRE_FALSE(loaded.ok());
    CHECK(loaded.err().code == "data_loss");
    CHECK_THAT(loaded.err().message, Contains(why));
  };

  std::string bytes = good;
  bytes[70] ^= 0x20;  // inside the vocabulary
  refused(bytes, "checksum");
  bytes = good;
  bytes[16] ^= 0x01;  // the word count
  refused(bytes, "truncated");
  refused(good.substr(0, good.size() - 4), "truncated");
  refused(good.substr(0, 40), "shorter than its header");
  bytes = good;
  bytes[0] = 'X';
  refused(bytes, "magic");
  bytes = good;
  bytes[12] = 9;
  refused(bytes, "element type");

  std::mt19937 rng(3);
  for (int round = 0; round < 200; ++round) {
    bytes = good;
    bytes[rng() % 128] = static_cast<char>(rng());
    write_file(path, bytes);
    auto loaded = load_vector_file(path);
    if (!loaded.ok()) CHECK(loaded.err().code == "data_loss");
  }
}

TEST_CASE("concatenate keeps the words every view knows; a cosine is the views' mean", "[models]") {
  auto view = [](std::vector<std::string> words, std::vector<float> rows, size_t d) {
    embeddings_parts parts;
    parts.dimensions = d;
    size_t bytes = 0;
    for (auto& w : words) bytes += w.size();
    parts.word_chunks.push_back(std::make_unique<char[]>(bytes + 1));
    char* text = parts.word_chunks.back().get();
    for (auto& w : words) {
      std::memcpy(text, w.data(), w.size());
      parts.words.emplace_back(text, w.size());
      text += w.size();
    }
    parts.owned_rows = std::move(rows);
    parts.owned_norms.assign(words.size(), 1.0f);
    return embeddings(std::move(parts));
  };
  const float h = std::sqrt(0.5f);
  auto a = view({"cat", "dog", "owl"}, {1, 0, h, h, 0, 1}, 2);                    // 2 dimensions
  auto b = view({"dog", "cat", "emu"}, {1, 0, 0, 1, 0, 0, 0, 0, 1}, 3);  // 3 dimensions
  auto joint = concatenate({a, b});
  REQUIRE(joint.size() == 2);  // owl and emu are not in both
  CHECK(joint.word(0) == "cat");  // the first view's order
  CHECK(joint.word(1) == "dog");
  CHECK(joint.dimensions() == 5);
  for (size_t i = 0; i < 2; ++i) CHECK(joint.vector(i).norm() == Approx(1.0f));
  const float cos_a = h, cos_b = 1.0f;  // cat·dog in each view
  CHECK(joint.vector(0).dot(joint.vector(1)) == Approx((cos_a + cos_b) / 2));
  CHECK(concatenate({}).empty());
}
