// Clue words that name things, by WordNet's tagged uses: the words people read best as clues.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "models/codenames/noun_clues.hpp"

namespace {
const std::string noun_wordnet_dir = "/usr/share/wordnet";  // Debian's wordnet-base
}

TEST_CASE("noun clues: words mostly used as nouns, and words WordNet does not know",
          "[codenames][noun_clues]") {
  if (!std::filesystem::exists(noun_wordnet_dir + "/index.noun")) {
    WARN("wordnet-base is not installed; run tools/install-deps");
    return;
  }
  auto wordnet = wordhall::models::wordnet_lexicon::load(noun_wordnet_dir);
  REQUIRE(wordnet.ok());
  const std::vector<std::string> words{
      "clinic", "wharf", "marrow", "piano",             // nouns
      "glad", "typical", "swinging", "objectively",     // adjective, adverb, a form of a verb
      "know", "said", "qualified",                      // verbs mostly
      "hockey", "xylophonist"};                         // a noun; a word WordNet lacks
  const auto marked = wordhall::codenames::mostly_noun_words(words, wordnet.value());
  REQUIRE(marked.size() == words.size());
  for (size_t i = 0; i < words.size(); ++i) {
    CAPTURE(words[i]);
    const bool noun = i < 4 || i >= 11;
    CHECK(marked[i] == noun);
  }
}
