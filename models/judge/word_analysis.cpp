#include "models/judge/word_analysis.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <optional>
#include <tuple>

#include "events/text.hpp"
#include "models/judge/word_rating.hpp"
#include "models/judge/word_sound.hpp"

namespace wordhall::judge {
namespace {

constexpr std::size_t min_part_letters = 3;

// German compounds with the few nouns of two letters (TISCH·EI, ÖL·BAUM); a split takes them
// only for a word Hunspell accepts, so that no two-letter word turns letter salad into a compound.
constexpr std::size_t min_short_part_letters = 2;

// A noun with a vowel sound: not NR or ST, abbreviations.
bool is_short_noun(std::string_view part, const german_lexicon& lexicon) {
  return lexicon.is_noun(part) && hear(part).syllables > 0;
}

struct split_choice {
  std::size_t parts = 0, odd_parts = 0, links = 0;  // odd: a part before the last that is no noun
  std::size_t other_head = 0;  // 1 when the last part is not the very word Hunspell names last
  std::size_t first_end = 0;   // letter index where the first part ends
  std::size_t next = 0;        // letter index where the next part starts
};

// FRÜHSTÜCK·S·EI, as Hunspell reads it, before FRÜHSTÜCK·SEI, which only ends in its head.
bool better(const split_choice& a, const std::optional<split_choice>& b) {
  if (!b) return true;
  return std::make_tuple(a.parts, a.odd_parts, a.other_head, a.links, b->first_end) <
         std::make_tuple(b->parts, b->odd_parts, b->other_head, b->links, a.first_end);
}

// German writes some suffixes like words: -SCHAFT makes nouns (LANDSCHAFT, MANNSCHAFT), -BAR,
// -LOS, -HAFT and -WEISE adjectives and adverbs (WUNDERBAR, ARBEITSLOS, ZAUBERHAFT, TEILWEISE),
// -END present participles (KEIMENDEN, VORTRAGENDE). A known word whose split ends in one is
// derived, not built of Land and Schaft, Wunder and Bar or Keim and Enden; but a noun may end in
// the nouns Bar, Los, Haft, Weise and Ende (WEINBAR, FREILOS, EINZELHAFT, WOCHENENDE), and a
// noun or not, the suffix may carry an inflection (LANDSCHAFTEN, ZAUBERHAFTE).
constexpr std::string_view suffix_endings[] = {"", "E", "EN", "ER", "ES", "EM", "N"};

bool ends_in_suffix(std::string_view last_part, bool word_is_noun) {
  auto is = [&](std::string_view suffix) {
    if (last_part.rfind(suffix, 0) != 0) return false;
    auto ending = last_part.substr(suffix.size());
    return std::find(std::begin(suffix_endings), std::end(suffix_endings), ending) !=
           std::end(suffix_endings);
  };
  if (is("SCHAFT")) return true;
  if (word_is_noun) return false;
  return is("BAR") || is("LOS") || is("HAFT") || is("WEISE") || is("END");
}

// The adjective in -BAR, -LOS or -HAFT that `word` is a form of, with an adjective's ending or
// none, its comparative's or superlative's too (ABZIEHBAREN, HILFLOSEREN: ABZIEHBAR, HILFLOS):
// an adjective made of a verb or noun, a word of its own rather than a form of it. Empty when
// the word ends in none.
std::string adjective_in_suffix(std::string_view word) {
  static constexpr std::string_view endings[] = {
      "",    "E",   "EN",   "ER",   "ES",   "EM",   "ERE",  "EREN", "ERER", "ERES", "EREM",
      "STE", "STEN", "STER", "STES", "STEM", "ESTE", "ESTEN", "ESTER", "ESTES", "ESTEM"};
  for (std::string_view suffix : {"BAR", "LOS", "HAFT"}) {
    const auto at = word.rfind(suffix);
    if (at == std::string_view::npos || at == 0) continue;
    const auto rest = word.substr(at + suffix.size());
    if (std::find(std::begin(endings), std::end(endings), rest) != std::end(endings))
      return std::string(word.substr(0, at + suffix.size()));
  }
  return {};
}

// The infinitive of a present participle the word list has but Hunspell does not derive
// (KEIMENDEN → keimen, ENTSCHEIDEND → entscheiden), as the list spells it, when the list also
// has the verb's first person (KEIME, ENTSCHEIDE); empty when none. A noun in -END is none
// (ABEND, GEGEND, LEGENDE), nor is ANWESEND a form of the noun Anwesen.
std::string participle_infinitive(std::string_view word, const german_lexicon& lexicon) {
  if (lexicon.is_noun(word)) return {};
  for (std::string_view ending : {"ENDEN", "ENDER", "ENDES", "ENDEM", "ENDE", "END"}) {
    if (!ends_with(word, ending) || word.size() < ending.size() + 3) continue;
    const std::string stem(word.substr(0, word.size() - ending.size()));
    if (!lexicon.contains(stem + "EN") || !lexicon.contains(stem + "E")) return {};
    // The verb, in lower case though the list also has the noun (Entscheiden).
    std::string verb = lexicon.display(stem + "EN");
    for (auto [upper, lower] : {std::pair{"Ä", "ä"}, {"Ö", "ö"}, {"Ü", "ü"}})
      if (verb.rfind(upper, 0) == 0) return lower + verb.substr(std::string_view(upper).size());
    if (!verb.empty() && verb[0] >= 'A' && verb[0] <= 'Z')
      verb[0] = static_cast<char>(verb[0] - 'A' + 'a');
    return verb;
  }
  return {};
}

std::string without_umlauts(std::string text) {
  for (auto [umlaut, vowel] : {std::pair{"Ä", "A"}, std::pair{"Ö", "O"}, std::pair{"Ü", "U"}})
    for (auto at = text.find(umlaut); at != std::string::npos; at = text.find(umlaut))
      text.replace(at, std::strlen(umlaut), vowel);
  return text;
}

// The infinitive the dictionary names for a subjunctive Hunspell files under a stem of its own
// (KÄME and KÄMEN under kämen; `stem`, already looked up as it is): the dictionary lists the
// singular as a finite form ("ich/er/sie käme" under kommen), so the word, or the singular of a
// form in -EN, is looked up as one; else the past stem the umlaut and the E were added to
// (FÄNDE, FÄNDEN: fand, of finden).
std::string subjunctive_infinitive(std::string_view word, std::string_view stem,
                                   const german_headwords& headwords) {
  std::string singular(word);
  if (ends_with(singular, "EN")) singular.pop_back();
  for (std::string_view form : {std::string_view(word), std::string_view(singular)})
    if (auto verb = headwords.infinitive(form, false); !verb.empty()) return verb;
  if (ends_with(stem, "EN"))
    if (auto verb = headwords.infinitive(stem.substr(0, stem.size() - 1), false); !verb.empty())
      return verb;
  if (!ends_with(singular, "E")) return {};
  singular.pop_back();
  const std::string past = without_umlauts(singular);
  return past != singular ? headwords.infinitive(past, false) : std::string();
}

}  // namespace

std::vector<std::string> split_compound(std::string_view word, const german_lexicon& lexicon,
                                        bool noun_head, const hunspell_morphology* morphology,
                                        std::string_view head, bool short_nouns_allowed) {
  auto letters = utf8_letters(word);
  const std::size_t n = letters.size();
  const std::size_t min_letters = short_nouns_allowed ? min_short_part_letters : min_part_letters;
  if (n < 2 * min_letters || lexicon.size() == 0) return {};
  auto offset = [&](std::size_t i) {
    return i == n ? word.size() : static_cast<std::size_t>(letters[i].data() - word.data());
  };
  auto span = [&](std::size_t from, std::size_t to) {
    return word.substr(offset(from), offset(to) - offset(from));
  };
  // best[i]: the best split of the letters from i to the end into one or more parts.
  std::vector<std::optional<split_choice>> best(n + 1);
  best[n] = split_choice{};
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t end = i + min_letters; end <= n; ++end) {
      if (i == 0 && end == n) continue;  // the whole word is no compound of itself
      auto part = span(i, end);
      if (end - i < min_part_letters && !is_short_noun(part, lexicon)) continue;
      if (end == n && !ends_with(part, head)) continue;
      bool known = lexicon.contains(part), noun = known && lexicon.is_noun(part);
      if (!noun && end == n && morphology) {  // an inflected last part: SPIELE, or TAGE (tagen, Tag)
        auto reading = morphology->read(part);
        const bool inflected = reading.accepted && !reading.compound && !reading.lemma.empty();
        noun = inflected && is_capitalised(reading.lemma);
        known = known || inflected;
      }
      if (!known) continue;
      if (end == n && noun_head && !noun) continue;
      for (auto link : linking_elements) {
        std::size_t next = end + utf8_letters(link).size();
        if (next > n || (!link.empty() && (next == n || span(end, next) != link))) continue;
        if (!best[next]) continue;
        split_choice c{best[next]->parts + 1, best[next]->odd_parts + (next < n && !noun ? 1 : 0),
                       best[next]->links + (link.empty() ? 0 : 1),
                       best[next]->other_head + (end == n && !head.empty() && part != head ? 1 : 0),
                       end, next};
        if (better(c, best[i])) best[i] = c;
      }
    }
  }
  if (!best[0] || best[0]->parts < 2) return {};
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < n;) {
    parts.emplace_back(span(i, best[i]->first_end));
    i = best[i]->next;
  }
  return parts;
}

std::string singular_of_umlaut_plural(const std::string& noun, const german_lexicon& lexicon) {
  static constexpr std::pair<std::string_view, std::string_view> umlauts[] = {
      {"ÄU", "AU"}, {"Ä", "A"}, {"Ö", "O"}, {"Ü", "U"}};
  for (std::string_view ending : {"ER", "E", "EN", ""}) {
    if (!ends_with(noun, ending)) continue;
    if (ending.empty() && !ends_with(noun, "ER") && !ends_with(noun, "EN") && !ends_with(noun, "EL"))
      continue;
    std::string singular = noun.substr(0, noun.size() - ending.size());
    // The last umlaut; ÄU before the Ä it starts with.
    std::size_t at = std::string::npos;
    const std::pair<std::string_view, std::string_view>* undo = nullptr;
    for (auto& umlaut : umlauts) {
      auto found = singular.rfind(umlaut.first);
      if (found != std::string::npos && (at == std::string::npos || found > at)) at = found, undo = &umlaut;
    }
    if (!undo) return {};
    singular.replace(at, undo->first.size(), undo->second);
    if (lexicon.is_noun(singular)) return singular;
  }
  return {};
}

std::string noun_dictionary_form(const std::string& noun, const std::string& lemma,
                                 const german_lexicon& lexicon, const german_headwords& headwords) {
  for (auto [plural, singular] : {std::pair{"INNEN", "IN"}, std::pair{"UNGEN", "UNG"}}) {
    if (!ends_with(noun, plural)) continue;
    const std::string one = noun.substr(0, noun.size() - std::strlen(plural)) + singular;
    if (lexicon.is_noun(one)) return one;
  }
  for (std::string_view derived : {"IN", "UNG"})
    if (ends_with(noun, derived)) return noun;
  // A diminutive: what is left before -CHEN or -LEIN is the lemma, umlaut and all (HÜT·CHEN: Hut,
  // HÄS·CHEN: Hase), not its beginning (WO·CHEN is Woche's plural, BRÜ·CHEN Bruch's dative).
  for (std::string_view ending : {"CHEN", "CHENS", "LEIN", "LEINS"}) {
    if (!ends_with(noun, ending)) continue;
    const std::string stem = without_umlauts(noun.substr(0, noun.size() - ending.size()));
    const std::string base = without_umlauts(lemma);
    const auto stem_letters = utf8_letters(stem).size(), base_letters = utf8_letters(base).size();
    if ((stem.rfind(base, 0) == 0 && base_letters >= 2) ||
        (base.rfind(stem, 0) == 0 && stem_letters + 1 >= base_letters)) {
      const std::string genitive_of = noun.substr(0, noun.size() - 1);  // BÄRCHENS: Bärchen
      return ending.back() == 'S' && lexicon.is_noun(genitive_of) ? genitive_of : noun;
    }
  }
  // An entry that is a plural with an umlaut, as the dictionary pairs it (Beirat {m} | Beiräte
  // {pl}); not a noun of its own (Mörder, Förster, Börde).
  if (auto singular = singular_of_umlaut_plural(lemma, lexicon);
      !singular.empty() && normalise_word(headwords.singular(lemma)) == singular)
    return singular;
  const std::string with_e = lemma + "E";
  if (noun.rfind(with_e, 0) == 0 && headwords.is_noun(with_e)) return with_e;
  return lemma;
}

word_analysis analyse_word(std::string_view word, const german_lexicon& lexicon,
                           const hunspell_morphology* morphology, const german_headwords* headwords) {
  word_analysis out;
  for (auto letter : utf8_letters(word))
    if (letter_index(letter) < 0) return out;  // digits, signs: no German word
  const bool in_list = lexicon.contains(word);
  const hunspell_reading reading = morphology ? morphology->read(word) : hunspell_reading{};
  auto as_compound = [&](std::vector<std::string> parts, bool listed) {
    out.kind = word_kind::compound;
    out.listed = listed;
    for (auto& p : parts) {
      // A part as its dictionary form: WINDSPIELE is Wind + Spiel, KINDERGARTEN Kind + Garten,
      // SCHREIBTISCH schreiben + Tisch; a noun in -E keeps it (the dictionary files KATZE under
      // Katz).
      auto lemma = morphology ? morphology->read(p).lemma : std::string();
      // The reference works know nouns the word list has only in lower case: a plural (TRÄNEN·GAS:
      // Träne), and a noun Hunspell reads as a form of another (BETT·DECKE: Decke, not Deck).
      if (headwords && !lexicon.is_noun(p)) {
        if (auto singular = headwords->singular(p); !singular.empty()) {
          out.parts.push_back(singular);
          continue;
        }
        if (headwords->is_noun(p) && is_capitalised(lemma) && normalise_word(lemma) != p) {
          out.parts.push_back(headwords->display(p));
          continue;
        }
      }
      // A noun part as its singular (EHE·BRÜCHEN: Bruch, not Hunspell's Brüche; EHE·GATTINNEN:
      // Gattin; MORD·PROZESSES: Prozess), with the dictionary at hand; without it, KATZEN is Katz
      // + E = Katze.
      if (headwords && is_capitalised(lemma)) {
        const std::string base = noun_dictionary_form(p, normalise_word(lemma), lexicon, *headwords);
        if (base != normalise_word(lemma)) lemma = lexicon.display(base);
      } else if (const std::string with_e = normalise_word(lemma) + "E";
                 is_capitalised(lemma) && p.rfind(with_e, 0) == 0 && lexicon.is_noun(with_e)) {
        lemma = lexicon.display(with_e);
      }
      // Hunspell derives nouns in -UNG from their verbs (BERATUNG: beraten); the part is the noun.
      const std::string ung = ends_with(p, "UNGEN") ? p.substr(0, p.size() - 2) : p;
      if (ends_with(ung, "UNG") && lexicon.is_noun(ung)) {
        out.parts.push_back(lexicon.display(ung));
        continue;
      }
      bool keep = lemma.empty() || (lexicon.is_noun(p) && !is_capitalised(lemma));
      out.parts.push_back(keep ? lexicon.display(p) : lemma);
    }
    out.part_words = std::move(parts);
    return out;
  };
  // Where Hunspell names the compound's last part, the split's last part ends in it: BÜRGER·SAAL,
  // not BÜRGERS·AAL; BERG·GASTHOF for "hof".
  // Nouns of two letters only in a word no list has: OSTEREI is a word of its own, not Ost + Ei.
  auto split = [&](bool noun_head, bool short_nouns = false) {
    return split_compound(word, lexicon, noun_head, morphology, reading.head, short_nouns);
  };
  auto derived = [&](const std::vector<std::string>& parts) {  // of a listed word
    const bool noun = lexicon.is_noun(word) || is_capitalised(reading.lemma);
    return ends_in_suffix(parts.back(), noun);
  };

  if (in_list || (reading.accepted && !reading.compound)) {
    out.kind = word_kind::known;
    out.listed = true;
    // A listed noun is its own dictionary form (ZIMMER is no form of zimmern, nor VERSTAND of stand).
    if (!(lexicon.is_noun(word) && !is_capitalised(reading.lemma))) out.lemma = reading.lemma;
    // An adjective in -BAR, -LOS or -HAFT is a word of its own, whose forms are its forms
    // (BELEGBARER: belegbar, not Hunspell's belegen).
    // Only where that adjective is listed: VERHAFTE stays a form of verhaften.
    if (const std::string adjective = adjective_in_suffix(word);
        !adjective.empty() && lexicon.contains(adjective) && !lexicon.is_noun(word) &&
        !is_capitalised(out.lemma)) {
      out.lemma = adjective == word ? "" : lexicon.display(adjective);
    }
    // A listed compound: Hunspell builds it from parts (HAUSTÜR), or, without Hunspell, it splits.
    // A present participle is a form of its verb, however the letters split (ABTRENNENDE is
    // abtrennen's, not Abt + rennende).
    const std::string infinitive = out.lemma.empty() ? participle_infinitive(word, lexicon) : "";
    // A listed verb or adjective form Hunspell also reads as one entry's is that form (CHATTEST is
    // chatten's, not Chat + Test).
    const bool built =
        (morphology ? reading.compound && !(reading.plain && !lexicon.is_noun(word))
                    : lexicon.is_noun(word)) &&
        infinitive.empty();
    if (built) {
      // A compound is of its last part's kind: a noun's last part is a noun (BAU·SUMMEN is no
      // Bau that hums).
      auto parts = split(!morphology || lexicon.is_noun(word));
      if (!parts.empty() && !derived(parts)) return as_compound(std::move(parts), true);
    }
    if (out.lemma.empty()) out.lemma = infinitive;
    // A strong verb's form: Hunspell files the past stem as an entry of its own (VERGABT: vergab,
    // GING); the dictionary names the infinitive (vergeben, gehen). A word itself counts only as
    // a finite form: a participle alone is also an adjective (VERBOTEN, GELEGEN).
    if (headwords && !lexicon.is_noun(word) && !is_capitalised(out.lemma)) {
      const std::string form = out.lemma.empty() ? std::string(word) : normalise_word(out.lemma);
      if (auto verb = headwords->infinitive(form, !out.lemma.empty()); !verb.empty())
        out.lemma = verb;
      // A subjunctive Hunspell files under a stem of its own (KÄME, KÄMEN: kämen), which the
      // dictionary lists only in the singular ("ich/er/sie käme" under kommen).
      else if (auto subjunctive = subjunctive_infinitive(word, form, *headwords); !subjunctive.empty())
        out.lemma = subjunctive;
    }
    return out;
  }
  // A word the reference works list, though the spelling list does not: a listed compound when
  // it splits (PUNKTWOLKE), else a word of its own (PORREE) or a listed plural (SCHALOTTEN).
  const bool in_headwords = headwords && headwords->contains(word);
  if (reading.accepted) {  // a compound Hunspell's rules allow, though no list has it (KUCHENWIND)
    auto parts = split(false, !in_headwords);
    if (!parts.empty()) return as_compound(std::move(parts), in_headwords);
    out.kind = word_kind::known;
    out.listed = in_headwords;
    return out;
  }
  auto parts = split(true);
  if (!parts.empty()) return as_compound(std::move(parts), in_headwords);
  if (in_headwords) {
    out.kind = word_kind::known;
    out.listed = true;
    out.lemma = headwords->singular(word);
  }
  return out;
}

}  // namespace wordhall::judge
