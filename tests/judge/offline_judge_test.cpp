// The offline judge: deterministic, built on letter rarity, length, compounds and rhythm.
#include <catch2/catch.hpp>

#include <fstream>

#include "models/judge/offline_judge.hpp"

using namespace wordhall::judge;

namespace {

const german_lexicon& small_lexicon() {
  static const german_lexicon words = german_lexicon::from_words(
      {"Haus", "Tür", "Geburt", "Tag", "Liebe", "Brief", "Maus", "Falle", "schnell", "Zug",
       "ABC", "AfD", "x"});
  return words;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the lexicon keeps words, drops abbreviations, compares normalised", "[judge][offline]") {
  auto& words = small_lexicon();
  CHECK(words.size() == 10);
  CHECK(words.contains("HAUS"));
  CHECK(words.contains("TÜR"));
  CHECK(words.contains("SCHNELL"));
  CHECK_FALSE(words.contains("ABC"));  // abbreviation
  CHECK_FALSE(words.contains("AFD"));
  CHECK_FALSE(words.contains("X"));    // one letter
  CHECK_FALSE(words.contains("HAU"));
  CHECK_FALSE(german_lexicon::load("/nonexistent/ngerman").ok());
  auto street = german_lexicon::from_words({"Straße"});
  CHECK(street.contains("STRAßE"));
  CHECK(street.contains("STRASSE"));  // as laid: there is no ß tile
}

TEST_CASE("the tile counts are the German set's", "[judge][offline]") {
  CHECK(tile_count("E") == 15);
  CHECK(tile_count("N") == 9);
  CHECK(tile_count("S") == 7);
  CHECK(tile_count("A") == 5);
  CHECK(tile_count("Q") == 1);
  CHECK(tile_count("Ü") == 1);
  CHECK(tile_count("ß") == 1);  // no tile: as rare as they come
}

TEST_CASE("compounds are split into known words", "[judge][offline]") {
  auto& words = small_lexicon();
  CHECK(split_compound("HAUSTÜR", words) == std::vector<std::string>{"HAUS", "TÜR"});
  CHECK(split_compound("GEBURTSTAG", words) == std::vector<std::string>{"GEBURT", "TAG"});  // Fugen-s
  CHECK(split_compound("LIEBESBRIEF", words) == std::vector<std::string>{"LIEBE", "BRIEF"});
  CHECK(split_compound("MAUSEFALLE", words) == std::vector<std::string>{"MAUS", "FALLE"});
  CHECK(split_compound("SCHNELLZUG", words) == std::vector<std::string>{"SCHNELL", "ZUG"});
  CHECK(split_compound("HAUSTÜRMAUS", words) == std::vector<std::string>{"HAUS", "TÜR", "MAUS"});
  CHECK(split_compound("HAUS", words).empty());      // a word is no compound of itself
  CHECK(split_compound("HAUSX", words).empty());     // a leftover letter
  CHECK(split_compound("HAUSTÜR", german_lexicon{}).empty());
}

TEST_CASE("offline ratings are deterministic, explained in German, and in range", "[judge][offline]") {
  auto& words = small_lexicon();
  auto door = offline_rating("Haustür", words);
  CHECK(door.word == "Haustür");  // as asked
  CHECK(door.explanation.rfind("Zusammengesetzt aus HAUS und TÜR", 0) == 0);
  CHECK(has(door.explanation, "seltenen Buchstaben Ü"));
  auto again = offline_rating("HAUSTÜR", german_lexicon::from_words({"Haus", "Tür"}));
  CHECK(again.score == door.score);  // the same word list, the same rating
  CHECK(again.explanation == door.explanation);

  auto house = offline_rating("HAUS", words);
  CHECK(house.explanation.rfind("Ein kurzes Wort", 0) == 0);
  CHECK(door.score > house.score);  // longer, a rare letter, a compound

  auto quark = offline_rating("QUARK", words);
  CHECK(has(quark.explanation, "Nicht im Wörterbuch"));
  CHECK(has(quark.explanation, "seltenen Buchstaben Q"));
  CHECK(quark.score > house.score);

  auto plain = offline_rating("ERNTE", german_lexicon::from_words({"Ernte"}));
  CHECK(has(plain.explanation, "häufigen Buchstaben"));
  auto knot = offline_rating("ANGSTSCHWEISS", words);
  CHECK(has(knot.explanation, "Konsonantenfolge NGSTSCHW"));

  for (auto* w : {"E", "EE", "QXYQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜ", "HAUSTÜRMAUSFALLE",
                  "???", "STRAßE"}) {
    auto r = offline_rating(w, words);
    INFO(w << ": " << r.score << " " << r.explanation);
    CHECK(r.score >= 1);
    CHECK(r.score <= 100);
    CHECK_FALSE(r.explanation.empty());
    CHECK(r.explanation.back() == '.');
  }
}

TEST_CASE("with Debian's German word list", "[judge][offline]") {
  const std::string path = "/usr/share/dict/ngerman";
  if (!std::ifstream(path)) {
    WARN("no " << path << " (install wngerman): skipped");
    return;
  }
  auto words = german_lexicon::load(path);
  REQUIRE(words.ok());
  CHECK(words->size() > 100'000);
  CHECK(words->contains("HAUSTÜR"));
  CHECK(split_compound("HAUSTÜR", *words) == std::vector<std::string>{"HAUS", "TÜR"});
  CHECK(split_compound("GEBURTSTAGSKUCHEN", *words).size() >= 2);
  auto xylophone = offline_rating("XYLOPHON", *words);
  auto house = offline_rating("HAUS", *words);
  CHECK(xylophone.score > house.score);
  CHECK_FALSE(has(house.explanation, "Nicht im Wörterbuch"));
}
