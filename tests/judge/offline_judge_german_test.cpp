// The offline judge with the installed German dictionaries, prose and English lists of names
// (tools/install-deps: wngerman, hunspell-de-de, mythes-de, trans-de-en, fortunes-de, scowl): a table of real words against letter salad drawn from
// the Wortkunst bag, everyday words against rare ones. A missing dictionary fails these tests; it
// is not skipped.
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
  german_word_counts counts;
  std::unique_ptr<german_names> names;
  std::unique_ptr<german_headwords> headwords;
};

const german& installed() {
  static const german data = [] {
    const judge_config defaults;
    for (auto path : {defaults.german.word_list, defaults.german.hunspell_base + ".aff",
                      defaults.german.hunspell_base + ".dic"})
      if (!std::ifstream(path)) FAIL("missing " << path << ": run tools/install-deps (wngerman, hunspell-de-de)");
    auto counts = german_word_counts::load(defaults.german.corpus);
    if (!counts) FAIL(counts.err().message << ": run tools/install-deps (fortunes-de)");
    if (auto dictionary = counts->add_dictionary(defaults.german.translations); !dictionary)
      FAIL(dictionary.err().message << ": run tools/install-deps (trans-de-en)");
    german g;
    auto morphology = hunspell_morphology::open(defaults.german.hunspell_base);
    REQUIRE(morphology.ok());
    g.morphology = std::move(*morphology);
    auto lexicon = german_lexicon::load(defaults.german.word_list, defaults.german.hunspell_base + ".dic");
    REQUIRE(lexicon.ok());
    g.lexicon = std::move(*lexicon);
    g.counts = std::move(*counts);
    auto headwords = german_headwords::load(defaults.german.thesaurus, defaults.german.translations);
    if (!headwords) FAIL(headwords.err().message << ": run tools/install-deps (mythes-de, trans-de-en)");
    g.headwords = std::make_unique<german_headwords>(std::move(*headwords));
    auto names = german_names::load(defaults.german.hunspell_base + ".dic", defaults.german.scowl_dir,
                                    g.lexicon, &g.counts, g.headwords.get());
    if (!names) FAIL(names.err().message << ": run tools/install-deps (scowl)");
    g.names = std::make_unique<german_names>(std::move(*names));
    return g;
  }();
  return data;
}

word_rating rate(const std::string& word) {
  return offline_rating(word, installed().lexicon, installed().morphology.get(), &installed().counts,
                        installed().names.get(), installed().headwords.get());
}

// The explanation calls the word rare ("ein seltenes Wort", "ein eher seltenes Wort", "selten und
// klangvoll"); "Das seltene V" speaks of a letter.
bool says_rare(const std::string& explanation) {
  for (auto phrase : {"seltenes Wort", "seltenen Wort", "selten und klangvoll"})
    if (explanation.find(phrase) != std::string::npos) return true;
  return false;
}

double rarity_of(const std::string& word, bool with_prose) {
  auto& g = installed();
  auto lemma = normalise_word(g.morphology->read(word).lemma);
  return rarity(word, lemma, g.lexicon, with_prose ? &g.counts : nullptr, g.morphology.get());
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
    CHECK_THAT(r.explanation, !Catch::Contains("ist ein Name"));
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
      // Hunspell's last word: not BÜRGERS·AAL, DREH·ROM, DRUCKER·ADEL.
      {"BÜRGERSAAL", "aus Bürger und Saal"},     {"DREHSTROM", "und Strom"},
      {"DRUCKERNADEL", "aus Drucker und Nadel"}, {"BERGGASTHOF", "aus Berg und Gasthof"},
      // A noun in -UNG as itself, not Hunspell's verb (beraten, üben).
      {"EHEBERATUNG", "aus Ehe und Beratung"},   {"ÜBUNGSFLUG", "aus Übung und Flug"},
      {"EHEPAARE", "aus Ehe und Paar"},          {"WOCHENENDE", "aus Woche und Ende"},
      // A present participle is a form of its verb, not a compound with Ende.
      {"KEIMENDEN", "Form von »keimen«"},        {"VORTRAGENDEN", "Form von »vortragen«"},
      {"ENTSCHEIDEND", "Form von »entscheiden«"}, {"ABTRENNENDE", "Form von »abtrennen«"},
      // The prefix stays on the verb or adjective Hunspell strips it from.
      {"VERKÜNDIGT", "Form von »verkündigen«"}, {"UNKLARSTEN", "Form von »unklar«"},
      // A strong verb's past stem is a form of its infinitive (the dictionary names it).
      {"VERGABT", "Form von »vergeben«"},        {"GING", "Form von »gehen«"},
      {"ENTSTAND", "Form von »entstehen«"},      {"ANGEDEUTETE", "Form von »andeuten«"},
      // A compound's last part in its dictionary form, not its plural: PROZESSE, JAHRE.
      {"MORDPROZESSES", "aus Mord und Prozess,"}, {"EHEJAHRE", "aus Ehe und Jahr,"},
      {"AKTENORDNER", "aus Akte und Ordner"},     {"EHEBRÜCHEN", "aus Ehe und Bruch,"},
      {"EHEGATTINNEN", "aus Ehe und Gattin,"},
      {"HÜTCHEN", "»Hütchen« ist ein"},          {"BÄRCHENS", "Form von »Bärchen«"},
      // A verb's form Hunspell also splits is that form: not Chat + Test, ein + Motte, Verb + Recht.
      {"CHATTEST", "Form von »chatten«"},        {"EINMOTTE", "Form von »einmotten«"},
      {"VERBRECHT", "Form von »verbrechen«"},
      // A separable verb's past stem with its particle; an adjective in -BAR is its own word.
      {"ABSANKT", "Form von »absinken«"},        {"AUFSTANDEN", "Form von »aufstehen«"},
      {"BELEGBARER", "Form von »belegbar«"},     {"VERHAFTE", "Form von »verhaften«"},
      // A noun's inflected form names its singular, also where Hunspell's entry is none.
      {"AUFRUFS", "Form von »Aufruf«"},          {"ENDUNGEN", "Form von »Endung«"},
      {"BÄRINNEN", "Form von »Bärin«"},          {"KATZEN", "Form von »Katze«"},
      {"BEIRÄTEN", "Form von »Beirat«"},          {"MÜTTER", "der Plural von »Mutter«"},
      {"BÄRIN", "»Bärin« ist ein"},              {"KÄMPFERS", "Form von »Kämpfer«"},
      // A noun's form the list has only as a verb's (orte, of orten) is spelled as the noun's.
      {"ORTE", "»Orte« ist eine Form von »Ort«"},
      // A subjunctive is a form of its infinitive, not of the stem Hunspell files it under.
      {"KÄME", "Form von »kommen«"},            {"KÄMEN", "Form von »kommen«"},
      {"FÄNDE", "Form von »finden«"},
  };
  for (auto& [word, phrase] : cases) {
    auto r = rate(word);
    INFO(word << ": " << r.explanation);
    CHECK_THAT(r.explanation, Catch::Contains(phrase));
  }
}

TEST_CASE("a new compound with a noun of two letters is as common as its parts", "[judge][offline][german]") {
  // Hunspell accepts any noun before or after EI and ÖL; the whole word is in no prose, so rated
  // as one word it would be rarer than any word German has.
  const auto beautiful = rate("GEBORGENHEIT");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"TISCHEI", "aus Tisch und Ei"}, {"ROSTEI", "aus Rost und Ei"}, {"EISEI", "aus Eis und Ei"},
      {"FRÜHSTÜCKSEI", "und Ei"},      {"ÖLZIMMER", "aus Öl und Zimmer"}, {"ÖLWASSER", "aus Öl und Wasser"},
  };
  for (auto& [word, phrase] : cases) {
    auto r = rate(word);
    INFO(word << ": " << r.score << " " << r.explanation);
    CHECK_THAT(r.explanation, Catch::Contains("freie Zusammensetzung"));
    CHECK_THAT(r.explanation, Catch::Contains(phrase));
    CHECK(r.score < beautiful.score);
  }
  // A word Hunspell's rules allow that splits into no known words is as rare as its last word.
  auto unexplained = rate("ERBAU");
  INFO("ERBAU: " << unexplained.score << " " << unexplained.explanation);
  CHECK(unexplained.score < rate("QUATSCHWOLKE").score);
  // A listed word stays a word of its own, not Ost + Ei.
  CHECK_THAT(rate("OSTEREI").explanation, !Catch::Contains("aus Ost "));
}

TEST_CASE("slurs and vulgar words get no praise, words that only look like them do", "[judge][offline][german]") {
  const int lowest_name = rate("ANNA").score;
  // Laid, inflected, or as a compound's part.
  for (auto word : {"FOTZE", "NEGER", "ARSCHLOCH", "HUREN", "FICKT", "NAZIS", "SCHEISSE", "KANAKE"}) {
    auto r = rate(word);
    INFO(word << ": " << r.score << " " << r.explanation);
    CHECK(r.score < lowest_name);
    CHECK_THAT(r.explanation, Catch::Contains("keine Kunstpunkte"));
    CHECK_THAT(r.explanation, !Catch::Contains("klangvoll"));
  }
  // VÖGELN is also the birds' dative, WICHSE shoe polish; NACKT and PENIS are plain words.
  for (auto word : {"VÖGELN", "WICHSE", "NACKT", "PENIS", "HUND"}) {
    auto r = rate(word);
    INFO(word << ": " << r.score << " " << r.explanation);
    CHECK_THAT(r.explanation, !Catch::Contains("Kunstpunkte"));
    CHECK(r.score > lowest_name);
  }
}

TEST_CASE("interjections are everyday words, abbreviations no words", "[judge][offline][german]") {
  auto salad = gibberish();
  int highest_salad = 0;
  for (auto& w : salad) highest_salad = std::max(highest_salad, rate(w).score);
  const int everyday = rate("HUND").score;
  // NA and ÄH were letter salad to the judge, HURRA a rare and beautiful word (64).
  for (auto word : {"NA", "ÄH", "AHA", "HM", "HURRA", "OHO"}) {
    auto r = rate(word);
    INFO(word << ": " << r.score << " " << r.explanation);
    CHECK_THAT(r.explanation, Catch::Contains("Ausruf"));
    CHECK(r.score > highest_salad);
    CHECK(r.score < everyday);
  }
  // HZ was "ein seltenes Wort" (56).
  const int lowest_name = rate("ANNA").score;
  for (auto word : {"ST", "DR", "NR", "HZ", "KG"}) {
    auto r = rate(word);
    INFO(word << ": " << r.score << " " << r.explanation);
    CHECK_THAT(r.explanation, Catch::Contains("Abkürzung"));
    CHECK(r.score <= lowest_name + 4);
    CHECK(r.score > highest_salad);
  }
}

TEST_CASE("one word laid twice is no idea of its own", "[judge][offline][german]") {
  for (auto [twice, two] : {std::pair{"TEETEE", "TEETOR"}, std::pair{"TORTOR", "TORTEE"}}) {
    auto doubled = rate(twice), pair = rate(two);
    INFO(twice << " " << doubled.score << " " << doubled.explanation << " / " << two << " " << pair.score);
    CHECK_THAT(doubled.explanation, Catch::Contains("Verdopplung"));
    CHECK(doubled.score + 5 < pair.score);
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

TEST_CASE("everyday words German seldom compounds with are common by the prose", "[judge][offline][german]") {
  // Words anyone who speaks German says every day, many of which German seldom builds compounds
  // with (adverbs, family words, things at hand), against the rare words above.
  const std::vector<std::string> everyday = {
      "HEUTE", "OFT", "NIE", "IMMER", "GESTERN", "MORGEN", "JETZT", "SCHON", "NOCH", "BALD",
      "WIEDER", "GERN", "GENUG", "VIELLEICHT", "WIRKLICH", "NASE", "KUH", "OMA", "OPA", "PAPA",
      "MAMA", "BAUCH", "KNIE", "AUGE", "OHR", "ZAHN", "BETT", "TASSE", "GABEL", "LÖFFEL",
      "TELLER", "HOSE", "JACKE", "SCHUH", "KOPF", "HAND", "FUSS", "ARM", "BEIN", "HERZ",
      "WUNDERBAR", "SCHÖN", "GROSS", "KLEIN", "LAUT", "LEISE", "SCHNELL", "LANGSAM", "FROH",
      "TRAURIG", "MÜDE"};
  auto at = [&](const char* w) { return std::find(real_words.begin(), real_words.end(), w); };
  const std::vector<std::string> rare(at("ANTLITZ"), at("KARAFFE") + 1);
  auto& g = installed();
  struct tally {
    int called_rare = 0;
    double mean_score = 0;
  };
  auto judged = [&](const std::vector<std::string>& words, const german_word_counts* counts) {
    tally t;
    for (auto& w : words) {
      auto r = offline_rating(w, g.lexicon, g.morphology.get(), counts);
      t.called_rare += says_rare(r.explanation);
      t.mean_score += r.score / static_cast<double>(words.size());
    }
    return t;
  };
  const tally everyday_alone = judged(everyday, nullptr), everyday_prose = judged(everyday, &g.counts);
  const tally rare_alone = judged(rare, nullptr), rare_prose = judged(rare, &g.counts);
  WARN("called rare, by compounds alone / with the prose and the dictionary: " << everyday_alone.called_rare << " / "
       << everyday_prose.called_rare << " of " << everyday.size() << " everyday words (mean score "
       << everyday_alone.mean_score << " / " << everyday_prose.mean_score << "), " << rare_alone.called_rare
       << " / " << rare_prose.called_rare << " of " << rare.size() << " rare words (mean score "
       << rare_alone.mean_score << " / " << rare_prose.mean_score << ")");
  const int everyday_before = everyday_alone.called_rare, everyday_after = everyday_prose.called_rare;
  const int rare_after = rare_prose.called_rare;
  CHECK(everyday_before >= 20);  // what the prose mends
  CHECK(everyday_after <= 10);
  CHECK(rare_after >= static_cast<int>(rare.size() * 9 / 10));
  for (auto w : {"HEUTE", "OFT", "NIE", "IMMER", "GESTERN", "NASE", "KUH", "WUNDERBAR"}) {
    INFO(w << ": " << rate(w).explanation << "; rarity " << rarity_of(w, false) << " by compounds, "
           << rarity_of(w, true) << " with the prose");
    CHECK(rarity_of(w, true) < 0.45);
    CHECK(rarity_of(w, true) <= rarity_of(w, false));
  }
  // The prose cannot make a word rarer.
  for (auto w : {"ANTLITZ", "EILAND", "ODEM", "GESTADE", "FIRMAMENT", "XYLOPHON"})
    CHECK(rarity_of(w, true) >= 0.75);
  CHECK(installed().counts.total() > 300'000);
  CHECK(installed().counts.count("HEUTE") > 100);
}

TEST_CASE("plurals the dictionary files on their own are as common as their singulars", "[judge][offline][german]") {
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"MÜTTER", "MUTTER"}, {"VÄTER", "VATER"}, {"NÄCHTE", "NACHT"}, {"WÖRTER", "WORT"},
      {"FÜSSE", "FUSS"},    {"SÖHNE", "SOHN"},  {"GÄRTEN", "GARTEN"}, {"ÄPFEL", "APFEL"}};
  for (auto& [plural, singular] : pairs) {
    INFO(plural << ": " << rate(plural).explanation << "; " << singular << ": " << rate(singular).explanation);
    CHECK_FALSE(says_rare(rate(plural).explanation));
  }
}

TEST_CASE("a suffix German writes like a word is no part of a compound", "[judge][offline][german]") {
  for (auto w : {"WUNDERBAR", "DANKBAR", "ARBEITSLOS", "HOFFNUNGSLOS", "ZAUBERHAFT", "SCHMERZHAFT",
                 "TEILWEISE", "ZEITWEISE", "LANDSCHAFT", "LANDSCHAFTEN", "MEISTERSCHAFT"}) {
    auto r = rate(w);
    INFO(w << ": " << r.explanation);
    CHECK_THAT(r.explanation, !Catch::Contains("Zusammen"));
    for (auto part : {" Bar", " Los", " Haft", " Weise", " Schaft"})
      CHECK_THAT(r.explanation, !Catch::Contains(part));
  }
  // A noun in -END is no participle.
  for (auto w : {"GEGEND", "LEGENDE", "ABEND", "ANWESEND"})
    CHECK_THAT(rate(w).explanation, !Catch::Contains("Form von"));
  // A noun's last part is a noun, not a verb or an adverb that spells its plural or genitive.
  for (auto w : {"BAUSUMMEN", "AKKORDLÖHNEN", "ANLAGEZWECKS", "AKTIENRECHTS"}) {
    auto r = rate(w);
    INFO(w << ": " << r.explanation);
    for (auto part : {" summen", " löhnen", " zwecks", " rechts"}) CHECK_THAT(r.explanation, !Catch::Contains(part));
  }
  // Compounds with the nouns Bar, Los and Haft stay compounds.
  CHECK_THAT(rate("WEINBAR").explanation, Catch::Contains("aus Wein und Bar"));
  CHECK_THAT(rate("EINZELHAFT").explanation, Catch::Contains("aus Einzel und Haft"));
}

TEST_CASE("a sentence about two umlauts names both and agrees with them", "[judge][offline][german]") {
  auto r = rate("ÜBERHÖHUNG");
  INFO(r.explanation);
  CHECK_THAT(r.explanation, Catch::Contains("Das Ü und das Ö färben seinen Klang."));
  CHECK_THAT(rate("ÜBERHÖHUNGEN").explanation, Catch::Contains("das Ü und das Ö geben Farbe."));
  CHECK_THAT(rate("SCHÖNHEIT").explanation, Catch::Contains("Das Ö färbt seinen Klang."));
}

TEST_CASE("the judge loads the installed dictionaries without a warning", "[judge][offline][german]") {
  installed();  // fails first when a dictionary is missing
  judge_config config;
  word_judge judge(config);
  CHECK(judge.warnings().empty());
  CHECK(installed().lexicon.size() > 300'000);
  CHECK(installed().lexicon.contains("SPIEL"));  // a Hunspell stem the word list lacks
}

TEST_CASE("names score below every word and say so; words that look like names stay words", "[judge][offline][german]") {
  // First names, surnames, places (FREIBURG, though it splits into frei and Burg), genitives.
  for (auto* name : {"ANNA", "RENATE", "OTTO", "EMMA", "KARL", "MONIKA", "HEIKE", "GOETHE", "MERKEL",
                     "BERLIN", "PARIS", "WIEN", "FREIBURG", "LONDON", "STUTTGART", "ANNAS",
                     "GOETHES",
                     // names only German gives, in no English list
                     "UWE", "JÜRGEN", "ANJA", "SILKE", "HOLGER", "KÖPENICK", "UWES",
                     // places English spells otherwise, or lists in lower case
                     "MÜNCHEN", "KÖLN", "HAMBURG", "PRAG", "RHEIN", "ELBE", "KÖLNS"}) {
    auto r = rate(name);
    INFO(name << ": " << r.score << " " << r.explanation);
    CHECK(r.score > 10);
    CHECK(r.score <= 15);
    CHECK_THAT(r.explanation, Catch::Contains("Namen zählen wenig"));
  }
  // Nouns with a name's shape in the dictionary (no plural) that English lists as names, or that
  // are names as well: the prose, their compounds or English's common words show them in use.
  for (auto* word : {"ROSE", "HANDEL", "KLEE", "KUMMER", "ROGGEN", "UNI", "COLA", "OMA", "LOK",
                     "TASSE", "ESSEN", "BERNSTEIN", "JURA", "MOHN", "HEIMWEH", "PORSCHE",
                     "GEHAMPEL", "ROAMING"}) {
    auto r = rate(word);
    INFO(word << ": " << r.score << " " << r.explanation);
    CHECK_THAT(r.explanation, !Catch::Contains("Name"));
    CHECK(r.score > 15);
  }
  WARN(installed().names->size() << " names known");
  CHECK(installed().names->size() > 1000);
}

TEST_CASE("words only the thesaurus or the German-English dictionary lists are words", "[judge][offline][german]") {
  // The kitchen, old and colloquial words the word list and Hunspell lack, and a plural.
  for (auto* word : {"PORREE", "MARINADE", "OREGANO", "BROCCOLI", "CHICOREE", "PÜRIEREN",
                     "VERQUIRLEN", "LABSAL", "MINNE", "PLUNDER", "AZUBI", "JEIN", "SCHIRI",
                     "SCHALOTTEN"}) {
    auto r = rate(word);
    INFO(word << ": " << r.score << " " << r.explanation);
    CHECK_THAT(r.explanation, !Catch::Contains("kein deutsches Wort"));
    CHECK_THAT(r.explanation, !Catch::Contains("Name"));
    CHECK(r.score > 20);
  }
  CHECK_THAT(rate("SCHALOTTEN").explanation, Catch::Contains("»Schalotten« ist der Plural von »Schalotte«"));
  CHECK_THAT(rate("PORREE").explanation, Catch::Contains("»Porree«"));
  // Nouns the word list has only in lower case, as verb forms, and Hunspell reads as forms of
  // another word: the reference works list them as nouns.
  for (auto* noun : {"Decke", "Träne"}) {
    auto r = rate(noun);
    INFO(noun << ": " << r.explanation);
    CHECK_THAT(r.explanation, Catch::StartsWith(std::string("»") + noun + "« ist"));
    CHECK_THAT(r.explanation, !Catch::Contains("eine Form von"));
  }
  CHECK_THAT(rate("BETTDECKE").explanation, Catch::Contains("aus Bett und Decke"));
  // Places and other languages' words the works mark as such stay no words.
  for (auto* word : {"OMSK", "SOURCE"}) CHECK_THAT(rate(word).explanation, Catch::Contains("kein deutsches Wort"));
  CHECK(installed().headwords->size() > 200'000);
}
