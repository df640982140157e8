// The offline judge with the installed German dictionaries (tools/install-deps: wngerman,
// hunspell-de-de): a table of real words against letter salad drawn from the Wortkunst bag.
// A missing dictionary fails these tests; it is not skipped.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>

#include "events/wortkunst/tiles.hpp"
#include "models/judge/judge.hpp"
#include "models/judge/offline_judge.hpp"

using namespace wordhall::judge;

namespace {

struct german {
  german_lexicon lexicon;
  std::unique_ptr<hunspell_morphology> morphology;
};

const german& installed() {
  static const german data = [] {
    const judge_config defaults;
    for (auto path : {defaults.german_words, defaults.german_hunspell + ".aff",
                      defaults.german_hunspell + ".dic"})
      if (!std::ifstream(path)) FAIL("missing " << path << ": run tools/install-deps (wngerman, hunspell-de-de)");
    german g;
    auto morphology = hunspell_morphology::open(defaults.german_hunspell);
    REQUIRE(morphology.ok());
    g.morphology = std::move(*morphology);
    auto lexicon = german_lexicon::load(defaults.german_words, defaults.german_hunspell + ".dic");
    REQUIRE(lexicon.ok());
    g.lexicon = std::move(*lexicon);
    return g;
  }();
  return data;
}

word_rating rate(const std::string& word) {
  return offline_rating(word, installed().lexicon, installed().morphology.get());
}

// Common words, inflected forms and function words; rare and old words; listed compounds; new
// compounds of real words.
const std::vector<std::string> real_words = {
    // common
    "HAUS", "BAUM", "HUND", "KATZE", "WASSER", "SONNE", "MOND", "STERN", "TISCH", "STUHL",
    "FENSTER", "TÜR", "STRASSE", "AUTO", "SCHULE", "BUCH", "BROT", "MILCH", "APFEL", "GARTEN",
    "BLUME", "KIND", "MUTTER", "VATER", "FREUND", "ARBEIT", "GELD", "ZEIT", "NACHT", "WOCHE",
    "JAHR", "STADT", "MEER", "BERG", "REGEN", "SCHNEE", "WIND", "FEUER", "ERDE", "HAND",
    "KOPF", "HERZ", "LIEBE", "SPIEL", "MUSIK", "GESICHT", "INSEL", "ZIMMER", "HIMMEL", "FREUDE",
    "SCHÖN", "KLEIN", "TREIBE", "GEHEN", "HÄUSER", "LIEF", "UND", "DER", "IST", "AB",
    // rare
    "ANTLITZ", "EILAND", "GEMACH", "ODEM", "LENZ", "ZWIST", "GESTADE", "FIRMAMENT", "KLEINOD",
    "SCHABERNACK", "OBACHT", "WONNE", "WEIHER", "FIRLEFANZ", "MUMPITZ", "XYLOPHON", "QUARK",
    "KAUZ", "GEWAND", "HAIN", "GAUL", "GEFILDE", "KOBOLD", "ALMOSEN", "ZYPRESSE", "QUITTE",
    "JOCH", "KÜRBIS", "SCHMETTERLING", "LIBELLE", "ÄTHER", "OBOE", "ZEPTER", "KARAFFE",
    // listed compounds
    "HAUSTÜR", "WINDSPIEL", "GEBURTSTAG", "LIEBESBRIEF", "KINDERGARTEN", "REISEBÜRO",
    "BLUMENTOPF", "REGENBOGEN", "HANDSCHUH", "KÜHLSCHRANK", "BAHNHOF", "SCHREIBTISCH",
    "TINTENFISCH", "KATZENJAMMER", "MONDSCHEIN", "WOLKENKRATZER",
    // new compounds
    "QUATSCHWOLKE", "KUCHENWIND", "MONDSCHEINKATZE", "STERNENSTAUBSAUGER", "BUCHSTABENSALAT",
    "GLÜHWÜRMCHENTANZ", "LIEBESKUMMERLIED", "WORTKUNST", "HÄUSERMEER", "NEBELKATZE",
};

// Letter salad as the bag deals it: 60 draws of 5 to 8 letters from bags shuffled with the seeds
// 1..60 (blanks left out), so the common letters (E, N, S, R) come as often as in a game.
std::vector<std::string> gibberish() {
  std::vector<std::string> out;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    std::string word;
    std::size_t letters = 5 + seed % 4;
    for (auto& tile : wordhall::wortkunst::shuffled(wordhall::wortkunst::full_bag(), seed)) {
      if (tile == wordhall::wortkunst::blank_tile) continue;
      word += tile;
      if (--letters == 0) break;
    }
    out.push_back(word);
  }
  return out;
}

// (rare, common) words of one meaning.
const std::vector<std::pair<std::string, std::string>> synonyms = {
    {"ANTLITZ", "GESICHT"}, {"EILAND", "INSEL"},   {"GEMACH", "ZIMMER"},   {"ODEM", "ATEM"},
    {"LENZ", "FRÜHLING"},   {"ZWIST", "STREIT"},   {"GESTADE", "UFER"},    {"FIRMAMENT", "HIMMEL"},
    {"KLEINOD", "SCHMUCK"}, {"MUMPITZ", "UNSINN"}, {"OBACHT", "ACHTUNG"},  {"WONNE", "FREUDE"},
    {"WEIHER", "TEICH"},    {"GAUL", "PFERD"},     {"GEWAND", "KLEID"},    {"HAIN", "WALD"},
    {"RECKE", "HELD"},      {"GEFILDE", "GEGEND"}, {"GATTE", "EHEMANN"},   {"HAUPT", "KOPF"},
};

}  // namespace

TEST_CASE("every real word outscores every string of letter salad", "[judge][offline][german]") {
  REQUIRE(real_words.size() >= 100);
  auto salad = gibberish();
  REQUIRE(salad.size() >= 50);
  int lowest_real = 101, highest_salad = 0;
  std::string lowest_word, highest_string;
  for (auto& w : real_words) {
    auto r = rate(w);
    INFO(w << ": " << r.score << " " << r.explanation);
    CHECK_THAT(r.explanation, !Catch::Contains("kein deutsches Wort"));
    if (r.score < lowest_real) lowest_real = r.score, lowest_word = w;
  }
  for (auto& w : salad) {
    auto r = rate(w);
    INFO(w << ": " << r.score << " " << r.explanation);
    CHECK(r.score <= 10);
    CHECK_THAT(r.explanation, Catch::Contains("kein deutsches Wort, das der Richter kennt"));
    if (r.score > highest_salad) highest_salad = r.score, highest_string = w;
  }
  WARN("separation: lowest real word " << lowest_word << " " << lowest_real
       << ", highest letter salad " << highest_string << " " << highest_salad);
  CHECK(lowest_real > highest_salad);
}

TEST_CASE("IRRQYSN is no word and scores below TREIBE", "[judge][offline][german]") {
  auto salad = rate("IRRQYSN");
  auto drive = rate("TREIBE");
  CHECK(salad.score <= 10);
  CHECK(salad.score < drive.score);
  CHECK_THAT(salad.explanation, Catch::Contains("kein deutsches Wort"));
  CHECK_THAT(salad.explanation, !Catch::Contains("Neuschöpfung"));
  CHECK_THAT(drive.explanation, Catch::Contains("Form von »treiben«"));
}

TEST_CASE("rare words outscore their common synonyms on average", "[judge][offline][german]") {
  double rare = 0, common = 0;
  int rare_wins = 0;
  for (auto& [r, c] : synonyms) {
    auto a = rate(r), b = rate(c);
    INFO(r << " " << a.score << " vs " << c << " " << b.score);
    rare += a.score;
    common += b.score;
    rare_wins += a.score > b.score;
  }
  CHECK(rare / synonyms.size() > common / synonyms.size() + 10);
  CHECK(rare_wins >= static_cast<int>(synonyms.size()) * 3 / 4);
}

TEST_CASE("compounds name their parts, inflected words their dictionary form", "[judge][offline][german]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"WINDSPIEL", "aus Wind und Spiel"},       {"HAUSTÜR", "aus Haus und Tür"},
      {"GEBURTSTAG", "aus Geburt und Tag"},      {"LIEBESBRIEF", "aus Liebe und Brief"},
      {"KINDERGARTEN", "aus Kind und Garten"},   {"QUATSCHWOLKE", "freie Zusammensetzung aus Quatsch und Wolke"},
      {"LIEBESKUMMERLIED", "aus Liebe, Kummer und Lied"}, {"WINDSPIELE", "aus Wind und Spiel"},
      {"SCHÖNSTE", "Form von »schön«"},          {"TREIBE", "Form von »treiben«"},
      {"SCHREIBTISCH", "aus schreiben und Tisch"},
  };
  for (auto& [word, phrase] : cases) {
    auto r = rate(word);
    INFO(word << ": " << r.explanation);
    CHECK_THAT(r.explanation, Catch::Contains(phrase));
  }
}

TEST_CASE("explanations differ from word to word and are one or two sentences", "[judge][offline][german]") {
  std::set<std::string> seen;
  for (auto& w : real_words) {
    auto r = rate(w);
    INFO(w << ": " << r.explanation);
    CHECK(seen.insert(r.explanation).second);
    CHECK(r.explanation.back() == '.');
    auto sentences = std::count(r.explanation.begin(), r.explanation.end(), '.');
    CHECK(sentences >= 1);
    CHECK(sentences <= 2);
  }
  // Length alone earns little: a long common compound does not beat a short rare word.
  CHECK(rate("ANTLITZ").score > rate("SCHREIBTISCH").score);
}

TEST_CASE("the judge loads the installed dictionaries without a warning", "[judge][offline][german]") {
  installed();  // fails first when a dictionary is missing
  judge_config config;
  word_judge judge(config);
  CHECK(judge.warnings().empty());
  CHECK(installed().lexicon.size() > 300'000);
  CHECK(installed().lexicon.contains("SPIEL"));  // a Hunspell stem the word list lacks
}
