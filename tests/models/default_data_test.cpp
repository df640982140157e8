// Sanity of the prepared default vectors (tools/prepare-data): the analogies everyone knows.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <unordered_set>

#include "models/deck.hpp"
#include "models/search.hpp"
#include "models/word_services.hpp"
#include "models/vector_file.hpp"

using namespace wordhall::models;

TEST_CASE("default vectors answer the classic analogies", "[models][default-data]") {
  const std::string path = std::string(WORDHALL_SOURCE_DIR) + "/data/embeddings/glove-6b-100d.whv";
  if (!std::filesystem::exists(path)) {
    // tools/test prepares the data and sets WORDHALL_REQUIRE_DEFAULT_DATA, so CI never skips.
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors missing (" << path << "): run tools/prepare-data; skipping");
    return;
  }
  auto vectors = load_vector_file(path);
  REQUIRE(vectors.ok());
  CHECK(vectors->dimensions() == 100);
  CHECK(vectors->size() > 300000);

  similar_query royal;
  royal.positive = {"king", "woman"};
  royal.negative = {"man"};
  auto queen = most_similar(vectors.value(), royal);
  REQUIRE(queen.ok());
  CHECK(queen.value().at(0).word == "queen");

  similar_query capital;
  capital.positive = {"paris", "germany"};
  capital.negative = {"france"};
  auto berlin = most_similar(vectors.value(), capital);
  REQUIRE(berlin.ok());
  CHECK(berlin.value().at(0).word == "berlin");
}

TEST_CASE("the default deck: common words, no names, nothing blocked", "[models][default-data]") {
  const std::string root = std::string(WORDHALL_SOURCE_DIR);
  const std::string path = root + "/data/embeddings/glove-6b-100d.whv";
  if (!std::filesystem::exists(path) || !std::filesystem::exists("/usr/share/dict/scowl")) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors or SCOWL missing: skipping");
    return;
  }
  auto vectors = load_vector_file(path);
  REQUIRE(vectors.ok());
  auto sources = load_word_sources("/usr/share/dict/scowl", 70,
                                   root + "/data/embeddings/subtlex-frequencies.tsv",
                                   root + "/config/function-words.txt");
  REQUIRE(sources.ok());
  auto blocked = blocklist::load(root + "/config/blocklist.txt");
  REQUIRE(blocked.ok());
  std::vector<std::string_view> vocabulary;
  for (size_t i = 0; i < vectors->size(); ++i) vocabulary.push_back(vectors->word(i));
  deck_options options;
  auto deck = build_deck(vocabulary, *sources, *blocked, options);
  INFO("deck size " << deck.size());
  CHECK(deck.size() == options.size);
  std::unordered_set<std::string> in_deck(deck.begin(), deck.end());
  for (auto word : {"apple", "juice", "cider", "orchard", "ferment", "queen", "river"})
    CHECK(in_deck.count(word));
  for (auto word : {"paris", "germany", "fuck", "the", "which", "2010", "u.s."})
    CHECK_FALSE(in_deck.count(word));
  // Frequent spoken words come first.
  auto position = [&](const std::string& w) {
    return std::find(deck.begin(), deck.end(), w) - deck.begin();
  };
  CHECK(position("house") < position("orchard"));
}

TEST_CASE("the default word services search the cached index and never show blocked words",
          "[models][default-data]") {
  const std::string root = std::string(WORDHALL_SOURCE_DIR);
  word_services_paths paths;
  paths.vectors = root + "/data/embeddings/glove-6b-100d.whv";
  paths.blocklist = root + "/config/blocklist.txt";
  paths.scowl_dir = "/usr/share/dict/scowl";
  paths.frequencies = root + "/data/embeddings/subtlex-frequencies.tsv";
  paths.function_words = root + "/config/function-words.txt";
  if (!std::filesystem::exists(paths.vectors + ".hnsw") || !std::filesystem::exists(paths.scowl_dir)) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors, their index or SCOWL missing: skipping");
    return;
  }
  auto words = word_services::load(paths);
  REQUIRE(words.ok());
  CHECK((*words)->approximate());

  vector_query royal;
  royal.terms = {{"king", 1}, {"man", -1}, {"woman", 1}};
  royal.compare_to = "queen";
  royal.topn = 5;
  vector_query crude;
  crude.terms = {{"shit", 1}};
  crude.topn = 30;
  auto answers = (*words)->answer({royal, crude});
  REQUIRE(answers[0].failure.code.empty());
  CHECK(answers[0].nearest.at(0).word == "queen");
  CHECK(answers[0].cosine > 0.7f);
  REQUIRE(answers[1].nearest.size() == 30);
  for (auto& n : answers[1].nearest) {
    INFO(n.word);
    CHECK_FALSE((*words)->blocked().blocks(n.word));
  }
}
