// `wordhall spymaster curate-deck`; usage and exit status are in curate_deck_command.hpp.
#include "tools/wordhall/curate_deck_command.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "tools/wordhall/spymaster_loader.hpp"
#include "tools/wordhall/spymaster_path_options.hpp"
#include "models/codenames/deck_curation.hpp"
#include "models/loaders.hpp"

namespace wordhall {
namespace {

using namespace codenames;

struct curate_options {
  std::string vectors;
  std::string out;
  std::string wordnet = "/usr/share/wordnet";
  std::string exclude = "config/codenames-deck-exclusions.txt";
  size_t size = curation_options{}.size;
};

int run_curate(const curate_options& options) {
  curation_inputs inputs;
  auto wordnet = load_wordnet_lexicon(options.wordnet);
  if (!wordnet) return fail("spymaster curate-deck", wordnet.err());
  inputs.wordnet = std::move(wordnet).value();
  const int level = clue_space_sources{}.scowl_level;
  spymaster_paths paths_only;
  paths_only.vectors = options.vectors;
  auto sources = clue_sources(with_vectors_resolved(paths_only));
  auto words = models::load_word_sources(sources.scowl_dir, level, sources.frequencies,
                                         sources.function_words);
  if (!words) return fail("spymaster curate-deck", words.err());
  inputs.words = std::move(words).value();
  inputs.names = load_scowl_names(sources.scowl_dir, level);
  auto blocked = models::blocklist::load(sources.blocklist);
  if (!blocked) return fail("spymaster curate-deck", blocked.err());
  inputs.blocked = std::move(blocked).value();
  if (!options.exclude.empty()) {
    auto excluded = load_word_list(options.exclude);
    if (!excluded) return fail("spymaster curate-deck", excluded.err());
    inputs.excluded = std::move(excluded).value();
  }
  auto vectors = models::load_vectors(sources.vectors);
  if (!vectors) return fail("spymaster curate-deck", vectors.err());
  inputs.in_vocabulary = [&](std::string_view w) { return vectors->index_of(w).has_value(); };

  curation_options curation;
  curation.size = options.size;
  auto deck = curate_deck(inputs, curation);
  std::ofstream file;
  if (!options.out.empty()) {
    file.open(options.out, std::ios::trunc);
    if (!file)
      return fail("spymaster curate-deck", make_error("io_error", "cannot write " + options.out));
  }
  std::ostream& out = options.out.empty() ? std::cout : file;
  out << "# Codenames deck: " << deck.size() << " common, concrete, ambiguous English nouns.\n"
      << "# Made by `wordhall spymaster curate-deck` (rules: models/codenames/deck_curation.hpp)\n"
      << "# from WordNet 3.0 (Debian wordnet-base), SCOWL up to level " << level
      << ", SUBTLEX counts,\n# config/blocklist.txt, " << options.exclude
      << " and the vocabulary of\n# " << sources.vectors
      << ".\n# Format: models/codenames/codenames_deck.hpp; another deck: --deck FILE.\n";
  for (const auto& w : deck) out << w << "\n";
  if (!options.out.empty()) {
    std::fprintf(stderr, "%s: %zu words\n", options.out.c_str(), deck.size());
  }
  return out.good() ? 0 : 2;
}

}  // namespace

void add_curate_deck_command(CLI::App& spymaster) {
  auto curate = std::make_shared<curate_options>();
  auto* curate_cmd = spymaster.add_subcommand(
      "curate-deck", "Choose the Codenames deck from WordNet, SCOWL and SUBTLEX.");
  curate_cmd->add_option("--out", curate->out, "file to write (default: stdout)");
  curate_cmd->add_option("--size", curate->size, "words wanted (default 400)");
  curate_cmd->add_option("--wordnet", curate->wordnet,
                         "WordNet's dict folder (default /usr/share/wordnet)");
  curate_cmd->add_option("--vectors", curate->vectors,
                         "vectors whose vocabulary the deck must be in");
  curate_cmd->add_option("--exclude", curate->exclude,
                         "words left out by hand (default config/codenames-deck-exclusions.txt)");
  curate_cmd->callback([curate] { throw CLI::RuntimeError(run_curate(*curate)); });
}

}  // namespace wordhall
