// german_names: the proper names among the words the offline judge knows (first names, surnames,
// places, brands: ANNA, RENATE, GOETHE, BERLIN), which a word game does not count as words.
//
// Nothing installed marks a German name as one: wngerman and Hunspell's German dictionary
// (igerman98) list Renate as they list Rose. A stem is taken for a name when three sources agree:
//   1. Its shape in Hunspell's dictionary: written with a capital and carrying only the flags a
//      name takes: S (the genitive's -s: Renates), M (the diminutive: Peterchen), m (lower case
//      at a compound's end: Ostberlin), or none, and for a well-known name (2) R (the
//      inhabitant's -er: Londoner); a noun takes a plural (Rose/N, Ei/R: Eier). Mass nouns
//      (Kummer, Roggen), loan words (Cola) and plurals (Alben) share the shape, hence 2 and 3.
//   2. SCOWL's English lists spell it as a name: proper-names or upper (capitalised entries), of
//      any variety. Up to level 70 these are well-known names. Levels 80 and 95 also hold German
//      surnames that are German nouns (Kummer, Mohn, Roggen), so a stem found only there must
//      also take the genitive -s (or end in s, x, z), have no m and build fewer than two listed
//      compounds (german_lexicon::family_size).
//   3. It is no common word: not lower-case in SCOWL's English word lists up to level 60 (Metro,
//      Cola, Pop, Yen); not used as a noun in German prose, after a determiner at least twice and
//      in at least a quarter of its uses ("die Uni", "ein Porsche"); and not one of the few nouns
//      the rule still takes for names (common_nouns in the .cpp: Handel, Klee, Essen, Bernstein).
// A name only German uses (Uwe, Jürgen, Silke, Köpenick) is in no English list; given the reference
// works' headwords (german_headwords), a stem is also taken for a name when Hunspell gives it the
// genitive alone (flag S), neither reference work lists it, it is no compound of listed words and
// it passes 3; and a stem of a name's shape (1) that the German-English dictionary lists as a
// place and as nothing else (München, Köln, Hamburg: English spells them otherwise or lists
// them in lower case; not Rom, also a Roma man, nor Bayern, also Bavarians) is a name unless it
// is one of the listed nouns. Built from the files once; then a lookup in a set.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

#include "events/result.hpp"
#include "models/judge/german_headwords.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/german_word_counts.hpp"

namespace wordhall::judge {

class german_names {
 public:
  german_names() = default;
  // From Hunspell's `hunspell_dic` and SCOWL's lists in `scowl_dir`, as above; `lexicon` counts
  // compounds, `counts` (may be null: no prose check) the prose's uses and `headwords` (may be
  // null: no names only German knows) the reference works' words.
  // `judge_hunspell_missing` or `judge_names_missing` when a source cannot be read.
  static result<german_names> load(const std::string& hunspell_dic, const std::string& scowl_dir,
                                   const german_lexicon& lexicon, const german_word_counts* counts,
                                   const german_headwords* headwords = nullptr);

  // `normalised_word` (as normalise_word gives it) is a name's stem.
  bool contains(std::string_view normalised_word) const;
  // The name `normalised_word` is, or a name's genitive (ANNAS: "ANNA"); empty when none.
  std::string name_of(std::string_view normalised_word) const;
  std::size_t size() const { return names_.size(); }

 private:
  std::unordered_set<std::string> names_;
};

}  // namespace wordhall::judge
