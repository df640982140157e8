// gensim's most_similar / similarity / rank semantics on vectors small enough to work by hand.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "models/search.hpp"
#include "tests/models/vector_fixtures.hpp"

using namespace wordhall::models;
using namespace wordhall::models::testing;

namespace {

// Deliberately unequal norms: "y" is 5 long, "xz" 3 x sqrt(2). gensim normalises each input
// before averaging; without that, "y" would outweigh "x" and "y2" would come first below.
embeddings hand_vectors() {
  return make_embeddings({{"x", {1, 0, 0}},
                          {"y", {0, 5, 0}},
                          {"z", {0, 0, 1}},
                          {"xy", {1, 1, 0}},
                          {"xz", {3, 0, 3}},
                          {"y2", {0, 2, 1}}});
}

std::vector<std::string> words_of(const std::vector<scored_word>& found) {
  std::vector<std::string> out;
  for (const auto& f : found) out.push_back(f.word);
  return out;
}

}  // namespace

TEST_CASE("most_similar averages unit inputs and leaves the inputs out", "[models]") {
  auto vectors = hand_vectors();
  similar_query query;
  query.positive = {"x", "y"};
  auto found = most_similar(vectors, query);
  REQUIRE(found.ok());
  // mean = unit((1,0,0) + (0,1,0)) = (1,1,0)/sqrt2. xy: 1; y2: (0,2,1)/sqrt5 . mean = 2/sqrt10;
  // xz: (1,0,1)/sqrt2 . mean = 1/2; z: 0. x and y are inputs.
  REQUIRE(words_of(found.value()) == std::vector<std::string>{"xy", "y2", "xz", "z"});
  CHECK(found.value()[0].score == Approx(1.0));
  CHECK(found.value()[1].score == Approx(2 / std::sqrt(10.0)));
  CHECK(found.value()[2].score == Approx(0.5));
  CHECK(found.value()[3].score == Approx(0.0).margin(1e-7));

  query.topn = 2;
  CHECK(words_of(most_similar(vectors, query).value()) == std::vector<std::string>{"xy", "y2"});
  query.exclude = {"xy", "not-a-word"};
  CHECK(words_of(most_similar(vectors, query).value()) == std::vector<std::string>{"y2", "xz"});
}

TEST_CASE("most_similar subtracts negative words", "[models]") {
  auto vectors = hand_vectors();
  similar_query query;
  query.positive = {"xy"};
  query.negative = {"x"};
  auto found = most_similar(vectors, query);
  REQUIRE(found.ok());
  // sum = (1/sqrt2 - 1, 1/sqrt2, 0), length sqrt(2 - sqrt2); y scores its second component.
  const double length = std::sqrt(2 - std::sqrt(2.0));
  const double mean_x = (1 / std::sqrt(2.0) - 1) / length, mean_y = 1 / std::sqrt(2.0) / length;
  REQUIRE(words_of(found.value()) == std::vector<std::string>{"y", "y2", "z", "xz"});
  CHECK(found.value()[0].score == Approx(mean_y));
  CHECK(found.value()[1].score == Approx(2 / std::sqrt(5.0) * mean_y));
  CHECK(found.value()[3].score == Approx(mean_x / std::sqrt(2.0)));
}

TEST_CASE("restrict_vocab limits the candidates to the first words", "[models]") {
  similar_query query;
  query.positive = {"x", "y"};
  query.restrict_vocab = 4;
  auto found = most_similar(hand_vectors(), query);
  REQUIRE(found.ok());
  CHECK(words_of(found.value()) == std::vector<std::string>{"xy", "z"});
}

TEST_CASE("unknown and missing inputs are errors", "[models]") {
  auto vectors = hand_vectors();
  similar_query query;
  query.positive = {"x", "unicorn"};
  auto found = most_similar(vectors, query);
  REQUIRE_FALSE(found.ok());
  CHECK(found.err().code == "word_not_in_vocabulary");
  CHECK_THAT(found.err().message, Catch::Matchers::Contains("\"unicorn\""));
  CHECK(most_similar(vectors, similar_query{}).err().code == "bad_query");
  CHECK(similarity(vectors, "x", "nope").err().code == "word_not_in_vocabulary");
  CHECK(rank(vectors, "nope", "x").err().code == "word_not_in_vocabulary");
}

TEST_CASE("similarity is the cosine and rank counts closer words", "[models]") {
  auto vectors = hand_vectors();
  CHECK(similarity(vectors, "x", "xy").value() == Approx(1 / std::sqrt(2.0)));
  CHECK(similarity(vectors, "y", "y2").value() == Approx(2 / std::sqrt(5.0)));
  CHECK(similarity(vectors, "x", "z").value() == Approx(0.0).margin(1e-7));
  // From x: xy and xz at 1/sqrt2, y, z and y2 at 0. Nothing beats xy; xy and xz beat z.
  CHECK(rank(vectors, "x", "xy").value() == 1);
  CHECK(rank(vectors, "x", "z").value() == 3);
  // From y: y2 at 2/sqrt5 = 0.89, xy at 1/sqrt2 = 0.71.
  CHECK(rank(vectors, "y", "y2").value() == 1);
  CHECK(rank(vectors, "y", "xy").value() == 2);
}

TEST_CASE("batched search equals one query at a time", "[models]") {
  std::mt19937 rng(11);
  std::normal_distribution<float> normal;
  word_vectors rows;
  for (int i = 0; i < 20000; ++i) {
    std::vector<float> values(24);
    for (auto& v : values) v = normal(rng);
    rows.push_back({"w" + std::to_string(i), values});
  }
  auto vectors = make_embeddings(rows);
  query_matrix queries(13, 24);
  std::vector<std::vector<uint32_t>> exclusions(13);
  for (Eigen::Index q = 0; q < queries.rows(); ++q) {
    for (Eigen::Index j = 0; j < queries.cols(); ++j) queries(q, j) = normal(rng);
    queries.row(q).normalize();
    for (int k = 0; k < 3; ++k) exclusions[static_cast<size_t>(q)].push_back(rng() % 20000);
  }
  auto batch = nearest_batch(vectors, queries, 10, exclusions);
  REQUIRE(batch.size() == 13);
  for (size_t q = 0; q < batch.size(); ++q) {
    CAPTURE(q);
    auto one = nearest(vectors, queries.row(static_cast<Eigen::Index>(q)).transpose(), 10,
                       exclusions[q]);
    REQUIRE(batch[q].size() == 10);
    REQUIRE(one.size() == 10);
    for (size_t k = 0; k < 10; ++k) {
      CHECK(batch[q][k].index == one[k].index);
      CHECK(batch[q][k].score == Approx(one[k].score).epsilon(1e-5));
      if (k > 0) CHECK(batch[q][k - 1].score >= batch[q][k].score);
    }
    // And equals the full sort it avoids.
    Eigen::VectorXf all = vectors.matrix() * queries.row(static_cast<Eigen::Index>(q)).transpose();
    for (auto excluded : exclusions[q]) all[excluded] = -2;
    std::vector<uint32_t> order(all.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return all[a] > all[b]; });
    CHECK(one[0].index == order[0]);
    CHECK(one[9].index == order[9]);
  }
}
