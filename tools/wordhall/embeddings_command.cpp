// `wordhall embeddings convert|similar|eval`; usage and exit status are in embeddings_command.hpp.
#include "tools/wordhall/embeddings_command.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "events/json_writer.hpp"
#include "models/codenames/codenames_deck.hpp"
#include "models/evaluation.hpp"
#include "models/loaders.hpp"
#include "models/search.hpp"
#include "models/vector_cache.hpp"
#include "models/vector_file.hpp"
#include "models/vector_index.hpp"
#include "tools/wordhall/command_failure.hpp"
#include "tools/wordhall/ppmi_command.hpp"
#include "tools/wordhall/wordnet_graph_command.hpp"

namespace wordhall {
namespace {

constexpr const char* default_vectors_path = "data/embeddings/glove-6b-100d.whv";

struct convert_options {
  std::string input;
  std::string output;
  size_t limit = 0;
  std::string words;
  bool float16 = false;
  bool progress = false;
};

struct concat_options {
  std::string output;
  std::vector<std::string> inputs;
};

struct similar_options {
  std::string vectors;
  std::vector<std::string> positive;
  std::vector<std::string> negative;
  size_t topn = 10;
  bool json = false;
  std::string search = "exact";
};

struct index_command_options {
  std::string vectors;
  std::string search = "approximate";
};

struct vectors_eval_options {
  std::string vectors;
  std::string analogies;
  std::vector<std::string> pairs;
  bool json = false;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int run_convert(const convert_options& options) {
  auto start = std::chrono::steady_clock::now();
  models::load_options load;
  load.limit = options.limit;
  if (options.progress) load.progress = models::progress_mode::always;
  // A deck's format, so a Codenames deck works as it is: a phrase keeps each of its words.
  std::unordered_set<std::string> wanted;
  if (!options.words.empty()) {
    auto entries = codenames::load_deck_file(options.words);
    if (!entries) return fail("embeddings convert", entries.err());
    for (const auto& entry : entries.value()) {
      wanted.insert(entry);
      std::istringstream parts(entry);
      for (std::string word; parts >> word;) wanted.insert(word);
    }
  }
  auto vectors = models::load_vectors(options.input, load);
  if (!vectors) return fail("embeddings convert", vectors.err());
  models::embeddings output = vectors.value();
  if (!options.words.empty()) {
    output = models::keep_words(output, wanted);
    if (output.empty())
      return fail("embeddings convert",
                  make_error("invalid_argument", "none of the words of " + options.words +
                                                     " is in " + options.input));
  }
  auto type = options.float16 ? models::element_type::float16 : models::element_type::float32;
  auto written = models::write_vector_file(output, options.output, type);
  if (!written) return fail("embeddings convert", written.err());
  std::printf("%s: %zu words, %zu dimensions, %s, %.2f s\n", options.output.c_str(),
              output.size(), output.dimensions(), options.float16 ? "float16" : "float32",
              seconds_since(start));
  return 0;
}

int run_concat(const concat_options& options) {
  auto start = std::chrono::steady_clock::now();
  std::vector<models::embeddings> views;
  for (auto& input : options.inputs) {
    auto vectors = models::load_vectors(input);
    if (!vectors) return fail("embeddings concat", vectors.err());
    views.push_back(std::move(vectors.value()));
  }
  auto joint = models::concatenate(views);
  if (joint.empty())
    return fail("embeddings concat", make_error("invalid_argument", "no word is in every input"));
  auto written = models::write_vector_file(joint, options.output, models::element_type::float32);
  if (!written) return fail("embeddings concat", written.err());
  std::printf("%s: %zu words, %zu dimensions, %.2f s\n", options.output.c_str(), joint.size(),
              joint.dimensions(), seconds_since(start));
  return 0;
}

std::string vectors_path(const std::string& given) {
  if (!given.empty()) return given;
  const char* from_env = std::getenv("WORDHALL_VECTORS");
  return from_env && *from_env ? from_env : default_vectors_path;
}

// A --search value CLI11 has already checked against search_mode_names().
models::search_mode search_mode_of(const std::string& name) {
  return models::parse_search_mode(name).value_or(models::search_mode::exact);
}

// Builds the approximate index next to the vectors, or checks that the cached one is current.
int run_index(const index_command_options& options) {
  auto start = std::chrono::steady_clock::now();
  models::index_options index;
  index.mode = search_mode_of(options.search);
  std::string path = vectors_path(options.vectors);
  auto opened = models::open_vector_index(path, index);
  if (!opened) return fail("embeddings index", opened.err());
  auto structure = models::index_structure(opened->vectors().size(), index);
  if (!structure) {
    std::printf("%s: %zu words search exactly, no index needed\n", path.c_str(),
                opened->vectors().size());
    return 0;
  }
  std::printf("%s: %s %s, %.2f s\n", models::index_cache_path(path, *structure).c_str(),
              *structure == models::approximate_kind::ivf ? "IVF" : "HNSW",
              opened->origin() == models::index_origin::cache ? "up to date" : "built",
              seconds_since(start));
  return 0;
}

int run_similar(const similar_options& options) {
  models::index_options index;
  index.mode = search_mode_of(options.search);
  auto vectors = models::open_vector_index(vectors_path(options.vectors), index);
  if (!vectors) return fail("embeddings similar", vectors.err());
  models::similar_query query;
  query.positive = options.positive;
  query.negative = options.negative;
  query.topn = options.topn;
  auto found = vectors->most_similar(query);
  if (!found) return fail("embeddings similar", found.err());

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

int run_vectors_eval(const vectors_eval_options& options) {
  if (options.analogies.empty() && options.pairs.empty()) {
    return fail("embeddings eval",
                make_error("bad_query", "give --analogies FILE, --pairs FILE or both"));
  }
  auto vectors = models::load_vectors_cached(vectors_path(options.vectors));
  if (!vectors) return fail("embeddings eval", vectors.err());
  std::optional<models::analogy_scores> analogies;
  if (!options.analogies.empty()) {
    auto scores = models::evaluate_word_analogies(vectors.value(), options.analogies);
    if (!scores) return fail("embeddings eval", scores.err());
    analogies = std::move(scores).value();
  }
  std::vector<models::pair_scores> pairs;
  for (const auto& file : options.pairs) {
    auto scores = models::evaluate_word_pairs(vectors.value(), file);
    if (!scores) return fail("embeddings eval", scores.err());
    pairs.push_back(scores.value());
  }

  if (options.json) {
    json_writer out;
    out.begin_object();
    if (analogies) {
      out.key("analogies").begin_object().field("correct", analogies->correct);
      out.field("incorrect", analogies->incorrect).field("oov", analogies->oov);
      out.field("accuracy", analogies->accuracy).end_object();
    }
    if (!options.pairs.empty()) {
      out.key("pairs").begin_array();
      for (size_t i = 0; i < pairs.size(); ++i) {
        out.begin_object().field("file", options.pairs[i]).field("pearson", pairs[i].pearson);
        out.field("spearman", pairs[i].spearman).field("oov_ratio", pairs[i].oov_ratio);
        out.end_object();
      }
      out.end_array();
    }
    out.end_object();
    std::cout << out.str() << "\n";
    return 0;
  }
  if (analogies) {
    std::printf("%-32s %8s %10s %9s\n", "analogy section", "correct", "incorrect", "accuracy");
    for (const auto& s : analogies->sections) {
      const size_t answered = s.correct + s.incorrect;
      std::printf("%-32s %8zu %10zu %8.1f%%\n", s.name.c_str(), s.correct, s.incorrect,
                  answered ? 100.0 * double(s.correct) / double(answered) : 0.0);
    }
    std::printf("%-32s %8zu %10zu %8.1f%%   (%zu questions out of vocabulary)\n", "total",
                analogies->correct, analogies->incorrect, 100 * analogies->accuracy,
                analogies->oov);
  }
  if (!pairs.empty()) {
    if (analogies) std::printf("\n");
    std::printf("%-40s %8s %9s %6s %6s\n", "word pairs", "pearson", "spearman", "pairs", "oov %");
    for (size_t i = 0; i < pairs.size(); ++i) {
      std::printf("%-40s %8.4f %9.4f %6zu %6.1f\n", options.pairs[i].c_str(), pairs[i].pearson,
                  pairs[i].spearman, pairs[i].pairs, pairs[i].oov_ratio);
    }
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
  convert_cmd->add_option("--words", convert->words,
                          "keep only the words of this file (one word or phrase a line, as a "
                          "Codenames deck; a phrase keeps each of its words), rows copied bit "
                          "for bit");
  convert_cmd->add_flag("--float16", convert->float16, "store half-precision values");
  convert_cmd->add_flag("--progress", convert->progress,
                        "draw a progress bar even when stderr is not a terminal");
  convert_cmd->callback([convert] { throw CLI::RuntimeError(run_convert(*convert)); });

  auto concat = std::make_shared<concat_options>();
  auto* concat_cmd = embeddings->add_subcommand(
      "concat", "Write the words every input knows, each row the inputs' rows side by side "
                "(scaled to unit length): a cosine is the mean of the inputs' cosines.");
  concat_cmd->add_option("output", concat->output, "compact file to write")->required();
  concat_cmd->add_option("inputs", concat->inputs, "vectors to join, in any format; the first one's "
                                                   "word order is kept")
      ->required()
      ->expected(2, -1);
  concat_cmd->callback([concat] { throw CLI::RuntimeError(run_concat(*concat)); });

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
  similar_cmd
      ->add_option("--search", similar->search,
                   "exact (default, Eigen), approximate (FAISS: HNSW below 1,000,000 words, IVF "
                   "above), hnsw, ivf, or auto (exact below 100,000 words); an index is built "
                   "once and cached next to the vectors")
      ->check(CLI::IsMember(models::search_mode_names()));
  similar_cmd->callback([similar] { throw CLI::RuntimeError(run_similar(*similar)); });

  auto index_options = std::make_shared<index_command_options>();
  auto* index_cmd = embeddings->add_subcommand(
      "index", "Build the approximate index next to the vectors (<file>.hnsw or <file>.ivf), or "
               "check the cached one is current. The server searches with it when it is there.");
  index_cmd->add_option("--vectors", index_options->vectors,
                        std::string("vectors file (default: $WORDHALL_VECTORS, else ") +
                            default_vectors_path + ")");
  index_cmd
      ->add_option("--search", index_options->search,
                   "approximate (default: HNSW below 1,000,000 words, IVF above), hnsw, ivf, or "
                   "auto (no index below 100,000 words)")
      ->check(CLI::IsMember(models::search_mode_names()));
  index_cmd->callback([index_options] { throw CLI::RuntimeError(run_index(*index_options)); });

  auto eval = std::make_shared<vectors_eval_options>();
  auto* eval_cmd = embeddings->add_subcommand(
      "eval", "Score the vectors on analogies (questions-words format) and word-pair similarity "
              "files, as gensim's evaluate_word_analogies and evaluate_word_pairs.");
  eval_cmd->add_option("--vectors", eval->vectors,
                       std::string("vectors file (default: $WORDHALL_VECTORS, else ") +
                           default_vectors_path + ")");
  eval_cmd->add_option("--analogies", eval->analogies, "questions-words file");
  eval_cmd->add_option("--pairs", eval->pairs, "tab-separated word-pair files, comma-separated")
      ->delimiter(',');
  eval_cmd->add_flag("--json", eval->json,
                     "print {\"analogies\":{...},\"pairs\":[{\"file\":...,...}]}");
  eval_cmd->callback([eval] { throw CLI::RuntimeError(run_vectors_eval(*eval)); });

  add_build_ppmi_command(*embeddings);
  add_build_gcide_command(*embeddings);
  add_build_running_text_command(*embeddings);
  add_build_wordnet_graph_command(*embeddings);
}

}  // namespace wordhall
