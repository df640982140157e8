// `wordhall embeddings convert|similar`; usage and exit status are in embeddings_command.hpp.
#include "app/embeddings_command.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "models/loaders.hpp"
#include "models/search.hpp"
#include "models/vector_file.hpp"

namespace wordhall {
namespace {

constexpr const char* default_vectors_path = "data/embeddings/glove-6b-100d.whv";

struct convert_options {
  std::string input;
  std::string output;
  size_t limit = 0;
  bool float16 = false;
  bool progress = false;
};

struct similar_options {
  std::string vectors;
  std::vector<std::string> positive;
  std::vector<std::string> negative;
  size_t topn = 10;
  bool json = false;
};

int fail(const char* command, const error& e) {
  std::cerr << "wordhall embeddings " << command << ": " << e.message << "\n";
  return 2;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int run_convert(const convert_options& options) {
  auto start = std::chrono::steady_clock::now();
  models::load_options load;
  load.limit = options.limit;
  if (options.progress) load.progress = models::progress_mode::always;
  auto vectors = models::load_vectors(options.input, load);
  if (!vectors) return fail("convert", vectors.err());
  auto type = options.float16 ? models::element_type::float16 : models::element_type::float32;
  auto written = models::write_vector_file(vectors.value(), options.output, type);
  if (!written) return fail("convert", written.err());
  std::printf("%s: %zu words, %zu dimensions, %s, %.2f s\n", options.output.c_str(),
              vectors->size(), vectors->dimensions(), options.float16 ? "float16" : "float32",
              seconds_since(start));
  return 0;
}

int run_similar(const similar_options& options) {
  std::string path = options.vectors;
  if (path.empty()) {
    const char* from_env = std::getenv("WORDHALL_VECTORS");
    path = from_env && *from_env ? from_env : default_vectors_path;
  }
  auto vectors = models::load_vectors(path);
  if (!vectors) return fail("similar", vectors.err());
  models::similar_query query;
  query.positive = options.positive;
  query.negative = options.negative;
  query.topn = options.topn;
  auto found = models::most_similar(vectors.value(), query);
  if (!found) return fail("similar", found.err());

  if (options.json) {
    json_writer out;
    out.begin_array();
    for (const auto& f : found.value()) {
      out.begin_object().field("word", f.word).field("score", double(f.score)).end_object();
    }
    out.end_array();
    std::cout << out.str() << "\n";
    return 0;
  }
  size_t width = 4;
  for (const auto& f : found.value()) width = std::max(width, f.word.size());
  std::printf("%-*s  %s\n", static_cast<int>(width), "word", " score");
  for (const auto& f : found.value()) {
    std::printf("%-*s  %.4f\n", static_cast<int>(width), f.word.c_str(), f.score);
  }
  return 0;
}

}  // namespace

void add_embeddings_commands(CLI::App& app) {
  auto* embeddings = app.add_subcommand("embeddings", "Convert word vectors and search them.");
  embeddings->require_subcommand(1);

  auto convert = std::make_shared<convert_options>();
  auto* convert_cmd = embeddings->add_subcommand(
      "convert", "Convert word2vec (binary or text), GloVe, fastText .vec, wink JSON or compact "
                 "vectors into a compact file.");
  convert_cmd->add_option("input", convert->input, "vectors to read")->required();
  convert_cmd->add_option("output", convert->output, "compact file to write")->required();
  convert_cmd->add_option("--limit", convert->limit, "keep only the first N words");
  convert_cmd->add_flag("--float16", convert->float16, "store half-precision values");
  convert_cmd->add_flag("--progress", convert->progress,
                        "draw a progress bar even when stderr is not a terminal");
  convert_cmd->callback([convert] { throw CLI::RuntimeError(run_convert(*convert)); });

  auto similar = std::make_shared<similar_options>();
  auto* similar_cmd = embeddings->add_subcommand(
      "similar", "Words nearest to the mean of the positive words minus the negative ones.");
  similar_cmd->add_option("--vectors", similar->vectors,
                          std::string("vectors file (default: $WORDHALL_VECTORS, else ") +
                              default_vectors_path + ")");
  similar_cmd->add_option("--positive", similar->positive, "words to add, comma-separated")
      ->delimiter(',');
  similar_cmd->add_option("--negative", similar->negative, "words to subtract, comma-separated")
      ->delimiter(',');
  similar_cmd->add_option("--topn", similar->topn, "how many words to print (default 10)");
  similar_cmd->add_flag("--json", similar->json, "print [{\"word\":...,\"score\":...},...]");
  similar_cmd->callback([similar] { throw CLI::RuntimeError(run_similar(*similar)); });
}

}  // namespace wordhall
