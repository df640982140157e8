// The reference works' headwords (german_headwords) on small texts in the installed files' formats,
// and what they change in the offline rating: a word only they list is German, never salad.
#include <catch2/catch.hpp>

#include <string>

#include "models/judge/german_headwords.hpp"
#include "models/judge/offline_judge.hpp"
#include "models/judge/word_analysis.hpp"

using namespace wordhall::judge;

namespace {

// OpenThesaurus's .dat: a header "word|sets", then each set as "-|term|term…" or "(adj)|term…".
constexpr std::string_view thesaurus_text =
    "UTF-8\n"
    "porree|1\n"
    "-|Porree|Lauch (Hauptform)|Allium porrum (fachspr.)\n"
    "labsal|1\n"
    "-|Labsal (geh.)|Erquickung|Wohltat für Leib und Seele\n"
    "ioc|1\n"
    "-|IOC|Internationales Olympisches Komitee\n"
    "jein|1\n"
    "(adv)|jein (ugs.)|sowohl ja als auch nein\n"
    "straße|1\n"
    "-|Straße|Weg|am|ok\n"
    "code|1\n"
    "-|Quelltext|Source (engl.)|Freud(e)\n";

// The German-English dictionary: German side, " :: ", English side; groups by " | ", words by "; ".
constexpr std::string_view translations_text =
    "# Version :: 1.9\n"
    "Edelzwiebel {f}; Schalotte {f} [bot.] | Edelzwiebeln {pl}; Schalotten {pl} :: shallot | shallots\n"
    "hohe Minne {f}; Minne {f} [hist.] :: courtly love\n"
    "Omsk (Stadt in Russland) [geogr.] ; Omsk {n} [geogr.] :: Omsk\n"
    "staksig; stakig {adj} :: gangly\n"
    "Marinade {f} [cook.] | Marinaden {pl} | eine Marinade ansetzen :: marinade | marinades\n"
    "Sofortmaßnahme {f} | Als Sofortmaßnahme schlage ich vor :: urgent action\n"
    "jdn. anleiten; instruieren {vt} | anleitend :: to instruct | instructing\n"
    "SUV {m} :: SUV\n"
    "Nuer {pl} [soc.] :: Nuer\n"
    "Fehde {f} [jur.] | Fehden {pl} | Bandenfehde {f} | mit jdm. in Fehde liegen :: feud\n"
    "Vertraute {m,f}; Vertrauter :: confidant\n"
    "Stratosphäre {f} [geogr.] :: stratosphere\n"
    "Rom (Hauptstadt von Italien) [geogr.] | Rom, die Ewige Stadt :: Rome (capital of Italy)\n"
    "Sinti und Roma {pl} [soc.] | Sinto {m} | Rom {m}; Romni {f} :: Sinti and Roma\n"
    "Straßburg (Stadt in Frankreich) [geogr.] :: Strasbourg\n"
    "Wort {n} [ling.] | Worte {pl}; Wörter {pl} | abgeleitetes Wort :: word | words\n"
    // Verbs: the infinitives, then their forms in the same order, group by group.
    "(jdm.) etw. geben {vt} | gebend | gegeben | du gibst | er/sie gibt | ich/er/sie gab | "
    "er/sie hat/hatte gegeben | gib! :: to give | giving | given | you give | he/she gives | I/he/she gave\n"
    "erteilen; geben {vt} | erteilend; gebend | erteilt; gegeben | erteilt; gibt | erteilte; gab :: to grant\n"
    "verfahren; vorgehen {vi} | verfahrend; vorgehend | verfahren; vorgegangen | er/sie verfährt; "
    "er/sie geht vor | ich/er/sie verfuhr; ich/er/sie ging vor :: to proceed\n"
    "sich verkriechen {vr} | sich verkriechend | sich verkrochen | er/sie verkriecht sich | "
    "ich/er/sie verkroch mich :: to hide away\n"
    "fahren {vi} | fahrend | gefahren | ich/er/sie fuhr :: to go\n"
    "sich besinnen {vr} | sich besinnend | sich besonnen | ich/er/sie besann mich :: to reflect\n"
    "besonnen {adj} :: level-headed\n"
    "frieren; gefrieren {vi} | frierend; gefrierend | gefroren | es fror :: to freeze\n"
    "überlegen {vi} | überlegend | überlegt | überlegt | überlegte | unüberlegt :: to consider | "
    "considering | considered | considers | considered | ill-considered\n";

const german_headwords& headwords() {
  static const german_headwords words = german_headwords::from_text(thesaurus_text, translations_text);
  return words;
}

}  // namespace

TEST_CASE("headwords: single words of the thesaurus's sets, labels dropped", "[judge][offline]") {
  auto& words = headwords();
  CHECK(words.contains("PORREE"));
  CHECK(words.contains("LAUCH"));
  CHECK(words.contains("LABSAL"));   // "(geh.)" is a label
  CHECK(words.contains("ERQUICKUNG"));
  CHECK(words.contains("JEIN"));     // a set with a word class, "(adv)"
  CHECK(words.display("PORREE") == "Porree");
  CHECK(words.display("JEIN") == "jein");
  CHECK_FALSE(words.contains("IOC"));      // an abbreviation
  CHECK_FALSE(words.contains("AM"));       // fewer than three letters
  CHECK_FALSE(words.contains("PORRUM"));   // a term of two words takes neither
  CHECK_FALSE(words.contains("WOHLTAT"));
  CHECK(words.contains("QUELLTEXT"));
  CHECK_FALSE(words.contains("SOURCE"));   // another language's word
  CHECK_FALSE(words.contains("FREUD"));    // letters in parentheses: two spellings in one term
  CHECK(words.contains("STRAßE"));
  CHECK(words.contains("STRASSE"));  // as tiles spell it
  CHECK(words.display("STRASSE") == "Straße");
}

TEST_CASE("headwords: the dictionary's tagged nouns, adjectives and plurals", "[judge][offline]") {
  auto& words = headwords();
  CHECK(words.contains("SCHALOTTE"));
  CHECK(words.contains("EDELZWIEBEL"));
  CHECK(words.contains("MINNE"));      // "hohe Minne" is two words; "Minne {f}" one
  CHECK(words.contains("STAKIG"));     // {adj}
  CHECK(words.contains("MARINADE"));
  CHECK(words.contains("SOFORTMASSNAHME"));
  CHECK(words.singular("SCHALOTTEN") == "Schalotte");
  CHECK(words.singular("EDELZWIEBELN") == "Edelzwiebel");
  CHECK(words.singular("MARINADEN") == "Marinade");
  CHECK(words.singular("SCHALOTTE").empty());
  CHECK_FALSE(words.contains("OMSK"));       // a place: a name, no word
  CHECK(words.contains("STAKSIG"));    // the group's {adj} after its last word
  CHECK_FALSE(words.contains("INSTRUIEREN"));  // verbs are taken from the thesaurus only
  CHECK_FALSE(words.contains("ANSETZEN"));     // an example phrase
  CHECK_FALSE(words.contains("SUV"));
  CHECK_FALSE(words.contains("NUER"));       // a people
  CHECK(words.contains("BANDENFEHDE"));       // a kind listed under its headword
  CHECK(words.singular("FEHDEN") == "Fehde");
  CHECK(words.singular("WÖRTER") == "Wort");  // two plurals after one noun
  CHECK(words.singular("WORTE") == "Wort");
  CHECK(words.is_noun("FEHDE"));
  CHECK(words.is_noun("MARINADE"));
  CHECK_FALSE(words.is_noun("PORREE"));    // the thesaurus gives no gender
  CHECK_FALSE(words.is_noun("FEHDEN"));    // a plural
  CHECK_FALSE(words.is_noun("JEIN"));
  CHECK_FALSE(words.is_noun("NUER"));
  CHECK(words.contains("VERTRAUTE"));
  CHECK_FALSE(words.is_noun("VERTRAUTE"));  // an adjective used as a noun
}

TEST_CASE("headwords: a verb's forms give its infinitive", "[judge][offline]") {
  auto& words = headwords();
  CHECK(words.infinitive("GAB", false) == "geben");        // after its pronoun, objects aside
  CHECK(words.infinitive("ERTEILTE", false) == "erteilen");  // without one, in the order listed
  CHECK(words.infinitive("VERFUHR", false) == "verfahren");
  CHECK(words.infinitive("VERKROCH", false) == "verkriechen");  // "ich/er/sie verkroch mich"
  CHECK(words.infinitive("VERKRIECHT", false) == "verkriechen");
  CHECK(words.infinitive("FUHR", false) == "fahren");
  CHECK(words.infinitive("VERGAB", false).empty());  // no verb "vergeben" in this dictionary
  CHECK(words.infinitive("GEGEBEN", false).empty());  // a participle only when asked
  CHECK(words.infinitive("GEGEBEN", true) == "geben");
  CHECK(words.infinitive("BESONNEN", true).empty());  // also an adjective: a word of its own
  CHECK(words.infinitive("VERFAHREN", true).empty());  // an infinitive itself
  CHECK(words.infinitive("GING", false).empty());  // "ging vor": a separable verb's two words
  CHECK(words.infinitive("FROR", false).empty());  // a group shorter than the infinitives
  CHECK(words.infinitive("GIB", false).empty());
  CHECK(words.infinitive("ÜBERLEGTE", false) == "überlegen");
  CHECK(words.infinitive("UNÜBERLEGT", true).empty());  // a negated adjective under the verb
  CHECK(words.infinitive("PORREE", true).empty());
  CHECK_FALSE(words.contains("GEBEN"));  // verbs are no headwords
}

TEST_CASE("headwords: the dictionary's places, apart from its words", "[judge][offline]") {
  auto& words = headwords();
  CHECK(words.is_place("OMSK"));
  CHECK_FALSE(words.contains("OMSK"));        // a place is no word
  CHECK(words.is_place("STRAßBURG"));
  CHECK(words.is_place("STRASSBURG"));        // as tiles spell it
  CHECK_FALSE(words.is_place("STRATOSPHÄRE"));  // a geographer's term: its English is lower case
  CHECK_FALSE(words.is_place("ROM"));         // also a word of another kind: a Roma man
  CHECK(words.contains("ROM"));
  CHECK_FALSE(words.is_place("PORREE"));
  CHECK_FALSE(words.contains("LIEGEN"));
  CHECK_FALSE(german_headwords::load("/nonexistent/th.dat", "/nonexistent/de-en").ok());
  CHECK(german_headwords::load("/nonexistent/th.dat", "/nonexistent/de-en").err().code ==
        "judge_headwords_missing");
}

TEST_CASE("a word only the reference works list is German, rated as a word", "[judge][offline]") {
  static const german_lexicon lexicon = german_lexicon::from_words({"Haus", "Tür", "Punkt", "Wolke"});
  auto unknown = offline_rating("PORREE", lexicon);
  CHECK(unknown.score <= 10);
  CHECK(unknown.explanation.find("kein deutsches Wort") != std::string::npos);

  auto known = offline_rating("PORREE", lexicon, nullptr, nullptr, nullptr, &headwords());
  CHECK(known.score > 20);
  CHECK(known.explanation.find("»Porree«") != std::string::npos);
  CHECK(known.explanation.find("kein deutsches Wort") == std::string::npos);

  auto plural = offline_rating("SCHALOTTEN", lexicon, nullptr, nullptr, nullptr, &headwords());
  CHECK(plural.score > 20);
  CHECK(plural.explanation.find("»Schalotten« ist der Plural von »Schalotte«") != std::string::npos);

  // Never a compound's part: salad around a headword stays salad.
  auto analysis = analyse_word("HAUSLAUCH", lexicon, nullptr, &headwords());
  CHECK(analysis.kind == word_kind::unknown);
  CHECK(analyse_word("HAUSTÜR", lexicon, nullptr, &headwords()).kind == word_kind::compound);
}
