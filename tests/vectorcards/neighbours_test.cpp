// card_words' nearest words and target ranks: a batch answers what each query alone does, which
// is what an exact (double) scan of the deck says, near-ties within float rounding included.
#include "events/vectorcards/scoring.hpp"
#include "tests/vectorcards/word_fixture.hpp"

#include <set>

using namespace wordhall;
using namespace wordhall::vectorcards;

namespace {

std::shared_ptr<const models::card_words> space_of(
    size_t dims, const std::vector<std::pair<std::string, std::vector<float>>>& words) {
  models::embeddings_builder b(dims, 0, 0);
  std::vector<std::string> deck;
  for (auto& [w, v] : words) {
    REQUIRE(b.add(w, v.data()).ok());
    deck.push_back(w);
  }
  auto services = std::make_shared<models::word_services>(std::move(b).finish(),
                                                          models::blocklist::parse(""), deck);
  return std::make_shared<models::card_words>(services);
}

// `count` words "r0000"… with fixed pseudo-random directions: decks larger than one block of
// the product (2,048 rows).
std::shared_ptr<const models::card_words> random_space(size_t count, size_t dims) {
  std::vector<std::pair<std::string, std::vector<float>>> words;
  uint64_t x = 7;
  for (size_t i = 0; i < count; ++i) {
    std::vector<float> v(dims);
    for (auto& f : v) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      f = static_cast<float>((x >> 33) % 2001) / 1000.0f - 1.0f;
    }
    std::string name = std::to_string(10000 + i);
    words.emplace_back("r" + name.substr(1), v);
  }
  return space_of(dims, words);
}

// The definition, word by word in double precision: the nearest deck word (not excluded, not
// the target; the more common of equals) and 1 + the deck words (same) closer than the target.
neighbourhood by_definition(const word_space& words, const neighbour_query& q,
                            const std::string& target) {
  std::set<std::string> skip(q.exclude.begin(), q.exclude.end());
  skip.insert(target);
  double target_score = cosine(q.direction, words.unit_vector(target));
  neighbourhood out;
  double best = -2.0;
  for (auto& w : words.deck()) {
    if (skip.count(w)) continue;
    double score = cosine(q.direction, words.unit_vector(w));
    if (score > target_score) ++out.target_rank;
    if (score > best) {
      best = score;
      out.nearest = w;
      out.nearest_similarity = score;
    }
  }
  ++out.target_rank;
  return out;
}

std::vector<double> direction_of(const word_space& words, const std::string& start, int s1,
                                 const std::string& pub, int s2, const std::string& priv) {
  return move_vector(words.unit_vector(start), s1, words.unit_vector(pub), s2,
                     words.unit_vector(priv));
}

void check_same(const neighbourhood& a, const neighbourhood& b) {
  CHECK(a.nearest == b.nearest);
  CHECK(a.nearest_similarity == b.nearest_similarity);
  CHECK(a.target_rank == b.target_rank);
}

}  // namespace

TEST_CASE("a round's moves searched together: each finds what it finds alone, exactly",
          "[vectorcards]") {
  auto words = random_space(5000, 16);
  const auto& deck = words->deck();
  const std::string target = deck[4321];
  std::vector<neighbour_query> queries;
  for (size_t i = 0; i < 40; ++i) {
    const std::string& start = deck[(i * 97) % deck.size()];
    const std::string& pub = deck[(i * 131 + 5) % deck.size()];
    const std::string& priv = deck[(i * 389 + 11) % deck.size()];
    // Exclusions as a round has them, some in later blocks of the product.
    queries.push_back({direction_of(*words, start, i % 2 ? 1 : -1, pub, i % 3 ? 1 : -1, priv),
                       {start, target, pub, priv, deck[(i * 1009) % deck.size()]}});
  }
  // A move aimed at the target itself: the target never is its own nearest word.
  queries.push_back({direction_of(*words, target, 1, deck[1], -1, deck[1]), {deck[2]}});

  auto together = words->neighbours(queries, target, false);
  REQUIRE(together.size() == queries.size());
  for (size_t i = 0; i < queries.size(); ++i) {
    INFO("query " << i);
    auto alone = words->neighbours({queries[i]}, target, false);
    REQUIRE(alone.size() == 1);
    check_same(together[i], alone[0]);
    check_same(together[i], by_definition(*words, queries[i], target));
    for (auto& skipped : queries[i].exclude) CHECK(together[i].nearest != skipped);
    CHECK(together[i].nearest != target);
  }
  CHECK(together.back().target_rank == 1);  // nothing is closer to the target than itself
  CHECK(words->neighbours({}, target, false).empty());
}

TEST_CASE("moves of different rounds searched together: each ranks its own target",
          "[vectorcards]") {
  auto words = random_space(5000, 16);
  const auto& deck = words->deck();
  std::vector<neighbour_query> queries;
  for (size_t i = 0; i < 30; ++i) {
    const std::string& target = deck[(i / 3) * 411 % deck.size()];  // three moves per round
    const std::string& start = deck[(i * 97 + 1) % deck.size()];
    const std::string& pub = deck[(i * 131 + 5) % deck.size()];
    const std::string& priv = deck[(i * 389 + 11) % deck.size()];
    queries.push_back({direction_of(*words, start, 1, pub, i % 2 ? 1 : -1, priv),
                       {start, target, pub, priv}, target, false});
  }
  auto together = words->search(queries);
  REQUIRE(together.size() == queries.size());
  for (size_t i = 0; i < queries.size(); ++i) {
    INFO("query " << i);
    check_same(together[i], words->neighbours({queries[i]}, queries[i].target, false)[0]);
    check_same(together[i], by_definition(*words, queries[i], queries[i].target));
  }
  // Runs of one target must not hide the others': the first round's target, then another's.
  CHECK(queries[0].target != queries[3].target);
}

TEST_CASE("near-ties finer than float rounding are settled in double precision",
          "[vectorcards]") {
  // "twin" and "one" score alike in float against the direction; exactly, "one" is closer.
  // Beside the target "goal", "above" is a hair closer to the direction and "below" a hair
  // farther: both tie with it in float.
  auto words = space_of(4, {{"twin", {1, 1e-5f, 0, 0}},
                            {"one", {1, 0, 0, 0}},
                            {"above", {1e-7f, 1, 0, 0}},
                            {"goal", {0, 1, 0, 0}},
                            {"below", {-1e-7f, 1, 0, 0}},
                            {"side", {0, 0, 1, 0}},
                            {"away", {0, 0, 0, 1}}});
  neighbour_query toward_one{{1.0, -1e-3, 0.0, 0.0}, {}};
  neighbour_query toward_goal{{0.2, 1.0, 0.0, 0.0}, {"one", "twin"}};
  for (auto* q : {&toward_one, &toward_goal}) {
    double length = 0;
    for (double x : q->direction) length += x * x;
    for (double& x : q->direction) x /= std::sqrt(length);
  }
  auto found = words->neighbours({toward_one, toward_goal}, "goal", false);
  CHECK(found[0].nearest == "one");  // a float scan would take the more common "twin"
  check_same(found[0], by_definition(*words, toward_one, "goal"));
  CHECK(found[1].nearest == "above");
  CHECK(found[1].target_rank == 2);  // "above" is closer than the target, "below" is not
  check_same(found[1], by_definition(*words, toward_goal, "goal"));
  // Equal vectors tie exactly: the more common (earlier) deck word is the nearest.
  auto equal = space_of(4, {{"first", {0, 0, 1, 0}}, {"second", {0, 0, 1, 0}}, {"goal", {0, 1, 0, 0}}});
  CHECK(equal->neighbours({{{0.0, 0.0, 1.0, 0.0}, {}}}, "goal", false)[0].nearest == "first");
  CHECK(equal->neighbours({{{0.0, 0.0, 1.0, 0.0}, {"first"}}}, "goal", false)[0].nearest == "second");
  // Everything excluded: no nearest word, and the target ranks first.
  auto none = equal->neighbours({{{0.0, 0.0, 1.0, 0.0}, {"first", "second"}}}, "goal", false);
  CHECK(none[0].nearest.empty());
  CHECK(none[0].target_rank == 1);
}
