// Malformed vector files give an error naming the line or record, never a crash.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "models/loaders.hpp"
#include "tests/models/vector_fixtures.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::models;
using namespace wordhall::models::testing;
using Catch::Matchers::Contains;

namespace {

wordhall::error load_error(const std::string& path, const std::string& bytes) {
  write_file(path, bytes);
  load_options options;
  options.progress = progress_mode::never;
  auto vectors = load_vectors(path, options);
  REQUIRE_FALSE(vectors.ok());
  return vectors.err();
}

}  // namespace

TEST_CASE("a truncated word2vec binary names the record", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string path = dir.path() + "/cut.bin";
  std::string bytes = word2vec_binary(sample_vectors(), true);

  auto mid_vector = load_error(path, bytes.substr(0, bytes.size() - 6));
  CHECK(mid_vector.code == "bad_vectors");
  CHECK_THAT(mid_vector.message, Contains("record 3 of 3") && Contains("\"queen\"") &&
                                     Contains("truncated"));

  auto mid_word = load_error(path, bytes.substr(0, bytes.find("queen") + 2));
  CHECK_THAT(mid_word.message, Contains("record 3") && Contains("inside the word"));
}

TEST_CASE("a binary file whose header has the wrong dimensions fails cleanly", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string bytes = word2vec_binary(sample_vectors(), false);
  bytes.replace(0, 3, "3 2");  // records are 3 floats long, the header says 2
  auto e = load_error(dir.path() + "/wrong.bin", bytes);
  CHECK(e.code == "bad_vectors");
  CHECK_THAT(e.message, Contains("record"));
}

TEST_CASE("non-finite values and invalid UTF-8 in binary records name the record", "[models]") {
  wordhall::testing::temp_dir dir;
  auto rows = sample_vectors();
  rows[1].second[2] = std::numeric_limits<float>::quiet_NaN();
  auto e = load_error(dir.path() + "/nan.bin", word2vec_binary(rows, false));
  CHECK_THAT(e.message, Contains("record 2") && Contains("not a finite number"));

  rows = sample_vectors();
  rows[2].first = "bad\xff";
  e = load_error(dir.path() + "/utf8.bin", word2vec_binary(rows, false));
  CHECK_THAT(e.message, Contains("record 3") && Contains("UTF-8"));
}

TEST_CASE("a text row with the wrong number of values names its line", "[models]") {
  wordhall::testing::temp_dir dir;
  std::string header_text = "3 3\nking 1 2 3\ncafé 1 2 3\nqueen 1 2\n";
  auto e = load_error(dir.path() + "/short.txt", header_text);
  CHECK(e.code == "bad_vectors");
  CHECK_THAT(e.message, Contains("line 4") && Contains("expected 3 numbers") &&
                            Contains("\"queen\"") && Contains("found 2"));

  std::string glove = "king 1 2 3\ncafé 1 2 3\nqueen 1 2 3 4\n";
  e = load_error(dir.path() + "/long.txt", glove);
  CHECK_THAT(e.message, Contains("line 3") && Contains("found 4"));
}

TEST_CASE("NaN, infinity and unparsable numbers in text name the line", "[models]") {
  wordhall::testing::temp_dir dir;
  auto e = load_error(dir.path() + "/nan.txt", "king 1 2 3\nqueen 1 nan 3\n");
  CHECK_THAT(e.message, Contains("line 2") && Contains("not a finite number"));

  e = load_error(dir.path() + "/inf.txt", "2 3\nking 1 2 3\nqueen 1 2 inf\n");
  CHECK_THAT(e.message, Contains("line 3") && Contains("not a finite number"));

  e = load_error(dir.path() + "/junk.txt", "king 1 2 3\nqueen 1 2.5x 3\n");
  CHECK_THAT(e.message, Contains("line 2") && Contains("\"2.5x\"") && Contains("not a number"));
}

TEST_CASE("a zero vector is an error naming the line or record", "[models]") {
  wordhall::testing::temp_dir dir;
  auto e = load_error(dir.path() + "/zero.txt", "king 1 2 3\nnothing 0 0 0\n");
  CHECK_THAT(e.message, Contains("line 2") && Contains("all zeros") && Contains("nothing"));

  auto rows = sample_vectors();
  rows[0].second = {0.0f, 0.0f, 0.0f};
  e = load_error(dir.path() + "/zero.bin", word2vec_binary(rows, false));
  CHECK_THAT(e.message, Contains("record 1") && Contains("all zeros"));
}

TEST_CASE("a text file with fewer rows than its header announces is truncated", "[models]") {
  wordhall::testing::temp_dir dir;
  auto e = load_error(dir.path() + "/few.txt", "5 3\nking 1 2 3\nqueen 1 2 3\n");
  CHECK_THAT(e.message, Contains("file ends after 2 of the 5 vectors"));
}

TEST_CASE("an absurd header does not allocate what it announces", "[models]") {
  wordhall::testing::temp_dir dir;
  auto e = load_error(dir.path() + "/huge.txt", "999999999999 300\nking 1 2 3\n");
  CHECK_THAT(e.message, Contains("line 2") && Contains("expected 300 numbers"));
}

TEST_CASE("missing files, empty files and broken JSON are reported", "[models]") {
  wordhall::testing::temp_dir dir;
  auto missing = load_vectors(dir.path() + "/absent.bin");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.err().code == "io_error");

  auto e = load_error(dir.path() + "/empty.txt", "");
  CHECK_THAT(e.message, Contains("empty"));

  e = load_error(dir.path() + "/broken.json", "{\"dimensions\":3,\"words\":[\"a\"");
  CHECK(e.code == "bad_vectors");

  std::string json = wink_json(sample_vectors());
  json.replace(json.find("\"queen\":["), 9, "\"quern\":[");
  e = load_error(dir.path() + "/missing.json", json);
  CHECK_THAT(e.message, Contains("words[2]") && Contains("\"queen\" has no vector"));
}
