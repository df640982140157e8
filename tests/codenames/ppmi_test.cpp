// PPMI vectors: counting, PPMI against values worked out by hand, the randomized SVD against an
// exact one, and WordNet's line format.
#include <catch2/catch.hpp>

#include <Eigen/SVD>

#include <algorithm>
#include <cmath>

#include "models/codenames/ppmi.hpp"
#include "models/codenames/randomized_svd.hpp"

using namespace wordhall::codenames;

namespace {

// "the" is a stop word and "rare" is seen once (min_count 2), so both go before windows are
// taken: the sentences become [aa bb], [aa bb cc], [cc bb].
corpus tiny_corpus() {
  corpus_builder builder({"the"});
  builder.add_sentence("Aa the bb.");
  builder.add_sentence("aa rare bb, cc!");
  builder.add_sentence("cc bb");
  builder.add_sentence("x y z 42");  // no token of two letters: no sentence
  return std::move(builder).finish();
}

float at(const sparse_matrix& m, int r, int c) { return m.coeff(r, c); }

}  // namespace

TEST_CASE("ppmi: tokens are letter runs of two or more, lower-cased, without stop words",
          "[codenames][ppmi]") {
  auto text = tiny_corpus();
  CHECK(text.types == std::vector<std::string>{"aa", "bb", "rare", "cc"});
  CHECK(text.sentence_ends == std::vector<size_t>{2, 6, 8});
}

TEST_CASE("ppmi: co-occurrence counts in a window, symmetric, vocabulary by frequency",
          "[codenames][ppmi]") {
  auto counted = count_cooccurrences(tiny_corpus(), 2, 2);
  // bb 3 times, aa and cc twice each (aa first seen), rare dropped.
  CHECK(counted.words == std::vector<std::string>{"bb", "aa", "cc"});
  CHECK(counted.word_counts == std::vector<uint64_t>{3, 2, 2});
  // Pairs: [aa bb] aa-bb; [aa bb cc] aa-bb, aa-cc, bb-cc; [cc bb] cc-bb.
  const auto& m = counted.counts;
  CHECK(at(m, 0, 1) == 2);  // bb, aa
  CHECK(at(m, 1, 0) == 2);
  CHECK(at(m, 0, 2) == 2);  // bb, cc
  CHECK(at(m, 2, 0) == 2);
  CHECK(at(m, 1, 2) == 1);  // aa, cc (two apart: inside a window of 2)
  CHECK(at(m, 2, 1) == 1);
  CHECK(at(m, 0, 0) == 0);
  CHECK(m.nonZeros() == 6);

  auto narrow = count_cooccurrences(tiny_corpus(), 1, 2);
  CHECK(at(narrow.counts, 1, 2) == 0);  // aa and cc are two apart
}

TEST_CASE("ppmi: values with context smoothing, worked out by hand", "[codenames][ppmi]") {
  // Row (and column) sums: bb 4, aa 3, cc 3. Z = 4^0.75 + 2 * 3^0.75 = 7.387441.
  //   PPMI(bb, aa) = log(2 * Z / (4 * 3^0.75)) = 0.482675
  //   PPMI(aa, bb) = log(2 * Z / (3 * 4^0.75)) = 0.554596
  //   PPMI(aa, cc) = log(1 * Z / (3 * 3^0.75)) = 0.077210
  auto counted = count_cooccurrences(tiny_corpus(), 2, 2);
  auto ppmi = ppmi_matrix(counted.counts, 0.75);
  CHECK(at(ppmi, 0, 1) == Approx(0.482675).epsilon(1e-5));
  CHECK(at(ppmi, 0, 2) == Approx(0.482675).epsilon(1e-5));
  CHECK(at(ppmi, 1, 0) == Approx(0.554596).epsilon(1e-5));
  CHECK(at(ppmi, 2, 0) == Approx(0.554596).epsilon(1e-5));
  CHECK(at(ppmi, 1, 2) == Approx(0.077210).epsilon(1e-4));
  CHECK(at(ppmi, 2, 1) == Approx(0.077210).epsilon(1e-4));

  // Without smoothing, [[4, 1], [1, 4]]: PMI(0, 0) = log(4 * 10 / 25) = 0.470004 and
  // PMI(0, 1) = log(1 * 10 / 25) < 0, which PPMI drops.
  sparse_matrix counts(2, 2);
  counts.insert(0, 0) = 4;
  counts.insert(0, 1) = 1;
  counts.insert(1, 0) = 1;
  counts.insert(1, 1) = 4;
  counts.makeCompressed();
  auto plain = ppmi_matrix(counts, 1.0);
  CHECK(at(plain, 0, 0) == Approx(0.470004).epsilon(1e-5));
  CHECK(at(plain, 1, 1) == Approx(0.470004).epsilon(1e-5));
  CHECK(plain.nonZeros() == 2);
}

TEST_CASE("ppmi: the randomized SVD finds a low-rank matrix's singular values",
          "[codenames][ppmi]") {
  const int n = 40;
  Eigen::MatrixXf dense = Eigen::MatrixXf::Zero(n, n);
  for (int k = 0; k < 3; ++k) {
    Eigen::VectorXf u(n), v(n);
    for (int i = 0; i < n; ++i) {
      u[i] = std::sin(0.3f * float((k + 1) * i + 1));
      v[i] = std::cos(0.7f * float((k + 2) * i));
    }
    dense += float(10 - 3 * k) * u * v.transpose();
  }
  sparse_matrix a = dense.sparseView();
  Eigen::JacobiSVD<Eigen::MatrixXf> exact(dense, Eigen::ComputeThinU);
  auto approx = randomized_svd(a, 3, 5, 2, 7);
  REQUIRE(approx.u.rows() == n);
  REQUIRE(approx.u.cols() == 3);
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(approx.singular_values[k] == Approx(exact.singularValues()[k]).epsilon(1e-3));
    // Singular vectors agree up to sign.
    CHECK(std::abs(approx.u.col(k).dot(exact.matrixU().col(k))) == Approx(1.0).epsilon(1e-3));
  }
  auto same_seed = randomized_svd(a, 3, 5, 2, 7);
  CHECK(same_seed.u == approx.u);
}

TEST_CASE("ppmi: vectors from text put words of one topic together", "[codenames][ppmi]") {
  corpus_builder builder;
  for (int i = 0; i < 20; ++i) {
    builder.add_sentence("cat dog pet fur kitten puppy");
    builder.add_sentence("car road wheel engine truck driver");
    builder.add_sentence("dog puppy pet cat");
    builder.add_sentence("truck car engine");  // not a mirror of the other topic: no ties
  }
  ppmi_options options;
  options.dimensions = 4;
  options.oversampling = 4;
  options.window = 3;
  options.min_count = 1;
  ppmi_report report;
  auto vectors = ppmi_vectors(std::move(builder).finish(), options, &report);
  REQUIRE(vectors.ok());
  CHECK(report.vocabulary == 12);
  CHECK(vectors->dimensions() == 4);
  auto cosine = [&](const char* a, const char* b) {
    return vectors->vector(*vectors->index_of(a)).dot(vectors->vector(*vectors->index_of(b)));
  };
  // Every word's nearest word is of its own topic (the topics never share a sentence).
  const std::vector<std::string> pets{"cat", "dog", "pet", "fur", "kitten", "puppy"};
  const std::vector<std::string> roads{"car", "road", "wheel", "engine", "truck", "driver"};
  for (const auto* topic : {&pets, &roads}) {
    const auto* other = topic == &pets ? &roads : &pets;
    for (const auto& word : *topic) {
      float same = -2, across = -2;
      for (const auto& w : *topic)
        if (w != word) same = std::max(same, cosine(word.c_str(), w.c_str()));
      for (const auto& w : *other) across = std::max(across, cosine(word.c_str(), w.c_str()));
      CAPTURE(word, same, across);
      CHECK(same > across + 0.2f);
    }
  }

  options.dimensions = 20;
  corpus_builder small;
  small.add_sentence("only a few words here");
  CHECK(ppmi_vectors(std::move(small).finish(), options).err().code == "bad_corpus");
}

TEST_CASE("ppmi: WordNet data lines as sentences", "[codenames][ppmi]") {
  CHECK(wordnet_sentence("02084071 05 n 03 dog 0 domestic_dog 0 Canis_familiaris 0 001 @ "
                         "02083346 n 0000 | a member of the genus Canis; \"the dog barked\"  ") ==
        "dog domestic dog Canis familiaris a member of the genus Canis; \"the dog barked\"  ");
  CHECK(wordnet_sentence("01383582 00 s 02 galore(ip) 0 in_abundance(ip) 0 001 & 01382086 a "
                         "0000 | in abundant supply") == "galore in abundance in abundant supply");
  CHECK(wordnet_sentence("  1 This software and database is being provided").empty());
  CHECK(wordnet_sentence("").empty());
}
