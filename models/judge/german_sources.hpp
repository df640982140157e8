// german_sources: the German data the offline judge rates with, loaded together: the word list,
// Hunspell's dictionary, the prose counted and the names told from words (with SCOWL's English
// lists). The server's judge and `wordhall wortkunst rate`
// load them alike, so the command rates as the server would.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/german_names.hpp"
#include "models/judge/german_word_counts.hpp"
#include "models/judge/hunspell_morphology.hpp"

namespace wordhall::judge {

struct german_sources {
  german_lexicon lexicon;                           // empty when the word list cannot be read
  std::unique_ptr<hunspell_morphology> morphology;  // null when the dictionary cannot be read
  std::unique_ptr<german_word_counts> counts;       // null when the prose cannot be read
  std::unique_ptr<german_names> names;              // null when Hunspell or SCOWL cannot be read
  std::vector<error> missing;                       // what could not be read, in that order
};

// Loads `word_list`, Hunspell's `<hunspell_base>.aff/.dic` (whose stems join the list), the
// prose in `corpus` and the names (german_names.hpp, from the .dic and SCOWL's lists in
// `scowl_dir`). Nothing missing stops it: the judge rates without what `missing` names.
german_sources load_german_sources(const std::string& word_list, const std::string& hunspell_base,
                                   const std::string& corpus, const std::string& scowl_dir);

}  // namespace wordhall::judge
