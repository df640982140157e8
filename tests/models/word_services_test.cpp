#include "models/embeddings_builder.hpp"
#include "models/word_services.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace wordhall::models;

namespace {

// Four directions in 3-d: apple and cider close, juice between them, badword next to apple.
std::shared_ptr<word_services> small_services() {
  embeddings_builder b(3, 0, 0);
  const float apple[] = {1, 0, 0}, cider[] = {0.8f, 0.6f, 0}, juice[] = {0.9f, 0.3f, 0.1f},
              stone[] = {0, 0, 1}, badword[] = {0.99f, 0.05f, 0};
  REQUIRE(b.add("apple", apple).ok());
  REQUIRE(b.add("cider", cider).ok());
  REQUIRE(b.add("juice", juice).ok());
  REQUIRE(b.add("stone", stone).ok());
  REQUIRE(b.add("badword", badword).ok());
  return std::make_shared<word_services>(std::move(b).finish(), blocklist::parse("badword\n"),
                                         std::vector<std::string>{"apple", "juice", "cider", "stone"});
}

}  // namespace

TEST_CASE("vector queries: normalised weighted sums, cosine, nearest without blocked or inputs",
          "[models][words]") {
  auto words = small_services();
  vector_query q;
  q.terms = {{"stone", 1}, {"apple", 1}};
  q.compare_to = "cider";
  q.topn = 2;
  auto answers = words->answer({q});
  REQUIRE(answers.size() == 1);
  REQUIRE(answers[0].failure.code.empty());
  // (0,0,1) + (1,0,0), normalised, against (0.8,0.6,0): 0.8 / sqrt(2).
  CHECK(answers[0].cosine == Approx(0.8 / std::sqrt(2.0)).epsilon(1e-5));
  REQUIRE(answers[0].nearest.size() == 2);
  for (auto& n : answers[0].nearest) {
    CHECK(n.word != "badword");
    CHECK(n.word != "apple");
    CHECK(n.word != "stone");
  }
  CHECK(answers[0].nearest[0].word == "juice");

  vector_query excluded = q;
  excluded.exclude = {"juice"};
  CHECK(words->answer({excluded})[0].nearest[0].word == "cider");

  vector_query minus;
  minus.terms = {{"cider", 1}, {"apple", -1}};
  minus.compare_to = "stone";
  minus.topn = 0;
  auto m = words->answer({q, minus});
  REQUIRE(m.size() == 2);
  CHECK(m[1].nearest.empty());
  CHECK(m[1].cosine == Approx(0.0).margin(1e-6));

  vector_query unknown;
  unknown.terms = {{"pear", 1}};
  auto u = words->answer({unknown, q});
  CHECK(u[0].failure.code == "word_not_in_vocabulary");
  CHECK(u[0].failure.message.find("pear") != std::string::npos);
  CHECK(u[1].failure.code.empty());
  CHECK(words->answer({vector_query{}})[0].failure.code == "bad_query");
}

TEST_CASE("word checks say known or blocked and suggest usable words", "[models][words]") {
  auto words = small_services();
  auto known = words->check("cider");
  CHECK(known.known);
  CHECK_FALSE(known.blocked);
  CHECK(known.suggestions.empty());
  auto typo = words->check("cidre");
  CHECK_FALSE(typo.known);
  CHECK(typo.suggestions == std::vector<std::string>{"cider"});
  auto blocked = words->check("badword");
  CHECK(blocked.known);
  CHECK(blocked.blocked);
  auto shouted = words->check("APPLE");
  CHECK(shouted.known);  // a lower-case vocabulary takes any case
  CHECK(shouted.token == "apple");
}

TEST_CASE("canonical tokens follow the vocabulary's case and word2vec's multi-word form",
          "[models][words]") {
  embeddings_builder b(2, 0, 0);
  const float v1[] = {1, 0}, v2[] = {0, 1}, v3[] = {1, 1}, v4[] = {1, -1};
  REQUIRE(b.add("New_York", v1).ok());
  REQUIRE(b.add("apple", v2).ok());
  REQUIRE(b.add("Apple", v3).ok());
  REQUIRE(b.add("NASA", v4).ok());
  word_services cased(std::move(b).finish(), blocklist::parse(""), {});
  CHECK(cased.cased());
  CHECK(cased.canonical("Apple") == std::optional<std::string>("Apple"));
  CHECK(cased.canonical("APPLE") == std::optional<std::string>("apple"));
  CHECK(cased.canonical("new york") == std::optional<std::string>("New_York"));
  CHECK(cased.canonical(" nasa ") == std::optional<std::string>("NASA"));
  CHECK_FALSE(cased.canonical("pear"));
  CHECK_FALSE(cased.canonical("   "));

  auto lower = small_services();
  CHECK_FALSE(lower->cased());
  CHECK(lower->canonical("Cider") == std::optional<std::string>("cider"));
  vector_query q;
  q.terms = {{"Apple", 1}};
  q.compare_to = "CIDER";
  auto a = lower->answer({q});
  REQUIRE(a[0].failure.code.empty());
  CHECK(a[0].cosine == Approx(0.8));
}
