// spymaster_train: `wordhall spymaster train` without the rest of Wordhall (LibTorch + Eigen).
//   spymaster_train --vectors FILE.whv --deck FILE --out FILE [--steps N] [--batch B]
//                   [--seed S] [--device auto|cpu|cuda] [--checkpoint-every K]
//                   [--learning-rate R]
// Vectors must be a compact vectors file (models/vector_file.hpp). A deck entry that is not a
// word of the vectors is the normalised sum of its words' rows (as models/codenames/clue_space
// does), or left out. Writes the same files as `wordhall spymaster train`. Exit status 0 or 2.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "models/blas_kernels.hpp"
#include "models/torch/spymaster_trainer.hpp"
#include "models/vector_file.hpp"
#include "tools/wordhall/heap_policy.hpp"

using namespace wordhall;

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "spymaster_train: %s\n", message.c_str());
  return 2;
}

// Lower-cased, trimmed, inner whitespace made one space (models/codenames/codenames_deck.hpp).
std::vector<std::string> read_deck(const std::string& path, bool& ok) {
  std::ifstream in(path);
  ok = bool(in);
  std::vector<std::string> entries;
  std::unordered_set<std::string> seen;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string entry, word;
    while (words >> word) entry += (entry.empty() ? "" : " ") + word;
    if (entry.empty() || entry[0] == '#') continue;
    for (auto& c : entry) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (seen.insert(entry).second) entries.push_back(entry);
  }
  return entries;
}

bool append_entry(const models::embeddings& vectors, const std::string& entry,
                  std::vector<float>& deck) {
  const size_t d = vectors.dimensions();
  std::vector<float> sum(d, 0.0f);
  std::istringstream words(entry);
  size_t count = 0;
  auto add = [&](uint32_t row) {
    for (size_t i = 0; i < d; ++i) sum[i] += vectors.vector(row)[i];
  };
  if (auto row = vectors.index_of(entry)) {
    add(*row);
    count = 1;
  } else {
    for (std::string word; words >> word; ++count) {
      auto row = vectors.index_of(word);
      if (!row) return false;
      add(*row);
    }
  }
  double norm = 0;
  for (float v : sum) norm += double(v) * v;
  if (count == 0 || norm == 0) return false;
  for (float v : sum) deck.push_back(float(v / std::sqrt(norm)));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  wordhall::models::use_native_blas_kernels(argv);
  keep_freed_heap_for_reuse();
  std::map<std::string, std::string> args{{"--deck", "config/codenames-deck.txt"}};
  for (int i = 1; i < argc; ++i) {
    std::string key = argv[i];
    if (key == "--help" || key == "-h" || i + 1 >= argc || key.rfind("--", 0) != 0) {
      std::fprintf(stderr,
                   "usage: spymaster_train --vectors FILE.whv --deck FILE --out FILE [--steps N] "
                   "[--batch B] [--seed S] [--device auto|cpu|cuda] [--checkpoint-every K] "
                   "[--learning-rate R]\n");
      return key == "--help" || key == "-h" ? 0 : 2;
    }
    args[key] = argv[++i];
  }
  if (!args.count("--vectors") || !args.count("--out")) return fail("--vectors and --out needed");
  spymaster_torch::train_options options;
  try {
    if (args.count("--steps")) options.steps = std::stoll(args["--steps"]);
    if (args.count("--batch")) options.batch = std::stoll(args["--batch"]);
    if (args.count("--seed")) options.seed = std::stoull(args["--seed"]);
    if (args.count("--checkpoint-every")) options.checkpoint_every = std::stoll(args["--checkpoint-every"]);
    if (args.count("--learning-rate")) options.learning_rate = std::stod(args["--learning-rate"]);
  } catch (const std::exception&) {
    return fail("bad number");
  }
  if (args.count("--device")) options.device = args["--device"];
  options.out = args["--out"];

  auto vectors = models::load_vector_file(args["--vectors"]);
  if (!vectors) return fail(vectors.err().message);
  bool ok = false;
  auto entries = read_deck(args["--deck"], ok);
  if (!ok) return fail("cannot read " + args["--deck"]);
  std::vector<float> deck;
  size_t used = 0;
  for (const auto& entry : entries) used += append_entry(vectors.value(), entry, deck);
  std::fprintf(stderr, "spymaster_train: deck of %zu (of %zu entries)\n", used, entries.size());

  const auto started = std::chrono::steady_clock::now();
  const int64_t every = std::max<int64_t>(1, options.steps / 100);
  options.on_step = [&](int64_t step, double loss) {
    if (step % every != 0 && step != options.steps) return;
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::fprintf(stderr, "\rstep %lld/%lld  loss %.4f  %.0f games/s", (long long)step,
                 (long long)options.steps, loss, s > 0 ? step * options.batch / s : 0.0);
  };
  auto report = spymaster_torch::train_spymaster(deck, int64_t(vectors->dimensions()), options);
  std::fputc('\n', stderr);
  if (!report) return fail(report.err().message);
  if (auto w = spymaster_torch::write_loss_csv(report->losses, options.out + ".loss.csv"); !w)
    return fail(w.err().message);
  if (auto w = spymaster_torch::write_loss_svg(report->losses, options.out + ".loss.svg"); !w)
    return fail(w.err().message);
  std::fprintf(stderr, "spymaster_train: %.1f s on %s, %.0f games/s, loss %.4f -> %.4f\n",
               report->seconds, report->device.c_str(),
               report->seconds > 0 ? report->games / report->seconds : 0.0,
               report->losses.empty() ? 0.0 : report->losses.front(),
               report->losses.empty() ? 0.0 : report->losses.back());
  return 0;
}
