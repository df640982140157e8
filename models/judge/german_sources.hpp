// german_sources: the German data the offline judge rates with, loaded together: the word list,
// Hunspell's dictionary, the reference works' headwords, the prose counted and the names told
// from words (with SCOWL's English lists). The server's judge and `wordhall wortkunst rate`
// load them alike, so the command rates as the server would.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/judge/german_headwords.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/german_names.hpp"
#include "models/judge/german_word_counts.hpp"
#include "models/judge/hunspell_morphology.hpp"

namespace wordhall::judge {

// Where the data lies; the defaults are where Debian's packages put it.
struct german_source_paths {
  std::string word_list = "/usr/share/dict/ngerman";        // wngerman
  std::string hunspell_base = "/usr/share/hunspell/de_DE";  // hunspell-de-de (.aff/.dic)
  std::string thesaurus = "/usr/share/mythes/th_de_DE_v2.dat";  // mythes-de (OpenThesaurus)
  std::string translations = "/usr/share/trans/de-en";      // trans-de-en
  std::string corpus = "/usr/share/games/fortunes/de";      // fortunes-de: prose counted
  std::string scowl_dir = "/usr/share/dict/scowl";          // scowl: English lists of names
};

struct german_sources {
  german_lexicon lexicon;                           // empty when the word list cannot be read
  std::unique_ptr<hunspell_morphology> morphology;  // null when the dictionary cannot be read
  std::unique_ptr<german_headwords> headwords;      // null when a reference work cannot be read
  std::unique_ptr<german_word_counts> counts;       // null when the prose cannot be read
  std::unique_ptr<german_names> names;              // null when Hunspell or SCOWL cannot be read
  std::vector<error> missing;                       // what could not be read, in that order
};

// Loads the word list, Hunspell's `<hunspell_base>.aff/.dic` (whose stems join the list), the
// thesaurus's and the dictionary's headwords, the prose and the names (german_names.hpp, from the
// .dic and SCOWL's lists). Nothing missing stops it: the judge rates without what `missing` names.
// The reference works and the prose are read on two threads of their own.
german_sources load_german_sources(const german_source_paths& paths);

}  // namespace wordhall::judge
