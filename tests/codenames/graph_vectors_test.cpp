// Vectors from a relation graph: associations from a small synthetic graph, linked words nearer
// than unlinked ones, and the prepared WordNet graph vectors on familiar words.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "models/codenames/graph_vectors.hpp"
#include "models/search.hpp"
#include "models/vector_file.hpp"

using namespace wordhall::codenames;
namespace models = wordhall::models;

namespace {

// A class synset `name` with one hyponym synset for each entry of `members`.
void add_family(wordnet_graph& graph, const std::string& name,
                const std::vector<std::vector<std::string>>& members) {
  const auto parent = uint32_t(graph.synsets.size());
  graph.synsets.push_back({'n', {name}, {}});
  for (const auto& lemmas : members) {
    const auto child = uint32_t(graph.synsets.size());
    graph.synsets.push_back({'n', lemmas, {}});
    graph.pointers.push_back({child, parent, relation::hypernymy, 0, 0});
    graph.pointers.push_back({parent, child, relation::hypernymy, 0, 0});
  }
}

// Animals and vehicles, with synonyms, and "wheel" as a part of "car".
wordnet_graph two_families() {
  wordnet_graph graph;
  add_family(graph, "animal",
             {{"cat", "kitty"}, {"dog", "hound"}, {"cow"}, {"horse", "steed"}, {"sheep"}});
  add_family(graph, "vehicle",
             {{"car", "auto"}, {"truck", "lorry"}, {"bus"}, {"bike", "bicycle"}, {"boat", "ship"},
              {"tram"}});
  const auto wheel = uint32_t(graph.synsets.size());
  graph.synsets.push_back({'n', {"wheel", "ice cream"}, {}});
  graph.pointers.push_back({wheel, 7, relation::meronymy, 0, 0});  // part of "car"
  return graph;
}

float association(const graph_associations& a, const std::string& x, const std::string& y) {
  auto at = [&](const std::string& w) {
    return Eigen::Index(std::find(a.words.begin(), a.words.end(), w) - a.words.begin());
  };
  return a.counts.coeff(at(x), at(y));
}

}  // namespace

TEST_CASE("graph vectors: synonyms, links and two-step neighbours are associated",
          "[codenames][graph-vectors]") {
  auto graph = two_families();
  graph_vector_options options;
  auto a = count_graph_associations(graph, options);
  // Phrases are left out; every plain lemma is a word.
  CHECK(std::find(a.words.begin(), a.words.end(), "ice cream") == a.words.end());
  CHECK(a.words.size() == 21);
  CHECK(a.counts.isApprox(sparse_matrix(a.counts.transpose())));
  for (Eigen::Index w = 0; w < a.counts.rows(); ++w) CHECK(a.counts.coeff(w, w) == 0.0f);

  CHECK(association(a, "cat", "kitty") > 0.0f);     // one synset
  CHECK(association(a, "cat", "animal") > 0.0f);    // hypernym
  CHECK(association(a, "wheel", "car") > 0.0f);     // part
  CHECK(association(a, "cat", "cow") > 0.0f);       // siblings, two steps
  CHECK(association(a, "cat", "animal") > association(a, "cat", "cow"));
  CHECK(association(a, "cat", "car") == 0.0f);      // no path of two steps
  CHECK(association(a, "wheel", "animal") == 0.0f);

  options.walk_weights = {1.0};
  CHECK(association(count_graph_associations(graph, options), "cat", "cow") == 0.0f);
}

TEST_CASE("graph vectors: a word's senses weigh by how often they were seen",
          "[codenames][graph-vectors]") {
  // "bark" is mostly the dog's sound (tagged 9 times) and a little the tree's skin (never).
  wordnet_graph graph;
  graph.synsets.push_back({'n', {"bark", "yelp"}, {9, 0}});
  graph.synsets.push_back({'n', {"bark", "rind"}, {0, 0}});
  graph_vector_options options;
  auto a = count_graph_associations(graph, options);
  // 9 + 0.1 against 0.1.
  CHECK(association(a, "bark", "yelp") == Approx(91 * association(a, "bark", "rind")));
  CHECK(association(a, "yelp", "rind") == 0.0f);

  options.unseen_sense_weight = 1.0;
  a = count_graph_associations(graph, options);
  CHECK(association(a, "bark", "yelp") == Approx(10 * association(a, "bark", "rind")));
}

TEST_CASE("graph vectors: words of one family are nearer than words of the other",
          "[codenames][graph-vectors]") {
  graph_vector_options options;
  options.factorisation.dimensions = 4;
  options.factorisation.oversampling = 4;
  graph_vector_report report;
  auto vectors = graph_vectors(two_families(), options, &report);
  REQUIRE(vectors.ok());
  CHECK(report.vocabulary == 21);
  CHECK(vectors->dimensions() == 4);
  auto cosine = [&](const std::string& x, const std::string& y) {
    return vectors->vector(*vectors->index_of(x)).dot(vectors->vector(*vectors->index_of(y)));
  };
  const std::vector<std::string> animals{"cat", "dog", "hound", "cow", "horse", "sheep"};
  const std::vector<std::string> vehicles{"car", "truck", "lorry", "bus", "bike", "tram"};
  for (const auto& a : animals) {
    for (const auto& b : animals) {
      if (a == b) continue;
      for (const auto& v : vehicles) {
        CAPTURE(a, b, v);
        CHECK(cosine(a, b) > cosine(a, v));
      }
    }
  }
  CHECK(cosine("wheel", "car") > cosine("wheel", "cow"));

  auto again = graph_vectors(two_families(), options);
  REQUIRE(again.ok());
  CHECK(again->vector(*again->index_of("cat")) == vectors->vector(*vectors->index_of("cat")));

  options.factorisation.dimensions = 30;
  CHECK(graph_vectors(two_families(), options).err().code == "bad_corpus");
}

TEST_CASE("graph vectors: the prepared WordNet graph vectors", "[codenames][default-data]") {
  const std::string path =
      std::string(WORDHALL_SOURCE_DIR) + "/data/embeddings/wordnet-graph-200d.whv";
  if (!std::filesystem::exists(path)) {
    // tools/test prepares the data and sets WORDHALL_REQUIRE_DEFAULT_DATA, so CI never skips.
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN(path << " is missing: run tools/prepare-data; skipping");
    return;
  }
  auto vectors = models::load_vector_file(path);
  REQUIRE(vectors.ok());
  CHECK(vectors->dimensions() == 200);
  auto cosine = [&](const std::string& x, const std::string& y) {
    return vectors->vector(*vectors->index_of(x)).dot(vectors->vector(*vectors->index_of(y)));
  };
  CHECK(cosine("dog", "cat") > cosine("dog", "violin"));
  CHECK(cosine("doctor", "nurse") > cosine("doctor", "volcano"));

  models::similar_query query;
  query.positive = {"guitar"};
  query.topn = 10;
  auto nearest = models::most_similar(vectors.value(), query);
  REQUIRE(nearest.ok());
  const std::vector<std::string> instruments{"violin", "lute", "banjo", "mandolin", "cello",
                                             "ukulele", "harp", "piano", "fiddle", "bass"};
  CHECK(std::any_of(nearest->begin(), nearest->end(), [&](const models::scored_word& s) {
    return std::find(instruments.begin(), instruments.end(), s.word) != instruments.end();
  }));

  // "pie" is the dish its tagged sense says, not the language family of its untagged one.
  query.positive = {"pie"};
  nearest = models::most_similar(vectors.value(), query);
  REQUIRE(nearest.ok());
  auto among_nearest = [&](const std::vector<std::string>& words) {
    return std::any_of(nearest->begin(), nearest->end(), [&](const models::scored_word& s) {
      return std::find(words.begin(), words.end(), s.word) != words.end();
    });
  };
  CHECK(among_nearest({"pastry", "tart", "tartlet", "strudel", "baklava", "cake", "pudding"}));
  CHECK_FALSE(among_nearest({"celtic", "gaelic", "frankish", "slavic", "saxon"}));
}
