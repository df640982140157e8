// The offline judge on a small word list: the lexicon, the compound splitter, the sound, the
// prose counts, and the rating's shape. offline_judge_german_test.cpp rates with the installed
// German dictionaries.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

#include "models/judge/german_names.hpp"
#include "models/judge/offline_judge.hpp"
#include "models/judge/word_analysis.hpp"
#include "models/judge/word_sound.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::judge;

namespace {

const german_lexicon& small_lexicon() {
  static const german_lexicon words = german_lexicon::from_words(
      {"Haus", "Tür", "Geburt", "Tag", "Liebe", "liebes", "Brief", "Maus", "Falle", "schnell", "Zug",
       "Haustür", "Wasser", "Wasserfall", "Meerwasser", "Fall", "Meer", "Antlitz", "Wind", "Spiel",
       "ABC", "AfD", "x"});
  return words;
}

}  // namespace

TEST_CASE("the lexicon keeps words, drops abbreviations, compares normalised", "[judge][offline]") {
  auto& words = small_lexicon();
  CHECK(words.size() == 20);
  CHECK(words.contains("HAUS"));
  CHECK(words.contains("TÜR"));
  CHECK(words.contains("SCHNELL"));
  CHECK_FALSE(words.contains("ABC"));  // abbreviation
  CHECK_FALSE(words.contains("AFD"));
  CHECK_FALSE(words.contains("X"));    // one letter
  CHECK_FALSE(words.contains("HAU"));
  CHECK_FALSE(german_lexicon::load("/nonexistent/ngerman").ok());
  CHECK(german_lexicon::load("/nonexistent/ngerman").err().code == "judge_words_missing");
  auto street = german_lexicon::from_words({"Straße"});
  CHECK(street.contains("STRAßE"));
  CHECK(street.contains("STRASSE"));  // as laid: there is no ß tile
}

TEST_CASE("the lexicon spells nouns with a capital and counts compound families", "[judge][offline]") {
  auto& words = small_lexicon();
  CHECK(words.is_noun("HAUS"));
  CHECK_FALSE(words.is_noun("SCHNELL"));
  CHECK(words.display("TÜR") == "Tür");
  CHECK(words.display("SCHNELL") == "schnell");
  CHECK(words.display("QUARK") == "quark");  // not listed: lower case
  CHECK(words.family_size("WASSER") == 2);    // WASSER·FALL, MEER·WASSER
  CHECK(words.family_size("HAUS") == 1);      // HAUS·TÜR
  CHECK(words.family_size("ANTLITZ") == 0);
  CHECK(words.family_size("WASSER", 1) == 1);  // capped
  CHECK(words.bigram_count("A", "U") == 3);    // HAUS, MAUS, HAUSTÜR
  CHECK(words.bigram_count("Q", "Y") == 0);
  CHECK(words.bigram_count("?", "A") == 0);
}

TEST_CASE("compounds are split into listed words", "[judge][offline]") {
  auto& words = small_lexicon();
  using parts = std::vector<std::string>;
  CHECK(split_compound("HAUSTÜR", words) == parts{"HAUS", "TÜR"});
  CHECK(split_compound("GEBURTSTAG", words) == parts{"GEBURT", "TAG"});     // Fugen-s
  CHECK(split_compound("LIEBESBRIEF", words) == parts{"LIEBE", "BRIEF"});   // the noun, not "liebes"
  CHECK(split_compound("MAUSEFALLE", words) == parts{"MAUS", "FALLE"});     // Fugen-e
  CHECK(split_compound("SCHNELLZUG", words) == parts{"SCHNELL", "ZUG"});
  CHECK(split_compound("HAUSTÜRMAUS", words) == parts{"HAUSTÜR", "MAUS"});  // fewest parts
  CHECK(split_compound("ZUGSCHNELL", words).empty());                       // no noun at the end
  CHECK(split_compound("ZUGSCHNELL", words, false) == parts{"ZUG", "SCHNELL"});
  CHECK(split_compound("HAUS", words).empty());   // a word is no compound of itself
  CHECK(split_compound("HAUSX", words).empty());  // a leftover letter
  CHECK(split_compound("HAUSTÜR", german_lexicon{}).empty());
}

TEST_CASE("a word is known, a compound, or unknown", "[judge][offline]") {
  auto& words = small_lexicon();
  auto door = analyse_word("HAUSTÜR", words, nullptr);
  CHECK(door.kind == word_kind::compound);
  CHECK(door.listed);
  CHECK(door.parts == std::vector<std::string>{"Haus", "Tür"});
  auto game = analyse_word("WINDSPIEL", words, nullptr);
  CHECK(game.kind == word_kind::compound);
  CHECK_FALSE(game.listed);  // a new one
  CHECK(analyse_word("ANTLITZ", words, nullptr).kind == word_kind::known);
  CHECK(analyse_word("IRRQYSN", words, nullptr).kind == word_kind::unknown);
  CHECK(analyse_word("HAUS1", words, nullptr).kind == word_kind::unknown);
}

TEST_CASE("the sound: rhythm, clusters, umlauts, rare letters", "[judge][offline]") {
  auto knot = hear("ANGSTSCHWEISS");
  CHECK(knot.cluster == "NGSTSCHW");
  auto banana = hear("BANANE");
  CHECK(banana.alternation == 1.0);
  CHECK(banana.cluster.empty());
  CHECK(banana.beauty > knot.beauty);
  CHECK(hear("HÄUSERMEER").umlauts == std::vector<std::string>{"Ä"});
  CHECK(hear("XYLOPHON").rare_letters == std::vector<std::string>{"X", "Y"});
  CHECK(hear("SCHICK").rare_letters.empty());  // C in SCH, CK: common
  CHECK(hear("").beauty == 0.0);
}

TEST_CASE("offline ratings: unknown words low, known ones explained, all in range", "[judge][offline]") {
  auto& words = small_lexicon();
  auto door = offline_rating("Haustür", words);
  CHECK(door.word == "Haustür");  // as asked
  CHECK(door.explanation.rfind("Zusammengesetzt aus Haus und Tür", 0) == 0);
  auto again = offline_rating("HAUSTÜR", words);
  CHECK(again.score == door.score);  // a pure function of the word and the list
  CHECK(again.explanation == door.explanation);

  auto salad = offline_rating("IRRQYSN", words);
  CHECK(salad.score <= 10);
  CHECK_THAT(salad.explanation, Catch::Contains("kein deutsches Wort"));
  CHECK_THAT(salad.explanation, Catch::Contains("QY"));
  CHECK_THAT(salad.explanation, !Catch::Contains("Neuschöpfung"));

  auto game = offline_rating("WINDSPIEL", words);
  CHECK_THAT(game.explanation, Catch::Contains("freie Zusammensetzung aus Wind und Spiel"));
  CHECK(game.score > door.score);  // new, and of the same common stock

  // Rarity from the compound family: ANTLITZ builds none, WASSER two.
  CHECK(rarity("ANTLITZ", "", words) == 1.0);
  CHECK(rarity("WASSER", "", words) < 1.0);
  CHECK(rarity("UND", "", words) == 0.0);  // a function word

  for (auto* w : {"E", "EE", "QXYQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜQXYQXYÄÖÜ",
                  "HAUSTÜRMAUSFALLE", "???", "STRAßE", "Haus"}) {
    auto r = offline_rating(w, words);
    INFO(w << ": " << r.score << " " << r.explanation);
    CHECK(r.score >= 1);
    CHECK(r.score <= 100);
    CHECK_FALSE(r.explanation.empty());
    CHECK(r.explanation.back() == '.');
  }
  CHECK(offline_rating("???", words).score <= 10);
  CHECK(offline_rating("HAUS", words).score > 10);
}

TEST_CASE("prose counts: words folded to tiles, each distinct line once, authors left out", "[judge][offline]") {
  auto counts = german_word_counts::from_text(
      "Wie man sein Kind nicht nennen sollte:\n  Al Arm\n%\n"
      "Wie man sein Kind nicht nennen sollte:\n  Albert Ross\n%\n"
      "Die Straße ist heute naß, heute!\r\n"
      "\t\t-- Goethe, Faust\n"
      "Kein 3-Gänge-Menü für Mäuse.\n");
  CHECK(counts.count("KIND") == 1);  // the repeated header counts once
  CHECK(counts.count("HEUTE") == 2);
  CHECK(counts.count("STRASSE") == 1);  // as tiles spell it
  CHECK(counts.count("STRAßE") == 1);
  CHECK(counts.count("NASS") == 1);
  CHECK(counts.count("GÄNGE") == 1);  // split at the digit and hyphens
  CHECK(counts.count("MENÜ") == 1);
  CHECK(counts.count("MÄUSE") == 1);
  CHECK(counts.count("GOETHE") == 0);  // an author's line
  CHECK(counts.count("FAUST") == 0);
  CHECK(counts.count("ANTLITZ") == 0);
  CHECK(counts.total() == 22);
}

TEST_CASE("prose counts load a folder's text files and skip the rest", "[judge][offline]") {
  wordhall::testing::temp_dir dir;
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir.path() + "/" + name) << text;
  };
  write("zitate", "Heute ist heute.\n%\nMorgen ist auch ein Tag.\n");
  write("witze", "Heute nicht.\n");
  write("zitate.dat", "HEUTE HEUTE HEUTE");  // fortune's index, not prose
  write("computer", "Heute bootet der Kernel.\n");  // computing jokes are left out
  auto counts = german_word_counts::load(dir.path());
  REQUIRE(counts.ok());
  CHECK(counts->count("HEUTE") == 3);
  CHECK(counts->count("KERNEL") == 0);
  CHECK(counts->count("TAG") == 1);

  auto missing = german_word_counts::load(dir.path() + "/none");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.err().code == "judge_corpus_missing");
  wordhall::testing::temp_dir empty;
  CHECK(german_word_counts::load(empty.path()).err().code == "judge_corpus_missing");
}

TEST_CASE("dictionary counts: the German side, each word once an entry, beyond its own", "[judge][offline]") {
  auto counts = german_word_counts::from_text("Ein Stück Kuchen, bitte.\n");
  counts.add_dictionary_text(
      "# Version :: 1.9\n"
      "Kuchen {m} | Kuchen {pl} :: cake | cakes\n"
      "Apfelkuchen {m}; Kuchen mit Äpfeln :: apple cake\n"
      "ein Stück Kuchen [ugs.] :: a piece of cake\n"
      "Antlitz {n} [poet.] | Antlitze {pl} :: countenance | countenances\n"
      "Straße {f} :: street\n"
      "no sides here\n");
  CHECK(counts.prose_count("KUCHEN") == 1);
  CHECK(counts.count("KUCHEN") == 1 + 2);  // three entries, one of them its own
  CHECK(counts.count("ANTLITZ") == 0);     // its own entry only
  CHECK(counts.count("UGS") == 0);         // labels are no German
  CHECK(counts.count("M") == 0);
  CHECK(counts.count("CAKE") == 0);        // nor the English side
  CHECK(counts.count("STRASSE") == 0);
  CHECK(counts.dictionary_total() == 1 + 4 + 3 + 2 + 1);
  CHECK(counts.after_determiner("KUCHEN") == 0);  // how German uses a word is the prose's

  wordhall::testing::temp_dir dir;
  auto missing = counts.add_dictionary(dir.path() + "/de-en");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.err().code == "judge_dictionary_missing");
}

TEST_CASE("prose can make a word commoner than its compounds say, never rarer", "[judge][offline]") {
  auto& words = small_lexicon();
  auto counts = german_word_counts::from_text(
      "Antlitz Antlitz Antlitz Antlitz Antlitz Antlitz Antlitz Antlitz Antlitz Antlitz Antlitz\n"
      "Haus\n");
  CHECK(rarity("ANTLITZ", "", words) == 1.0);  // no compound with it
  CHECK(rarity("ANTLITZ", "", words, &counts) < 0.6);  // seen 11 times: 1 - log2(12)/8
  CHECK(rarity("ANTLITZ", "", words, &counts) == Approx(1.0 - std::log2(12.0) / 8.0));
  CHECK(rarity("HAUS", "", words, &counts) == rarity("HAUS", "", words));  // once: no rarer
  CHECK(rarity("WASSER", "", words, &counts) == rarity("WASSER", "", words));  // never seen
  auto face = offline_rating("ANTLITZ", words, nullptr, &counts);
  CHECK_THAT(offline_rating("ANTLITZ", words).explanation, Catch::Contains("ein seltenes Wort"));
  CHECK_THAT(face.explanation, Catch::Contains("eher seltenes Wort"));
  CHECK(face.score < offline_rating("ANTLITZ", words).score);
}

TEST_CASE("a plural of its own in the dictionary is as common as its singular", "[judge][offline]") {
  auto words = german_lexicon::from_words({"Mutter", "Mütter", "Nacht", "Nächte", "Bar", "Bär"});
  std::string line;
  for (int i = 0; i < 40; ++i) line += "Mutter Nacht Bar ";
  auto counts = german_word_counts::from_text(line);
  for (auto* plural : {"MÜTTER", "NÄCHTE"}) {
    INFO(plural << ": " << offline_rating(plural, words, nullptr, &counts).explanation);
    CHECK_THAT(offline_rating(plural, words, nullptr, &counts).explanation, Catch::Contains("ein gebräuchliches Wort"));
    CHECK_THAT(offline_rating(plural, words).explanation, Catch::Contains("selten"));
  }
  // BÄR is no plural of BAR: only -ER, -EN and -EL end a plural without an ending.
  CHECK_THAT(offline_rating("BÄR", words, nullptr, &counts).explanation, Catch::Contains("selten"));
}

TEST_CASE("prose counts the words that follow a determiner", "[judge][offline]") {
  auto counts = german_word_counts::from_text(
      "Die Uni ist zu, meine Uni auch.\nUni heißt es.\nAnna geht, und Anna bleibt.\nEUR Uni\n");
  CHECK(counts.count("UNI") == 4);
  CHECK(counts.after_determiner("UNI") == 2);  // DIE and MEINE; not EUR, and not across lines
  CHECK(counts.after_determiner("ANNA") == 0);  // UND is no determiner
}

TEST_CASE("names: a name's shape in the dictionary, a name in English, no word in use", "[judge][offline]") {
  wordhall::testing::temp_dir dir;
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir.path() + "/" + name) << text;
  };
  write("de.dic",
        "14\nAnna/S\nRose/Nm\nUni/S\nCola/S\nRenate/S\nKummer/Sm\nKlaus\nBerlin/Sm\nLisa/S\n"
        "Goethe/S\nAlben/m\nNASA\nLondon/RSm\nLösegeld/RSm\n");
  write("english-upper.50", "Anna\nRose\nBerlin\nNASA\nGoethe\nLondon\n");
  write("english-proper-names.50", "Cola\nLisa\n");
  write("english-proper-names.95", "Renate\nKummer\nKlaus\nAlben\nUni\nLösegeld\n");
  write("english-words.35", "cola\nrose\n");
  write("english-words.80", "renate\n");  // too rare an English word to count
  const auto words = german_lexicon::from_words(
      {"Anna", "Rose", "Uni", "Cola", "Renate", "Kummer", "Kummerkasten", "Liebeskummer", "Klaus",
       "Berlin", "Lisa", "Goethe", "Alben", "Kasten", "Liebe", "Haus", "Unihaus", "Unikasten"});
  const auto prose = german_word_counts::from_text("Die Lisa kommt.\nDie Lisa geht.\nLisa.\n");
  auto names = german_names::load(dir.path() + "/de.dic", dir.path(), words, &prose);
  REQUIRE(names.ok());
  CHECK(names->contains("ANNA"));    // /S only, upper case in English
  CHECK(names->contains("BERLIN"));  // m as well: a well-known name may end a compound
  CHECK(names->contains("GOETHE"));
  CHECK(names->contains("RENATE"));  // a rare English name with the genitive's S
  CHECK(names->contains("KLAUS"));   // ... or ending in S
  CHECK(names->contains("LONDON"));  // -er (Londoner) for a well-known name
  CHECK_FALSE(names->contains("ROSE"));    // a plural: a noun
  CHECK_FALSE(names->contains("COLA"));    // a common English word
  CHECK_FALSE(names->contains("LISA"));    // the prose says "die Lisa" twice in three uses
  CHECK_FALSE(names->contains("KUMMER"));  // only a rare English name, and it compounds (m)
  CHECK_FALSE(names->contains("ALBEN"));   // only a rare English name, and no genitive
  CHECK_FALSE(names->contains("UNI"));     // only a rare English name, and in two compounds
  CHECK_FALSE(names->contains("NASA"));    // an acronym
  CHECK_FALSE(names->contains("LÖSEGELD"));  // -er (Lösegelder) and only a rare English name
  CHECK(names->size() == 6);
  CHECK(names->name_of("ANNAS") == "ANNA");
  CHECK(names->name_of("ANNA") == "ANNA");
  CHECK(names->name_of("ROSES").empty());

  auto anna = offline_rating("ANNA", words, nullptr, nullptr, &*names);
  CHECK(anna.score > 10);
  CHECK(anna.score <= 15);
  CHECK_THAT(anna.explanation, Catch::StartsWith("»Anna« ist ein Name, kein Wort des Wortschatzes"));
  CHECK_THAT(offline_rating("ANNAS", words, nullptr, nullptr, &*names).explanation,
             Catch::StartsWith("»Annas« ist der Genitiv des Namens »Anna«"));
  CHECK(offline_rating("ANNA", words).score > 15);  // without the names, a listed word
  CHECK_THAT(offline_rating("ROSE", words, nullptr, nullptr, &*names).explanation,
             !Catch::Contains("Name"));

  CHECK(german_names::load(dir.path() + "/none.dic", dir.path(), words, &prose).err().code ==
        "judge_hunspell_missing");
  wordhall::testing::temp_dir empty;
  CHECK(german_names::load(dir.path() + "/de.dic", empty.path(), words, &prose).err().code ==
        "judge_names_missing");
}
