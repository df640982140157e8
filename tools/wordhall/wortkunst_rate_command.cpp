// `wordhall wortkunst rate`; usage in wortkunst_rate_command.hpp.
#include "tools/wordhall/wortkunst_rate_command.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "models/judge/german_sources.hpp"
#include "models/judge/judge.hpp"
#include "models/judge/offline_judge.hpp"

namespace wordhall {
namespace {

struct rate_options {
  std::vector<std::string> words;
  bool json = false;
  bool timing = false;
  judge::german_source_paths paths;
};

void rate(const rate_options& options) {
  auto started = std::chrono::steady_clock::now();
  const auto german = judge::load_german_sources(options.paths);
  for (auto& missing : german.missing) std::cerr << "wortkunst rate: " << missing.message << "\n";
  if (options.timing) {
    std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - started;
    std::cerr << "wortkunst rate: " << german.lexicon.size() << " words, Hunspell and "
              << (german.counts ? german.counts->total() : 0) << " words of prose, "
              << (german.counts ? german.counts->dictionary_total() : 0)
              << " of the dictionary's entries and "
              << (german.names ? german.names->size() : 0) << " names and "
              << (german.headwords ? german.headwords->size() : 0) << " headwords loaded in "
              << static_cast<long>(took.count()) << " ms\n";
  }

  json_writer out;
  out.begin_array();
  for (auto& word : options.words) {
    auto rating = judge::offline_rating(word, german.lexicon, german.morphology.get(), german.counts.get(),
                                         german.names.get(), german.headwords.get());
    if (options.json)
      out.begin_object()
          .field("word", rating.word)
          .field("score", rating.score)
          .field("explanation", rating.explanation)
          .end_object();
    else
      std::cout << rating.word << "\t" << rating.score << "\t" << rating.explanation << "\n";
  }
  out.end_array();
  if (options.json) std::cout << out.take() << "\n";
  std::cout << std::flush;
}

}  // namespace

void add_wortkunst_rate_command(CLI::App& wortkunst) {
  auto options = std::make_shared<rate_options>();
  auto* command = wortkunst.add_subcommand(
      "rate", "Print the offline judge's rating and explanation of each word.");
  command->add_option("words", options->words, "the words to rate")->required();
  command->add_flag("--json", options->json, "print [{\"word\",\"score\",\"explanation\"},…]");
  command->add_flag("--timing", options->timing, "print the load time of the judge's data on stderr");
  auto& paths = options->paths;
  command->add_option("--words", paths.word_list, "the word list (default: the judge's)");
  command->add_option("--hunspell", paths.hunspell_base,
                      "the Hunspell dictionary without .aff/.dic (default: the judge's)");
  command->add_option("--thesaurus", paths.thesaurus,
                      "OpenThesaurus's .dat, whose words count as known (default: the judge's)");
  command->add_option("--translations", paths.translations,
                      "the German-English dictionary, whose nouns, adjectives and adverbs count as "
                      "known (default: the judge's)");
  command->add_option("--corpus", paths.corpus,
                      "the folder of German prose counted (default: the judge's)");
  command->add_option("--scowl", paths.scowl_dir,
                      "SCOWL's English word lists, which tell names from words (default: the judge's)");
  command->callback([options] {
    rate(*options);
    throw CLI::RuntimeError(0);
  });
}

}  // namespace wordhall
