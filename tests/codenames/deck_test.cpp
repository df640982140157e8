// The deck file's format and the curation rules on a hand-made lexicon.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/deck_curation.hpp"

using namespace wordhall::codenames;

TEST_CASE("deck file: one entry a line, any case, comments and repeats skipped",
          "[codenames][deck]") {
  const std::string path = std::string(WORDHALL_BUILD_DIR) + "/codenames-deck-test.txt";
  {
    std::ofstream out(path, std::ios::trunc);
    out << "# a comment\n\nApple\n  ice   Cream \r\nBANK\napple\n\tnew york\n";
  }
  auto deck = load_deck_file(path);
  REQUIRE(deck.ok());
  CHECK(deck.value() == std::vector<std::string>{"apple", "ice cream", "bank", "new york"});
  std::filesystem::remove(path);
  CHECK(load_deck_file(path).err().code == "io_error");
}

namespace {

// Lexicographer files: 5 animal, 6 artifact, 9 cognition, 18 person.
wordnet_noun noun(int tagged, std::vector<int> lexfiles, int other = 0, bool name = false) {
  wordnet_noun n;
  n.tagged_noun_senses = tagged;
  n.tagged_other_senses = other;
  n.sense_lexfiles = std::move(lexfiles);
  n.first_sense_is_name = name;
  return n;
}

curation_inputs hand_made_inputs() {
  curation_inputs in;
  auto& nouns = in.wordnet.nouns;
  nouns["bat"] = noun(5, {5, 6});             // animal and club: in
  nouns["bats"] = noun(1, {5, 6});            // plural of bat
  nouns["king"] = noun(9, {18, 6});           // person with a chess-piece sense: in
  nouns["uncle"] = noun(9, {18, 18});         // only a person
  nouns["idea"] = noun(9, {9, 6});            // first sense abstract
  nouns["mouse"] = noun(4, {5, 6});           // in
  nouns["mice"] = noun(2, {5, 6});            // in noun.exc
  nouns["dog"] = noun(8, {5});                // a single sense
  nouns["run"] = noun(3, {6, 5}, 40);         // mostly a verb
  nouns["paris"] = noun(3, {6, 5}, 0, true);  // a name first
  nouns["batman"] = noun(1, {18, 6});         // contains "bat"
  nouns["ox"] = noun(3, {5, 6});              // too short
  nouns["fart"] = noun(3, {5, 6});            // blocked here
  nouns["bill"] = noun(30, {6, 5});           // a SCOWL name
  nouns["building"] = noun(20, {6, 14});      // -ing form of a verb
  nouns["pike"] = noun(2, {5, 6});            // not in the vectors
  in.wordnet.verbs = {"run", "build"};
  in.wordnet.inflected = {"mice"};
  for (const auto& [lemma, n] : nouns) in.words.common.insert(lemma);
  in.words.frequency = {{"bat", 50}, {"king", 90}, {"mouse", 50}, {"batman", 99}, {"pike", 80}};
  in.names = {"bill"};
  in.blocked = wordhall::models::blocklist::parse("fart\n");
  in.in_vocabulary = [](std::string_view w) { return w != "pike"; };
  return in;
}

}  // namespace

TEST_CASE("deck curation: the rules, the ranking and no overlapping cards", "[codenames][deck]") {
  auto inputs = hand_made_inputs();
  curation_options options;
  // batman (99) ranks first and then rules bat out; king 90; bat and mouse tie at 50: alphabetical.
  CHECK(curate_deck(inputs, options) == std::vector<std::string>{"batman", "king", "mouse"});
  inputs.words.frequency["batman"] = 10;
  CHECK(curate_deck(inputs, options) == std::vector<std::string>{"king", "bat", "mouse"});
  options.size = 2;
  CHECK(curate_deck(inputs, options) == std::vector<std::string>{"king", "bat"});
}

TEST_CASE("deck curation: inflected forms", "[codenames][deck]") {
  auto inputs = hand_made_inputs();
  CHECK(is_inflected_form("bats", inputs.wordnet));
  CHECK(is_inflected_form("mice", inputs.wordnet));
  CHECK(is_inflected_form("building", inputs.wordnet));
  CHECK(is_inflected_form("running", inputs.wordnet));
  CHECK_FALSE(is_inflected_form("bat", inputs.wordnet));
  CHECK_FALSE(is_inflected_form("king", inputs.wordnet));
}
