// german_headwords: German words that two reference works list and the spelling list may lack:
// PORREE, MARINADE, LABSAL, MINNE, PLUNDER, AZUBI, JEIN, and plurals such as SCHALOTTEN.
//
// Sources, both from Debian:
//   OpenThesaurus (mythes-de: /usr/share/mythes/th_de_DE_v2.dat), about 73,000 single words in
//     its synonym sets. A line is "-|Porree|Lauch (Hauptform)|Allium porrum (fachspr.)", or a
//     header "word|number of sets"; every term of a set line that is one word (letters only,
//     after its labels in parentheses are dropped) is taken, unless a label marks it as another
//     language's (engl., franz., lat., ital., span., griech., niederl.: "Source (engl.)").
//   The TU Chemnitz German-English dictionary (trans-de-en: /usr/share/trans/de-en), whose German
//     side lists nouns with their gender and plural and adjectives and adverbs tagged as such:
//     "Edelzwiebel {f}; Schalotte {f} [bot.] | Edelzwiebeln {pl}; Schalotten {pl} :: shallot".
//     Groups after the first (" | ") hold plurals, kinds and phrases ("Fehde {f} | Fehden {pl} |
//     Bandenfehde {f} | mit jdm. in Fehde liegen"). A word followed by {m}, {f}, {n}, {pl}, {adj}
//     or {adv} (with nothing but labels in brackets or parentheses around it), in any group, is
//     taken; a place ([geogr.]) or a people ("She {pl} [soc.]") is not, since a name is no word. A
//     group of {pl} words as long as the group before it gives each plural the singular in its
//     position (SCHALOTTEN → Schalotte).
// Its verbs list their forms after the infinitive, each group's alternatives in the order of the
// infinitives: "verfahren; vorgehen {vi} | verfahrend | verfahren | er/sie verfährt | ich/er/sie
// verfuhr | ...". A finite form (after its pronoun: "ich/er/sie verfuhr", "er/sie verkriecht sich")
// and a participle of one word give the infinitive they belong to: what Hunspell, which files a
// strong verb's past stem as an entry of its own (fuhr, gab, kroch), cannot.
// The dictionary's places, single words labelled [geogr.] in an entry whose English side is
// capitalised (a name: "Köln {n} [geogr.] :: Cologne", not "Stratosphäre {f} [geogr.] ::
// stratosphere"), are kept apart: no words, but what german_names takes for names.
// Entries need three letters and no capital after the first (no abbreviations or brands: IOC,
// SUV). Words keep their listed spelling for display (Porree); a word with ß is also kept as tiles
// spell it (without ß). The judge asks these only for a whole word, never for a compound's part:
// both works list many rare short words (Arax, Loir) that would otherwise turn letter salad into
// compounds.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"

namespace wordhall::judge {

class german_headwords {
 public:
  german_headwords() = default;
  // Reads OpenThesaurus's .dat at `thesaurus` and the dictionary at `translations`;
  // `judge_headwords_missing` when either cannot be read.
  static result<german_headwords> load(const std::string& thesaurus, const std::string& translations);
  // From the two files' text (for tests).
  static german_headwords from_text(std::string_view thesaurus, std::string_view translations);

  // `normalised_word` (as normalise_word gives it) is listed.
  bool contains(std::string_view normalised_word) const;
  // The word as listed (PORREE → "Porree"); empty when it is not.
  std::string display(std::string_view normalised_word) const;
  // The listed singular of a listed plural (SCHALOTTEN → "Schalotte"); empty for any other word.
  std::string singular(std::string_view normalised_word) const;
  // The dictionary lists it as a noun of one gender: a noun in its dictionary form (DECKE, TRÄNE,
  // which the spelling list has only in lower case, as forms of decken and tränen; AKTE, a file,
  // though also Akt's plural). Not a plural alone, nor an adjective used as a noun, which it
  // lists as {m,f} (Vertraute, Abwesende).
  bool is_noun(std::string_view normalised_word) const;
  // The dictionary lists it as a place (above), and nowhere as a word of another kind (MÜNCHEN,
  // KÖLN; not ROM, also "Rom {m}", a Roma man).
  bool is_place(std::string_view normalised_word) const;
  // The infinitive whose form the dictionary lists `normalised_form` as (VERFUHR → "verfahren",
  // GING → "gehen", GEFAHREN → "fahren"), participles only when `participles` and not listed as
  // adjectives too (BESONNEN, BESORGT are words of their own); a form after the
  // prefix ver- or un- or a separable verb's particle gives its verb with the prefix when the
  // dictionary lists that verb (VERDROSCH → "verdreschen", ABSANK → "absinken"). Empty for an
  // infinitive itself and for any other word.
  std::string infinitive(std::string_view normalised_form, bool participles) const;
  std::size_t size() const { return words_.size(); }

 private:
  struct entry {
    std::string spelling;  // as listed; a capital wins over lower case (a noun)
    std::string singular;  // for a plural: its singular as listed
    bool noun = false;  // the dictionary gives it one gender: {m}, {f} or {n}
    bool in_dictionary = false;  // the dictionary lists it (not only the thesaurus)
  };
  void add(std::string_view spelling, bool in_dictionary, bool noun = false,
           std::string_view singular = {});
  void add_thesaurus(std::string_view text);
  void add_places(std::string_view first_group);
  void add_translations(std::string_view text);
  void add_verb_forms(const std::vector<std::string_view>& groups);
  std::string listed_infinitive(const std::string& normalised_form, bool participles) const;
  std::unordered_map<std::string, entry> words_;  // by normalised word
  std::unordered_set<std::string> places_;        // normalised, and as tiles spell them
  struct verb_form {
    std::string infinitive;  // as listed
    bool participle = false;
  };
  std::unordered_map<std::string, verb_form> verb_forms_;  // by normalised form; the first listed
  std::unordered_set<std::string> infinitives_;            // normalised
};

}  // namespace wordhall::judge
