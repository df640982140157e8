// `wordhall embeddings build-wordnet-graph`; usage and exit status are in wordnet_graph_command.hpp.
#include "tools/wordhall/wordnet_graph_command.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "models/codenames/graph_vectors.hpp"
#include "models/codenames/wordnet_graph.hpp"
#include "models/vector_file.hpp"
#include "tools/wordhall/command_failure.hpp"

namespace wordhall {
namespace {

constexpr std::string_view graph_command_name = "embeddings build-wordnet-graph";

struct build_graph_options {
  std::string out;
  std::string wordnet = "/usr/share/wordnet";
  codenames::graph_vector_options vectors;
};

int run_build_wordnet_graph(const build_graph_options& options) {
  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  auto log = [&](const std::string& line) {
    std::fprintf(stderr, "%6.1f s  %s\n", seconds(), line.c_str());
  };
  auto graph = codenames::read_wordnet_graph(options.wordnet);
  if (!graph) return fail(graph_command_name, graph.err());
  log("read " + options.wordnet + ": " + std::to_string(graph->synsets.size()) + " synsets, " +
      std::to_string(graph->pointers.size()) + " pointers");
  auto vectors = codenames::graph_vectors(graph.value(), options.vectors, nullptr, log);
  if (!vectors) return fail(graph_command_name, vectors.err());
  auto written =
      models::write_vector_file(vectors.value(), options.out, models::element_type::float32);
  if (!written) return fail(graph_command_name, written.err());
  std::printf("%s: %zu words, %zu dimensions, %.1f s\n", options.out.c_str(), vectors->size(),
              vectors->dimensions(), seconds());
  return 0;
}

}  // namespace

void add_build_wordnet_graph_command(CLI::App& embeddings) {
  auto options = std::make_shared<build_graph_options>();
  auto* cmd = embeddings.add_subcommand(
      "build-wordnet-graph",
      "Word vectors from WordNet's relation graph (no glosses): exact random-walk "
      "co-occurrences, PPMI, then a truncated SVD, written as a compact file.");
  cmd->add_option("--out", options->out, "compact vectors file to write")->required();
  cmd->add_option("--dimensions,--dims", options->vectors.factorisation.dimensions,
                  "dimensions (default 200)");
  cmd->add_option("--walk-weights", options->vectors.walk_weights,
                  "weight of the walk's co-occurrences 1, 2, ... steps apart (default 1,0.5,0.25)")
      ->delimiter(',');
  cmd->add_option("--wordnet", options->wordnet,
                  "WordNet's dict folder (default /usr/share/wordnet)");
  cmd->add_option("--seed", options->vectors.factorisation.seed,
                  "seed of the randomized SVD (default 1)");
  cmd->callback([options] { throw CLI::RuntimeError(run_build_wordnet_graph(*options)); });
}

}  // namespace wordhall
