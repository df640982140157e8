// The committed deck and the prepared data (tools/prepare-data) working together: the deck's
// words are known to both sets of vectors, and a short evaluation on them behaves.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>

#include "models/codenames/baseline_spymaster.hpp"
#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/spymaster_json.hpp"
#include "models/deck.hpp"
#include "models/vector_file.hpp"

using namespace wordhall::codenames;
namespace models = wordhall::models;

namespace {

const std::string root = WORDHALL_SOURCE_DIR;
const std::string glove = root + "/data/embeddings/glove-6b-100d.whv";
const std::string ppmi = root + "/data/embeddings/ppmi-wordnet-100d.whv";
const std::string gcide = root + "/data/embeddings/ppmi-gcide-100d.whv";
const std::string running_text = root + "/data/embeddings/ppmi-text-100d.whv";

bool have(const std::string& path) {
  if (std::filesystem::exists(path)) return true;
  // tools/test prepares the data and sets WORDHALL_REQUIRE_DEFAULT_DATA, so CI never skips.
  REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
  WARN(path << " is missing: run tools/prepare-data; skipping");
  return false;
}

// Cosine of two words: their rows are unit vectors.
float view_cosine(const models::embeddings& vectors, std::string_view a, std::string_view b) {
  return vectors.vector(*vectors.index_of(a)).dot(vectors.vector(*vectors.index_of(b)));
}

struct related_triple {
  const char* word;
  const char* near;  // a word `word` goes with
  const char* far;   // one it has nothing to do with
};

// Each triple's near word is closer to its word than the far one, by a clear margin.
void check_relates(const models::embeddings& view, std::initializer_list<related_triple> triples) {
  for (const auto& [word, near, far] : triples) {
    CAPTURE(word, near, far);
    CHECK(view_cosine(view, word, near) > view_cosine(view, word, far) + 0.2f);
  }
}

clue_space_sources default_sources() {
  clue_space_sources s;
  s.vectors = glove;
  s.blocklist = root + "/config/blocklist.txt";
  s.scowl_dir = "/usr/share/dict/scowl";
  s.frequencies = root + "/data/embeddings/subtlex-frequencies.tsv";
  s.function_words = root + "/config/function-words.txt";
  return s;
}

}  // namespace

TEST_CASE("the Codenames deck: about 400 known single words, none blocked",
          "[codenames][default-data]") {
  auto deck = load_deck_file(root + "/" + default_deck_path);
  REQUIRE(deck.ok());
  CHECK(deck->size() >= 380);
  CHECK(deck->size() <= 420);
  if (!have(glove)) return;
  auto vectors = models::load_vector_file(glove);
  REQUIRE(vectors.ok());
  auto blocked = models::blocklist::load(root + "/config/blocklist.txt");
  REQUIRE(blocked.ok());
  for (const auto& word : deck.value()) {
    CAPTURE(word);
    CHECK(vectors->index_of(word).has_value());
    CHECK_FALSE(blocked->blocks(word));
    CHECK(word.find(' ') == std::string::npos);
  }
  if (!have(ppmi)) return;
  auto guesser = models::load_vector_file(ppmi);
  REQUIRE(guesser.ok());
  size_t known = 0;
  for (const auto& word : deck.value()) known += guesser->index_of(word).has_value();
  CHECK(known * 100 >= deck->size() * 95);
}

TEST_CASE("the GCIDE view relates what a reader of a dictionary would",
          "[codenames][default-data]") {
  if (!have(gcide)) return;
  auto view = models::load_vector_file(gcide);
  REQUIRE(view.ok());
  check_relates(view.value(), {{"apple", "pear", "anchor"},
                               {"king", "queen", "kettle"},
                               {"stove", "oven", "violin"},
                               {"piano", "violin", "stove"},
                               {"bank", "money", "feather"}});
}

TEST_CASE("the running-text view relates what people say together",
          "[codenames][default-data]") {
  if (!have(running_text)) return;
  auto view = models::load_vector_file(running_text);
  REQUIRE(view.ok());
  check_relates(view.value(), {{"coffee", "tea", "anchor"},
                               {"salt", "pepper", "violin"},
                               {"mouth", "lip", "engine"},
                               {"piano", "music", "oven"},
                               {"bus", "traffic", "feather"}});
  // Words are counted in their base forms: the plurals are no words of the view.
  for (auto plural : {"dogs", "cards", "mice"}) CHECK_FALSE(view->index_of(plural).has_value());
}

TEST_CASE("every view of meaning knows every card of the deck", "[codenames][default-data]") {
  // The learned spymaster reads each card in every view: a card one view lacks would stop a game.
  auto deck = load_deck_file(root + "/" + default_deck_path);
  REQUIRE(deck.ok());
  for (const char* name : {"glove-6b-100d", "wordnet-graph-200d", "ppmi-wordnet-100d",
                           "ppmi-gcide-100d", "ppmi-text-100d"}) {
    const std::string path = root + "/data/embeddings/" + name + ".whv";
    if (!have(path)) continue;
    auto view = models::load_vector_file(path);
    REQUIRE(view.ok());
    for (const auto& word : deck.value()) {
      CAPTURE(name, word);
      CHECK(view->index_of(word).has_value());
    }
  }
}

TEST_CASE("no clue word is one vector cards never deals for its tone", "[codenames][default-data]") {
  if (!have(glove) || !std::filesystem::exists("/usr/share/dict/scowl")) return;
  auto plain = load_clue_space(default_sources());
  REQUIRE(plain.ok());
  auto sources = default_sources();
  sources.sour_words = root + "/config/vectorcards-card-exclusions.txt";
  sources.profanity = root + "/node_modules/naughty-words/en.json";
  auto space = load_clue_space(sources);
  REQUIRE(space.ok());
  auto has = [](const clue_space& s, std::string_view word) {
    return std::find(s.words().begin(), s.words().end(), word) != s.words().end();
  };
  // Clues the learned spymaster gave before (anus for CHEEK, sperm for EGG, sex for FEMALE,
  // loins for BELLY; lesbian, which a reader took for COAST): common words, so in the vocabulary
  // without the lists and out of it with them.
  for (auto word : {"anus", "sperm", "sex", "loins", "suicide", "lesbian", "gay"}) {
    CAPTURE(word);
    CHECK(has(*plain.value(), word));
    CHECK_FALSE(has(*space.value(), word));
    CHECK(space.value()->blocked().blocks(word));
  }
  for (auto word : {"egg", "cheek", "belly", "woman"}) CHECK(has(*space.value(), word));
  CHECK(space.value()->words().size() == clue_space_sources{}.size);

  sources.profanity = root + "/no-such-list.json";
  CHECK(load_clue_space(sources).err().code == "missing_profanity_list");
}

TEST_CASE("a short evaluation on the default data", "[codenames][default-data]") {
  if (!have(glove) || !std::filesystem::exists("/usr/share/dict/scowl")) return;
  auto space = load_clue_space(default_sources());
  REQUIRE(space.ok());
  CHECK(space.value()->words().size() == clue_space_sources{}.size);
  auto deck = load_deck_file(root + "/" + default_deck_path);
  REQUIRE(deck.ok());

  baseline_spymaster giver(space.value());
  vector_guesser taker(space.value()->vectors());
  auto first = evaluate(deck.value(), 4, 1, giver, taker);
  REQUIRE(first.ok());
  CHECK(first->games == 4);
  CHECK(first->mean_turns >= 1.0);
  CHECK(first->mean_turns <= 25.0);
  CHECK(first->words_per_clue > 0.5);
  auto again = evaluate(deck.value(), 4, 1, giver, taker);
  REQUIRE(again.ok());
  CHECK(eval_json({{"baseline", first.value()}}) == eval_json({{"baseline", again.value()}}));

  board_view board;
  board.team = {"apple", "banana"};
  board.enemy = {"car"};
  board.assassin = "gun";
  auto hint = giver.give_clue(board);
  REQUIRE(hint.ok());
  CHECK(hint->number >= 1);
  clue_rules rules(space.value()->blocked(), table_entries(board), {});
  CHECK(rules.legal(hint->word));
}
