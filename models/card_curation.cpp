#include "models/card_curation.hpp"

#include <fstream>
#include <iterator>
#include <optional>

#include "events/json_read.hpp"

namespace wordhall::models {
result<std::unordered_set<std::string>> load_profanity(const std::vector<std::string>& paths) {
  std::unordered_set<std::string> out;
  for (auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
      return make_error("missing_profanity_list", "cannot read " + path + " (npm naughty-words)");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto doc = json_document::parse(text);
    if (!doc || !doc->root().is_array())
      return make_error("bad_profanity_list", path + ": expected a JSON array of words");
    for (auto entry : array_of(doc->root())) {
      if (!entry.is_string()) continue;
      std::string word = fold_case(std::string_view(entry.get_string().value()));
      if (word.find(' ') == std::string::npos) out.insert(word);
    }
  }
  return out;
}

result<std::unordered_set<std::string>> load_capitalised(const std::string& frequencies) {
  std::ifstream in(frequencies);
  if (!in) return make_error("missing_frequencies", "cannot read " + frequencies);
  std::unordered_set<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] >= 'A' && line[0] <= 'Z')
      out.insert(fold_case(line.substr(0, line.find('\t'))));
  return out;
}

vectorcards::deal_words curate_deal_words(const std::vector<std::string>& deck,
                                          const curation_sources& sources,
                                          const curation_options& options) {
  vectorcards::deal_words out;
  const auto& lexicon = sources.lexicon;
  for (auto& word : deck) {
    if (!lexicon.is_lemma(word) || lexicon.is_inflection(word)) continue;
    if (sources.profanity.count(word) || sources.names.count(word) || sources.blocked.blocks(word))
      continue;
    if (sources.excluded && sources.excluded->blocks(word)) continue;
    if (lexicon.is_low_register(word)) continue;
    out.cards.push_back(word);
    if (out.subjects.size() < options.subjects && lexicon.is_concrete_noun(word))
      out.subjects.push_back(word);
  }
  return out;
}

result<vectorcards::deal_words> load_deal_words(const curation_paths& paths,
                                                const std::vector<std::string>& deck,
                                                const blocklist& blocked,
                                                const curation_options& options) {
  auto lexicon = wordnet_lexicon::load(paths.wordnet_dir);
  if (!lexicon) return lexicon.err();
  auto profanity = load_profanity(paths.profanity);
  if (!profanity) return profanity.err();
  auto names = load_capitalised(paths.frequencies);
  if (!names) return names.err();
  std::optional<blocklist> excluded;
  if (!paths.card_exclusions.empty()) {
    auto loaded = blocklist::load(paths.card_exclusions);
    if (!loaded) return loaded.err();
    excluded = std::move(*loaded);
  }
  return curate_deal_words(deck,
                           {*lexicon, *profanity, *names, blocked, excluded ? &*excluded : nullptr},
                           options);
}

std::string profanity_list(const std::string& naughty_words_dir, const std::string& language) {
  return naughty_words_dir + "/" + language + ".json";
}

curation_paths default_curation_paths(const std::string& wordnet_dir,
                                      const std::string& naughty_words_dir,
                                      const std::string& frequencies,
                                      const std::string& card_exclusions) {
  curation_paths paths;
  paths.card_exclusions = card_exclusions;
  paths.wordnet_dir = wordnet_dir;
  for (const char* language : {"en", "nl", "de"})
    paths.profanity.push_back(profanity_list(naughty_words_dir, language));
  paths.frequencies = frequencies;
  return paths;
}

}  // namespace wordhall::models
