// A user's vectors file is parsed once, then loaded from its compact copy until it changes.
#include <catch2/catch.hpp>

#include <filesystem>

#include "models/vector_cache.hpp"
#include "models/vector_file.hpp"
#include "tests/models/vector_fixtures.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::models;
using namespace wordhall::models::testing;
namespace fs = std::filesystem;

namespace {

embeddings load(const std::string& path, vectors_origin expected, size_t limit = 0) {
  load_options options;
  options.progress = progress_mode::never;
  options.limit = limit;
  vectors_origin origin = vectors_origin::compact_file;
  auto vectors = load_vectors_cached(path, options, &origin);
  INFO((vectors.ok() ? "" : vectors.err().message));
  REQUIRE(vectors.ok());
  CHECK(origin == expected);
  return std::move(vectors).value();
}

}  // namespace

TEST_CASE("a text vectors file is parsed once, then mapped from its compact copy", "[models]") {
  wordhall::testing::temp_dir dir;
  const std::string source = dir.path() + "/glove.txt";
  write_file(source, text_vectors(sample_vectors(), false, ""));
  const std::string cache = vector_cache_path(source, 0);
  CHECK(cache == source + ".whv");

  check_matches(load(source, vectors_origin::parsed), sample_vectors());
  REQUIRE(fs::exists(cache));
  check_matches(load(source, vectors_origin::cache), sample_vectors());

  // The source changes: its new contents are parsed and the copy rewritten.
  auto changed = sample_vectors();
  changed[1].second = {0.0f, 5.0f, 0.0f};
  write_file(source, text_vectors(changed, false, ""));
  // (As if the copy had been written two seconds before the edit.)
  fs::last_write_time(cache, fs::last_write_time(source) - std::chrono::seconds(2));
  check_matches(load(source, vectors_origin::parsed), changed);
  check_matches(load(source, vectors_origin::cache), changed);

  // A limit has a copy of its own, holding only those words.
  CHECK(vector_cache_path(source, 2) == source + ".limit-2.whv");
  auto first_two = changed;
  first_two.pop_back();
  check_matches(load(source, vectors_origin::parsed, 2), first_two);
  check_matches(load(source, vectors_origin::cache, 2), first_two);
  check_matches(load(source, vectors_origin::cache), changed);

  // A damaged copy is never trusted: parsed again, rewritten.
  fs::resize_file(cache, 20);
  check_matches(load(source, vectors_origin::parsed), changed);
  check_matches(load(source, vectors_origin::cache), changed);
}

TEST_CASE("a compact file loads as it is and gets no copy", "[models]") {
  wordhall::testing::temp_dir dir;
  const std::string path = dir.path() + "/vectors.whv";
  REQUIRE(write_vector_file(make_embeddings(sample_vectors()), path, element_type::float32).ok());
  check_matches(load(path, vectors_origin::compact_file), sample_vectors());
  CHECK_FALSE(fs::exists(vector_cache_path(path, 0)));
}

TEST_CASE("a source that cannot be read is an error, whatever copy exists", "[models]") {
  wordhall::testing::temp_dir dir;
  const std::string source = dir.path() + "/missing.bin";
  write_file(vector_cache_path(source, 0), "");
  auto vectors = load_vectors_cached(source);
  REQUIRE_FALSE(vectors.ok());
  CHECK(vectors.err().code == "io_error");
}
