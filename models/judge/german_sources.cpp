#include "models/judge/german_sources.hpp"

#include <future>
#include <utility>

namespace wordhall::judge {

german_sources load_german_sources(const german_source_paths& paths) {
  // The reference works and the prose need nothing else, so they load on threads of their own
  // while this one reads the word list and Hunspell's dictionary; the names need all of them.
  auto headwords_loaded = std::async(std::launch::async, [&paths] {
    return german_headwords::load(paths.thesaurus, paths.translations);
  });
  auto counts_loaded = std::async(std::launch::async, [&paths] {
    auto counts = german_word_counts::load(paths.corpus);
    // The dictionary's German is counted beside the prose (german_word_counts.hpp); without
    // the prose the judge rates by compounds alone, as it always has.
    result<void> dictionary = counts ? counts->add_dictionary(paths.translations) : result<void>{};
    return std::pair{std::move(counts), std::move(dictionary)};
  });
  const std::string& hunspell_base = paths.hunspell_base;
  german_sources out;
  auto morphology = hunspell_morphology::open(hunspell_base);
  if (morphology) out.morphology = std::move(*morphology);
  else out.missing.push_back(morphology.err());
  auto words = german_lexicon::load(paths.word_list,
                                    out.morphology ? hunspell_base + ".dic" : std::string());
  if (words) out.lexicon = std::move(*words);
  else out.missing.push_back(words.err());
  auto headwords = headwords_loaded.get();
  if (headwords) out.headwords = std::make_unique<german_headwords>(std::move(*headwords));
  else out.missing.push_back(headwords.err());
  auto [counts, dictionary] = counts_loaded.get();
  if (counts) out.counts = std::make_unique<german_word_counts>(std::move(*counts));
  else out.missing.push_back(counts.err());
  if (!dictionary) out.missing.push_back(dictionary.err());
  if (out.morphology) {
    auto names = german_names::load(hunspell_base + ".dic", paths.scowl_dir, out.lexicon,
                                    out.counts.get(), out.headwords.get());
    if (names) out.names = std::make_unique<german_names>(std::move(*names));
    else out.missing.push_back(names.err());
  }
  return out;
}

}  // namespace wordhall::judge
