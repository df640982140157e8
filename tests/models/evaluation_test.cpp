// gensim's evaluate_word_analogies / evaluate_word_pairs on files small enough to score by hand,
// and the CLI's JSON (build/wordhall, run as a user would).
#include <catch2/catch.hpp>

#include <simdjson.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "models/evaluation.hpp"
#include "tests/models/vector_fixtures.hpp"

using namespace wordhall::models;
using namespace wordhall::models::testing;

namespace {

// "Woman" lies exactly on the mean king + woman - man: the top answer to man:king::woman:?, which
// gensim skips as a case variant of an input when case-insensitive. queen comes next (0.958).
word_vectors family() {
  const float s = 1 / std::sqrt(2.0f);
  return {{"man", {1, 0, 0}},   {"woman", {0, 1, 0}},   {"king", {1, 0, 1}},
          {"queen", {0, 1, 1}}, {"Woman", {s - 1, 1, s}}};
}

const char* analogies =
    ": family\n"
    "man king woman queen\n"      // correct (Woman skipped)
    "MAN KING WOMAN QUEEN\n"      // correct when case-insensitive, else OOV
    "man king woman woman\n"      // incorrect: d is an input, never predicted
    "man king woman princess\n"   // OOV
    "\n"
    ": second\n"
    "king queen man woman\n";     // correct: woman 0.924, Woman 0.645

// Cosines: man-woman 0, man-king 1/sqrt2, woman-queen 1/sqrt2, king-queen 1/2, man-queen 0.
const char* pairs =
    "# word1\tword2\thuman\n"
    "man\twoman\t1.0\n"
    "man\tking\t3.0\n"
    "woman\tqueen\t3\n"
    "king\tqueen\t2.0\n"
    "man\tqueen\t0.5\n"
    "man\tprincess\t5.0\n";

struct scratch {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "wordhall-eval-test";
  scratch() { std::filesystem::create_directories(dir); }
  ~scratch() { std::filesystem::remove_all(dir); }
  std::string file(const std::string& name, const std::string& text) const {
    auto path = (dir / name).string();
    write_file(path, text);
    return path;
  }
};

}  // namespace

TEST_CASE("analogies: gensim's counts, case folding and skipped case variants", "[models]") {
  scratch s;
  auto vectors = make_embeddings(family());
  auto path = s.file("questions.txt", analogies);

  auto folded = evaluate_word_analogies(vectors, path);
  REQUIRE(folded.ok());
  CHECK(folded->correct == 3);
  CHECK(folded->incorrect == 1);
  CHECK(folded->oov == 1);
  CHECK(folded->accuracy == Approx(0.75));
  REQUIRE(folded->sections.size() == 2);
  CHECK(folded->sections[0].name == "family");
  CHECK(folded->sections[0].correct == 2);
  CHECK(folded->sections[0].incorrect == 1);
  CHECK(folded->sections[1].name == "second");
  CHECK(folded->sections[1].correct == 1);

  // Case-sensitive, "Woman" is a fair answer to the first question, and wrong.
  auto exact_case = evaluate_word_analogies(vectors, path, 300000, false);
  REQUIRE(exact_case.ok());
  CHECK(exact_case->correct == 1);
  CHECK(exact_case->incorrect == 2);
  CHECK(exact_case->oov == 2);

  // restrict_vocab 3 leaves queen out: only "man king woman woman" is in the vocabulary, and with
  // its three inputs excluded no candidate is left, so nothing is predicted (gensim: None).
  auto restricted = evaluate_word_analogies(vectors, path, 3);
  REQUIRE(restricted.ok());
  CHECK(restricted->oov == 4);
  CHECK(restricted->incorrect == 1);
  CHECK(restricted->accuracy == 0);
}

TEST_CASE("word pairs: Pearson, Spearman with tied ranks, OOV share", "[models]") {
  scratch s;
  auto scores = evaluate_word_pairs(make_embeddings(family()), s.file("pairs.tsv", pairs));
  REQUIRE(scores.ok());
  CHECK(scores->pairs == 5);
  CHECK(scores->oov == 1);
  CHECK(scores->oov_ratio == Approx(100.0 / 6));
  // Ranks, ties averaged: human [2, 4.5, 4.5, 3, 1], model [1.5, 4.5, 4.5, 3, 1.5];
  // deviations [-1, 1.5, 1.5, 0, -2] and [-1.5, 1.5, 1.5, 0, -1.5]: 9 / sqrt(9.5 x 9).
  CHECK(scores->spearman == Approx(9 / std::sqrt(9.5 * 9)));
  // Human [1, 3, 3, 2, 0.5] (mean 1.9) against [0, s, s, 0.5, 0], s = 1/sqrt2.
  const double s2 = 1 / std::sqrt(2.0), mean = (2 * s2 + 0.5) / 5;
  const double dy[] = {-mean, s2 - mean, s2 - mean, 0.5 - mean, -mean};
  const double dx[] = {-0.9, 1.1, 1.1, 0.1, -1.4};
  double xy = 0, yy = 0;
  for (int i = 0; i < 5; ++i) xy += dx[i] * dy[i], yy += dy[i] * dy[i];
  CHECK(scores->pearson == Approx(xy / std::sqrt(5.2 * yy)));
  CHECK(scores->pearson == Approx(0.97912).epsilon(1e-4));

  CHECK(std::isnan(pearson_correlation({1}, {2})));
  CHECK(spearman_correlation({1, 2, 3}, {30, 20, 10}) == Approx(-1));
}

TEST_CASE("malformed evaluation files name the line", "[models]") {
  scratch s;
  auto vectors = make_embeddings(family());
  auto short_question = evaluate_word_analogies(
      vectors, s.file("a.txt", ": family\nman king woman queen\nman king woman\n"));
  REQUIRE_FALSE(short_question.ok());
  CHECK(short_question.err().code == "bad_eval_file");
  CHECK_THAT(short_question.err().message, Catch::Contains("line 3: expected 4 words, found 3"));
  auto headless = evaluate_word_analogies(vectors, s.file("b.txt", "man king woman queen\n"));
  CHECK_THAT(headless.err().message, Catch::Contains("line 1: question before any section"));

  auto two_fields = evaluate_word_pairs(vectors, s.file("c.tsv", "# h\nman\tking\t1\nman\tking\n"));
  CHECK_THAT(two_fields.err().message, Catch::Contains("line 3: expected 3 fields, found 2"));
  auto not_number = evaluate_word_pairs(vectors, s.file("d.tsv", "man\tking\tmuch\n"));
  CHECK(not_number.err().code == "bad_eval_file");
  CHECK_THAT(not_number.err().message, Catch::Contains("line 1: \"much\" is not a number"));
  CHECK(evaluate_word_pairs(vectors, (s.dir / "missing.tsv").string()).err().code == "io_error");
}

TEST_CASE("wordhall embeddings eval --json prints the documented shape", "[models]") {
  const std::string binary = WORDHALL_BUILD_DIR "/wordhall";
  REQUIRE(std::filesystem::exists(binary));
  scratch s;
  auto vectors = s.file("family.txt", text_vectors(family(), true, ""));
  auto questions = s.file("questions.txt", analogies);
  auto first = s.file("pairs.tsv", pairs);
  auto second = s.file("pairs2.tsv", "king\tqueen\t1\nman\tking\t2\n");
  std::string command = binary + " embeddings eval --vectors " + vectors + " --analogies " +
                        questions + " --pairs " + first + "," + second + " --json";
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  REQUIRE(pclose(p) == 0);

  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  REQUIRE(parser.parse(out).get(doc) == simdjson::SUCCESS);
  CHECK(int64_t(doc["analogies"]["correct"]) == 3);
  CHECK(int64_t(doc["analogies"]["incorrect"]) == 1);
  CHECK(int64_t(doc["analogies"]["oov"]) == 1);
  CHECK(double(doc["analogies"]["accuracy"]) == Approx(0.75));
  simdjson::dom::array files = doc["pairs"];
  REQUIRE(files.size() == 2);
  CHECK(std::string_view(files.at(0)["file"]) == first);
  CHECK(double(files.at(0)["spearman"]) == Approx(9 / std::sqrt(9.5 * 9)));
  CHECK(double(files.at(0)["oov_ratio"]) == Approx(100.0 / 6));
  CHECK(double(files.at(0)["pearson"]) == Approx(0.97912).epsilon(1e-4));
  CHECK(double(files.at(1)["pearson"]) == Approx(1));  // cosines 0.5 and 0.707 rise with 1, 2
  CHECK(double(files.at(1)["oov_ratio"]) == 0);

  // Only the part asked for is printed.
  p = popen((binary + " embeddings eval --vectors " + vectors + " --pairs " + second + " --json")
                .c_str(), "r");
  REQUIRE(p);
  out.clear();
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  REQUIRE(pclose(p) == 0);
  CHECK(out.find("analogies") == std::string::npos);
  CHECK(out.find("\"pairs\":[{\"file\":") != std::string::npos);
}
