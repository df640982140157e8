// `wordhall embeddings build-ppmi`; usage and exit status are in ppmi_command.hpp.
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
#include "models/vector_file.hpp"
#include "tools/wordhall/command_failure.hpp"

namespace wordhall {
namespace {

enum class text_source { wordnet_glosses, gcide };

struct build_ppmi_options {
  text_source source = text_source::wordnet_glosses;
  std::string command_name;  // "embeddings build-ppmi", for errors
  std::string out;
  std::string wordnet = "/usr/share/wordnet";
  std::string gcide = "/usr/share/dictd/gcide.dict.dz";
  std::string stop_words = "config/function-words.txt";
  codenames::ppmi_options ppmi;
};

int run_build_ppmi(const build_ppmi_options& options) {
  const std::string_view ppmi_command_name = options.command_name;
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
  const bool from_gcide = options.source == text_source::gcide;
  auto text = from_gcide ? codenames::read_gcide_corpus(options.gcide, std::move(stop_words))
                         : codenames::read_wordnet_corpus(options.wordnet, std::move(stop_words));
  if (!text) return fail(ppmi_command_name, text.err());
  auto log = [&](const std::string& line) {
    std::fprintf(stderr, "%6.1f s  %s\n", seconds(), line.c_str());
  };
  log("read " + (from_gcide ? options.gcide : options.wordnet) + ": " +
      std::to_string(text->sentence_ends.size()) + (from_gcide ? " paragraphs" : " synsets"));
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

// The options both commands share.
void add_ppmi_options(CLI::App& cmd, build_ppmi_options& options) {
  cmd.add_option("--out", options.out, "compact vectors file to write")->required();
  cmd.add_option("--dims", options.ppmi.dimensions, "dimensions (default 100)");
  cmd.add_option("--window", options.ppmi.window, "co-occurrence window, each side (default 5)");
  cmd.add_option("--min-count", options.ppmi.min_count,
                 "fewest occurrences a word needs (default 5)");
  cmd.add_option("--smoothing", options.ppmi.smoothing,
                 "context distribution smoothing exponent (default 0.75)");
  cmd.add_option("--stop-words", options.stop_words,
                 "words left out, one a line (default config/function-words.txt; \"\" for none)");
  cmd.add_option("--seed", options.ppmi.seed, "seed of the randomized SVD (default 1)");
}

}  // namespace

void add_build_ppmi_command(CLI::App& embeddings) {
  auto options = std::make_shared<build_ppmi_options>();
  options->command_name = "embeddings build-ppmi";
  auto* cmd = embeddings.add_subcommand(
      "build-ppmi",
      "Count word vectors from WordNet's glosses: PPMI with context smoothing, "
      "then a truncated SVD, written as a compact file.");
  add_ppmi_options(*cmd, *options);
  cmd->add_option("--wordnet", options->wordnet,
                  "WordNet's dict folder (default /usr/share/wordnet)");
  cmd->callback([options] { throw CLI::RuntimeError(run_build_ppmi(*options)); });
}

void add_build_gcide_command(CLI::App& embeddings) {
  auto options = std::make_shared<build_ppmi_options>();
  options->source = text_source::gcide;
  options->command_name = "embeddings build-gcide";
  auto* cmd = embeddings.add_subcommand(
      "build-gcide",
      "Count word vectors from the Collaborative International Dictionary of English "
      "(Webster's 1913, Debian's dict-gcide): PPMI, then a truncated SVD, as a compact file.");
  add_ppmi_options(*cmd, *options);
  cmd->add_option("--gcide", options->gcide,
                  "the dictionary's text (default /usr/share/dictd/gcide.dict.dz)");
  cmd->callback([options] { throw CLI::RuntimeError(run_build_ppmi(*options)); });
}

}  // namespace wordhall
