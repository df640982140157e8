#include "models/judge/offline_judge.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "events/text.hpp"
#include "models/judge/crude_words.hpp"
#include "models/judge/word_analysis.hpp"
#include "models/judge/word_sound.hpp"

namespace wordhall::judge {
namespace {

// The closed classes: articles, pronouns, prepositions, conjunctions, auxiliaries, particles.
constexpr std::string_view function_words[] = {
    "AB",    "ABER",  "ALLE",   "ALLES", "ALS",    "AM",     "AN",     "AUCH",  "AUF",   "AUS",
    "BEI",   "BIN",   "BIS",    "BIST",  "DA",     "DANN",   "DAS",    "DASS",  "DEIN",  "DEM",
    "DEN",   "DENN",  "DER",    "DES",   "DICH",   "DIE",    "DIR",    "DOCH",  "DORT",  "DU",
    "DURCH", "EIN",   "EINE",   "EINEM", "EINEN",  "EINER",  "EINES",  "ER",    "ES",    "EUCH",
    "EUER",  "FÜR",   "GEGEN",  "HAB",   "HABE",   "HABEN",  "HAST",   "HAT",   "HATTE", "HIER",
    "ICH",   "IHM",   "IHN",    "IHNEN", "IHR",    "IM",     "IN",     "IST",   "JA",    "JETZT",
    "KANN",  "KEIN",  "KEINE",  "MAN",   "MEHR",   "MEIN",   "MICH",   "MIR",   "MIT",   "MUSS",
    "NACH",  "NEIN",  "NICHT",  "NOCH",  "NUR",    "OB",     "ODER",   "OHNE",  "SEHR",  "SEID",
    "SEIN",  "SICH",  "SIE",    "SIND",  "SO",     "SOLL",   "SONDERN", "UM",   "UND",   "UNS",
    "UNSER", "UNTER", "VIEL",   "VOM",   "VON",    "VOR",    "WAR",    "WAREN", "WAS",   "WEIL",
    "WENN",  "WER",   "WERDEN", "WIE",   "WIR",    "WIRD",   "WILL",   "WO",    "WURDE", "ZU",
    "ZUM",   "ZUR",   "ÜBER",
};

bool is_function_word(std::string_view word) {
  return std::find(std::begin(function_words), std::end(function_words), word) !=
         std::end(function_words);
}

std::string in_guillemets(std::string_view text) { return "»" + std::string(text) + "«"; }

// `shown`, a word as the list spells it in lower case, with the capital of `normalised` first.
std::string capitalised(const std::string& shown, std::string_view normalised) {
  const auto first = utf8_letters(normalised).front();
  const auto lower_first = utf8_letters(shown).front();
  return std::string(first) + shown.substr(lower_first.size());
}

// "A", "A und B", "A, B und C".
std::string join_german(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " und " : ", ";
    out += items[i];
  }
  return out;
}

struct rarity_words {
  const char* neuter;  // "ein seltenes Wort"
  const char* dative;  // "einem seltenen Wort"
};

rarity_words describe_rarity(double r) {
  if (r >= 0.75) return {"ein seltenes Wort", "einem seltenen Wort"};
  if (r >= 0.45) return {"ein eher seltenes Wort", "einem eher seltenen Wort"};
  if (r >= 0.2) return {"ein gebräuchliches Wort", "einem gebräuchlichen Wort"};
  return {"ein alltägliches Wort", "einem alltäglichen Wort"};
}

std::string lemma_of(std::string_view word, const hunspell_morphology* morphology) {
  return morphology ? normalise_word(morphology->read(word).lemma) : std::string();
}

// The strongest trait of the sound, as a sentence; empty when `said_beautiful` already said it.
std::string sound_sentence(const word_sound& sound, bool said_beautiful) {
  if (!sound.cluster.empty()) return "Die Konsonantenfolge " + sound.cluster + " macht es kantig.";
  if (sound.rare_letters.size() == 1)
    return "Das seltene " + sound.rare_letters[0] + " gibt ihm etwas Besonderes.";
  if (sound.rare_letters.size() > 1)
    return "Die seltenen Buchstaben " + join_german(sound.rare_letters) + " geben ihm etwas Besonderes.";
  // "das Ü", "das Ä und das Ü": each umlaut with its article, the verb agreeing.
  std::vector<std::string> umlauts;
  for (auto& u : sound.umlauts) umlauts.push_back("das " + u);
  const std::string colour = join_german(umlauts);
  const bool several = umlauts.size() > 1;
  if (sound.beauty >= 0.7 && sound.syllables >= 2 && !said_beautiful)
    return colour.empty() ? "Vokale und Konsonanten wechseln sich klangvoll ab."
                          : "Vokale und Konsonanten wechseln sich klangvoll ab, " + colour +
                                (several ? " geben Farbe." : " gibt Farbe.");
  if (!colour.empty()) return "D" + colour.substr(1) + (several ? " färben seinen Klang." : " färbt seinen Klang.");
  if (said_beautiful) return "";
  if (sound.beauty < 0.35) return "Klanglich eher spröde.";
  static constexpr const char* counts[] = {"Vier", "Fünf", "Sechs", "Sieben"};
  if (sound.syllables <= 1) return "Eine Silbe, kurz und bündig.";
  if (sound.syllables == 2) return "Zwei Silben, ruhig im Klang.";
  if (sound.syllables == 3) return "Drei Silben in gleichmäßigem Fluss.";
  if (sound.syllables <= 7) return std::string(counts[sound.syllables - 4]) + " Silben, ein langer Atem.";
  return "Ein langer Atem über viele Silben.";
}

word_rating unknown_rating(std::string_view word, const std::string& normal,
                           const german_lexicon& lexicon) {
  auto letters = utf8_letters(normal);
  const std::string start =
      in_guillemets(normal) + " ist kein deutsches Wort, das der Richter kennt";
  for (auto l : letters)
    if (letter_index(l) < 0)
      return {std::string(word), 1, start + ": Es besteht nicht nur aus Buchstaben."};
  // How German the letter pairs look: 1 for a pair common across the list, 0 for one never seen.
  double sum = 0;
  std::string unseen;
  for (std::size_t i = 1; i < letters.size(); ++i) {
    auto count = lexicon.bigram_count(letters[i - 1], letters[i]);
    sum += std::min(1.0, std::log10(1.0 + count) / 4.0);
    if (count == 0 && unseen.empty()) unseen = std::string(letters[i - 1]) + std::string(letters[i]);
  }
  double typical = letters.size() > 1 ? sum / static_cast<double>(letters.size() - 1) : 0.0;
  if (!unseen.empty()) typical *= 0.4;
  // Letters a mouth cannot say: no vowel, or four consonants in a row (OBLNDRN).
  const word_sound sound = hear(normal);
  if (sound.syllables == 0 || utf8_letters(sound.cluster).size() >= 4) typical *= 0.5;
  int score = std::clamp(1 + static_cast<int>(std::lround(9 * typical)), 1, 10);
  std::string why = unseen.empty()
                        ? start + ", auch keine Zusammensetzung aus Wörtern, die er kennt."
                        : start + ": Die Buchstabenfolge " + unseen + " kommt in keinem deutschen Wort vor.";
  return {std::string(word), score, why};
}

// How often the prose uses `word`, or its dictionary form together with the forms of it that
// Hunspell reads as that form (WUNDERBAR: wunderbar, wunderbare, wunderbaren, ...), whichever is
// more.
uint32_t times_seen(std::string_view word, std::string_view lemma, const german_word_counts& counts,
                    const hunspell_morphology* morphology) {
  static constexpr std::string_view endings[] = {"E", "EN", "ER", "ES", "EM", "N",
                                                 "S", "ST", "T",  "TE", "TEN"};
  const std::string base(lemma.empty() ? word : lemma);
  uint32_t forms = counts.count(base);
  if (morphology) {
    for (auto ending : endings) {
      const std::string form = base + std::string(ending);
      const uint32_t seen = counts.count(form);
      if (seen > 0 && normalise_word(morphology->read(form).lemma) == base) forms += seen;
    }
  }
  return std::max(counts.count(word), forms);
}

// Below every name and every German word: a slur or a vulgar word earns no praise.
constexpr int crude_score = 5;

// Interjections, as German spells them: words of every day, most in no list (AHA, NA, ÄH), the
// others listed and rated as rare words (HURRA, OHO) though nobody finds them so.
constexpr std::pair<std::string_view, std::string_view> interjections[] = {
    {"AH", "ah"},     {"AHA", "aha"},   {"ÄH", "äh"},     {"ÄHM", "ähm"},       {"AUTSCH", "autsch"},
    {"BRR", "brr"},   {"HM", "hm"},     {"HMM", "hmm"},   {"HOPPLA", "hoppla"}, {"HUCH", "huch"},
    {"HUI", "hui"},   {"HURRA", "hurra"}, {"IGITT", "igitt"}, {"JUHU", "juhu"}, {"NA", "na"},
    {"NÖ", "nö"},     {"OH", "oh"},     {"OHA", "oha"},   {"OHO", "oho"},       {"OJE", "oje"},
    {"PFUI", "pfui"}, {"PSST", "psst"}, {"PST", "pst"},   {"TJA", "tja"},       {"UFF", "uff"},
};

// An interjection scores 20..24 by its sound: above names and letter salad, below the everyday
// words (HUND: 25).
std::optional<word_rating> interjection_rating(std::string_view word, const std::string& normal) {
  for (auto [spelling, shown] : interjections) {
    if (spelling != normal) continue;
    const word_sound sound = hear(normal);
    return word_rating{std::string(word), 20 + static_cast<int>(std::lround(4 * sound.beauty)),
                       in_guillemets(shown) + " ist ein Ausruf: ein Wort des Alltags, doch kein kunstvolles."};
  }
  return std::nullopt;
}

// A name (german_names) scores 11..15 by its sound: below every word of the language, since a word
// game counts words and a name is none, and above every unknown string, since it is no salad.
word_rating name_rating(std::string_view word, const std::string& normal, const std::string& name,
                        const german_lexicon& lexicon) {
  const word_sound sound = hear(normal);
  const int score = 11 + static_cast<int>(std::lround(4 * sound.beauty));
  const std::string named = in_guillemets(lexicon.display(name));
  const std::string first =
      name == normal ? named + " ist ein Name, kein Wort des Wortschatzes: Namen zählen wenig."
                     : in_guillemets(lexicon.display(name) + "s") + " ist der Genitiv des Namens " +
                           named + ", kein Wort des Wortschatzes: Namen zählen wenig.";
  const std::string second = sound_sentence(sound, false);
  return {std::string(word), score, second.empty() ? first : first + " " + second};
}

}  // namespace

double rarity(std::string_view word, std::string_view lemma, const german_lexicon& lexicon,
              const german_word_counts* counts, const hunspell_morphology* morphology) {
  if (is_function_word(word) || (!lemma.empty() && is_function_word(lemma))) return 0.0;
  std::size_t family = 0;
  for (std::string_view form : {word, lemma}) {
    if (form.empty()) continue;
    family = std::max(family, lexicon.family_size(form));
    // A verb also builds compounds from its stem: TREIB·HAUS, SPIEL·PLATZ.
    if (!lexicon.is_noun(form) && ends_with(form, "EN") && utf8_letters(form).size() >= 5)
      family = std::max(family, lexicon.family_size(form.substr(0, form.size() - 2)));
  }
  double r = std::clamp(1.0 - std::log2(1.0 + static_cast<double>(family)) / 7.5, 0.0, 1.0);
  if (counts) {
    const uint32_t seen = times_seen(word, lemma, *counts, morphology);
    r = std::min(r, std::clamp(1.0 - std::log2(1.0 + static_cast<double>(seen)) / 8.0, 0.0, 1.0));
  }
  return r;
}

word_rating offline_rating(std::string_view word, const german_lexicon& lexicon,
                           const hunspell_morphology* morphology, const german_word_counts* counts,
                           const german_names* names, const german_headwords* headwords) {
  const std::string normal = normalise_word(word);
  const word_analysis analysis = analyse_word(normal, lexicon, morphology, headwords);
  // Only the reference works list it (PORREE), or only they list as a noun a word that the word
  // list has in lower case and Hunspell reads as a form of another (DECKE of Deck, TRÄNE of
  // tränen; not ALT, an adjective of its own): spelled as they list it.
  const bool headword_only = headwords && !lexicon.contains(normal) && headwords->contains(normal);
  const bool headword_noun = headwords && !analysis.lemma.empty() &&
                             normalise_word(analysis.lemma) != normal && !lexicon.is_noun(normal) &&
                             headwords->is_noun(normal);
  if (names) {
    // A name, or its genitive, whatever else the analysis says (FREIBURG would split into frei
    // and Burg); a form Hunspell reads as a name's through its dictionary form.
    std::string name = names->name_of(normal);
    if (name.empty() && analysis.kind == word_kind::known && !analysis.lemma.empty() &&
        names->contains(normalise_word(analysis.lemma)))
      name = normalise_word(analysis.lemma);
    if (!name.empty()) return name_rating(word, normal, name, lexicon);
  }
  if (auto rated = interjection_rating(word, normal)) return *rated;
  if (analysis.kind == word_kind::unknown) return unknown_rating(word, normal, lexicon);
  const word_sound sound = hear(normal);
  // A listed word without a vowel sound is an abbreviation (ST, DR, NR, HZ, KG): no word of the
  // language, rated as a name is.
  if (analysis.kind == word_kind::known && sound.syllables == 0) {
    return {std::string(word), 11 + static_cast<int>(std::lround(4 * sound.beauty)),
            in_guillemets(lexicon.display(normal)) +
                " ist eine Abkürzung, kein Wort des Wortschatzes: Abkürzungen zählen wenig."};
  }
  const std::string shown =
      in_guillemets(headword_only || headword_noun ? headwords->display(normal)
                    : analysis.listed              ? lexicon.display(normal)
                                                   : normal);
  if (is_crude(normal, analysis.lemma, analysis.part_words))
    return {std::string(word), crude_score,
            shown + " ist ein Kraftausdruck, ein Schimpf- oder Hasswort: dafür gibt es keine Kunstpunkte."};

  double r = 0, creativity = 0;
  std::string first;
  bool said_beautiful = false;
  if (analysis.kind == word_kind::compound) {
    for (auto& part : analysis.part_words)
      r += rarity(part, lemma_of(part, morphology), lexicon, counts, morphology);
    r /= static_cast<double>(analysis.part_words.size());
    // A listed compound is a word of its own, as rare as German's use of it: WINDSPIEL is rarer
    // than WIND and SPIEL, GEBURTSTAG (GEBURTSTAGSKUCHEN, …) is not.
    if (analysis.listed) r = 0.65 * r + 0.35 * rarity(normal, "", lexicon, counts, morphology);
    const double extra = static_cast<double>(analysis.parts.size() - 2);
    creativity = analysis.listed ? 0.35 + 0.05 * extra : 0.75 + 0.1 * extra;
    const std::string parts = join_german(analysis.parts);
    // TEETEE, TORTOR: a word laid twice is no idea of its own.
    const bool doubled = std::all_of(analysis.part_words.begin(), analysis.part_words.end(),
                                     [&](const std::string& p) { return p == analysis.part_words[0]; });
    if (!analysis.listed && doubled) {
      creativity = 0.05;
      first = "Zweimal " + in_guillemets(analysis.parts[0]) + " hintereinander: eine Verdopplung, kein Einfall.";
    } else if (!analysis.listed) {
      first = "Eine freie Zusammensetzung aus " + parts + ": ein kreativer Einfall.";
    } else {
      first = "Zusammengesetzt aus " + parts + ", " + describe_rarity(r).neuter + ".";
    }
  } else {
    std::string lemma = normalise_word(analysis.lemma);
    // A noun's inflected form the word list also has (AUFRUFS, ACHTECKEN, PROZESSES) is a form of
    // its singular dictionary form, unless the dictionary lists it as a noun of its own (KATZE,
    // which Hunspell files under Katz; AKTE).
    const std::string noun_lemma =
        headwords && lexicon.is_noun(normal) && is_capitalised(analysis.lemma) &&
                !headwords->is_noun(normal)
            ? noun_dictionary_form(normal, lemma, lexicon, *headwords)
            : std::string();
    const bool noun_form = !noun_lemma.empty() && noun_lemma != normal;
    // A plural of its own in the dictionary (MÜTTER) is as common as its singular.
    const bool own_plural = lemma.empty() && analysis.listed && lexicon.is_noun(normal);
    const std::string singular =
        own_plural ? singular_of_umlaut_plural(normal, lexicon) : std::string();
    // A noun's form is as rare as its singular is rated: by the singular's own dictionary form
    // where it has one (BEFLECKUNGEN as BEFLECKUNG, by beflecken).
    if (noun_form) {
      lemma = normalise_word(analyse_word(noun_lemma, lexicon, morphology, headwords).lemma);
      if (lemma.empty()) lemma = noun_lemma;
    }
    // The umlaut says plural where the dictionary pairs the two (Mutter {f} | Mütter {pl}), not
    // ABNÜTZEN, a verb used as a noun.
    const bool plural_form = headwords && !singular.empty() &&
                             normalise_word(headwords->singular(normal)) == singular;
    const std::string lemma_shown = noun_form     ? lexicon.display(noun_lemma)
                                    : plural_form ? lexicon.display(singular)
                                                  : analysis.lemma;
    r = rarity(normal, singular.empty() ? lemma : singular, lexicon, counts, morphology);
    auto words = describe_rarity(r);
    if (is_function_word(normal) || is_function_word(lemma)) {
      first = shown + " gehört zu den häufigsten Wörtern des Deutschen.";
    } else if (headword_only && !lemma.empty()) {  // SCHALOTTEN: a plural the dictionary pairs
      first = shown + " ist der Plural von " + in_guillemets(analysis.lemma) + ", " +
              words.dative + ".";
      creativity = 0.05;
    } else if (plural_form) {  // MÜTTER: the umlaut says plural
      first = shown + " ist der Plural von " + in_guillemets(lemma_shown) + ", " + words.dative + ".";
      creativity = 0.05;
    } else if (!lemma.empty() && (!lexicon.is_noun(normal) || noun_form) && !headword_noun) {
      // KATZE: not "a form of Katz"; DECKE: not "a form of Deck". A form read as a noun's is
      // spelled as one (ORTE, listed only as a form of the verb orten: »Orte«, of »Ort«).
      const std::string form_shown =
          is_capitalised(lemma_shown) && !is_capitalised(lexicon.display(normal))
              ? in_guillemets(capitalised(lexicon.display(normal), normal))
              : shown;
      first = form_shown + " ist eine Form von " + in_guillemets(lemma_shown) + ", " + words.dative + ".";
      creativity = 0.05;
    } else if (!analysis.listed) {
      first = shown + " ist eine Zusammensetzung, die das Wörterbuch erlaubt.";
      creativity = 0.5;
      // No prose has it, yet no split into known words explains it (ERBAU): as rare as the
      // word Hunspell names last, not as rare as a word nobody writes.
      if (const std::string head = morphology ? morphology->read(normal).head : std::string();
          !head.empty())
        r = rarity(head, lemma_of(head, morphology), lexicon, counts, morphology);
    } else if (r >= 0.75 && sound.beauty >= 0.6) {
      first = shown + " ist selten und klangvoll.";
      said_beautiful = true;
    } else {
      first = shown + " ist " + words.neuter + ".";
    }
  }
  creativity = std::min(1.0, creativity + std::min(0.3, 0.15 * sound.rare_letters.size()));
  const double length = std::min(5.0, std::max(0.0, static_cast<double>(utf8_letters(normal).size()) - 5));
  const double total = 20 + 36 * r + 22 * sound.beauty + 17 * creativity + length;
  const int score = std::clamp(static_cast<int>(std::lround(total)), 11, 100);
  std::string second = sound_sentence(sound, said_beautiful);
  return {std::string(word), score, second.empty() ? first : first + " " + second};
}

}  // namespace wordhall::judge
