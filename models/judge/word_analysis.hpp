// word_analysis: is a word German, and of what kind: the offline judge's first question.
//
//   known      in the word list (german_lexicon), or a form Hunspell's dictionary accepts as one
//              entry; `lemma` names the dictionary form when the word is an inflected one
//              (TREIBE → treiben, HÄUSER → Haus; but ZIMMER, a listed noun, is no form of zimmern).
//   compound   known parts joined (WINDSPIEL = Wind + Spiel, GEBURTSTAG = Geburt + s + Tag).
//              `listed` tells a compound the list or Hunspell knows (HAUSTÜR) from a new one
//              (QUATSCHWOLKE). A listed word counts as a compound when Hunspell's analysis
//              builds it from parts (without Hunspell: when it splits), its last part ending in
//              the word Hunspell names last (BÜRGER·SAAL for "saal", not BÜRGERS·AAL) and, for a
//              noun, being a noun (BAUSUMMEN is no Bau + summen); a new one needs parts of at
//              least three letters each (in a word Hunspell accepts, a noun of two: TISCH·EI,
//              ÖL·BAUM), a noun as its last part, and the linking elements German uses between
//              parts (linking_elements). A listed word that
//              splits before a suffix German writes like a word (-SCHAFT; in a word that is no
//              noun, -BAR, -LOS, -HAFT, -WEISE, the participle's -END) is derived, so known:
//              LANDSCHAFT is not Land + Schaft, WUNDERBAR not Wunder + Bar, KEIMENDEN not Keim +
//              Enden; an unlisted WEINBAR stays Wein + Bar.
//              A word only the reference works list (german_headwords: PORREE, LABSAL) is known
//              too, or a listed compound when it splits (PUNKTWOLKE); a plural they pair with its
//              singular names it as `lemma` (SCHALOTTEN → Schalotte).
//   unknown    none of these: letter salad such as IRRQYSN, or a word the judge cannot place.
//
// Splitting prefers the fewest parts, then parts that are nouns (LIEBE·S·BRIEF, not LIEBES·BRIEF),
// then a last part that is the word Hunspell names last (FRÜHSTÜCK·S·EI, not FRÜHSTÜCK·SEI),
// then the fewest linking elements, then the longest first part. Parts come without their
// linking elements and as their dictionary form ("Geburt", "Tag"; WINDSPIELE: "Wind", "Spiel";
// SCHREIBTISCH: "schreiben", "Tisch"), a noun in -UNG as itself (EHEBERATUNG: "Beratung", which
// Hunspell derives from beraten).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "models/judge/german_headwords.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/hunspell_morphology.hpp"

namespace wordhall::judge {

enum class word_kind { known, compound, unknown };

struct word_analysis {
  word_kind kind = word_kind::unknown;
  bool listed = false;             // the word list or Hunspell knows the whole word
  std::string lemma;               // known: the dictionary form of an inflected word, else empty
  std::vector<std::string> parts;  // compound: its parts, as the list spells them
  std::vector<std::string> part_words;  // compound: its parts, normalised
};

// `normalised_word`: as normalise_word gives it. `morphology` may be null (tests, or Hunspell's
// dictionary missing): then only the word list is asked; `headwords` may be null too.
word_analysis analyse_word(std::string_view normalised_word, const german_lexicon& lexicon,
                           const hunspell_morphology* morphology,
                           const german_headwords* headwords = nullptr);

// The best split of `normalised_word` into two or more listed words, normalised, empty when
// there is none; with `noun_head`, the last part must be a noun; with `head`, it must end in
// it (Hunspell names a compound's last word: "hof" in BERGGASTHOF, whose last part is GASTHOF).
// With `short_nouns_allowed`, a part may be a noun of two letters (TISCH·EI, ÖL·BAUM). With
// `morphology`, the last part may also be a form Hunspell accepts (WIND·SPIELE).
std::vector<std::string> split_compound(std::string_view normalised_word,
                                        const german_lexicon& lexicon, bool noun_head = true,
                                        const hunspell_morphology* morphology = nullptr,
                                        std::string_view head = {},
                                        bool short_nouns_allowed = false);

// The singular of a plural German marks with an umlaut, which Hunspell files as an entry of its
// own: NÄCHTE → NACHT, WÖRTER → WORT, HÄUSER → HAUS, and without an ending after -ER, -EN, -EL
// (MÜTTER → MUTTER, GÄRTEN → GARTEN, ÄPFEL → APFEL): the umlaut of the last stem vowel undone and
// the ending dropped, when that leaves a listed noun. Empty when none does. Both normalised.
std::string singular_of_umlaut_plural(const std::string& noun, const german_lexicon& lexicon);

// The singular dictionary form of a noun's inflected form `noun`, from Hunspell's reading `lemma`
// of it (both normalised) where Hunspell's entry is no noun's dictionary form: ENDUNGEN is
// ENDUNG's (Hunspell derives it from enden), BÄRINNEN BÄRIN's (Bär), BEIRÄTEN BEIRAT's (Hunspell
// files Beiräte as an entry; the dictionary pairs Beirat {m} | Beiräte {pl}), KATZEN and AKTEN
// the forms of the nouns the dictionary lists, KATZE and AKTE (Hunspell: Katz, Akt). A noun
// Hunspell derives (BÄRIN, BRÄUNUNG, HÜTCHEN) is its own dictionary form: `noun`. Otherwise
// `lemma`.
std::string noun_dictionary_form(const std::string& noun, const std::string& lemma,
                                 const german_lexicon& lexicon, const german_headwords& headwords);

}  // namespace wordhall::judge
