// spymaster_clue: how fast the Codenames spymasters give clues on the default data; run from the
// repository root after tools/prepare-data (tools/bench-spymaster does both).
//   build/spymaster_clue [--boards N] [--seed S] [--model-file FILE] [--scorer-file FILE]
//                        [--vectors FILE] [--sharp-mixtures N]
// Boards: N (default 200) dealt from config/codenames-deck.txt as `spymaster eval` deals them
// (game_seed(S, i), S = 7 by default), board i with i % 8 of its team cards and i % 4 of its enemy
// cards already revealed, so every team size from 1 to 8 occurs; these boards have no history,
// as a game's first clue. Measures (a) give_clue, one board at a time: p50 and p99 latency of
// the learned spymaster (the clue scorer over the prepared views, with the set network's c(t)),
// the same not reading its guessers ("unread"), the set network alone and the baseline, each
// loaded as `wordhall serve` loads it
// (tools/wordhall/spymaster_loader.hpp); (b) give_clues in batches of 1, 8 and 32 boards:
// boards per second. Then (c) the boards of games in progress: N / 8 games of seed S played by
// the learned spymaster with the competition's guesser on its GloVe vectors, every board it
// was asked about after the first, so that it reads the team's picks as in a game; p50 and p99
// of give_clue on each of them, for each spymaster. Prints a table, then one JSON line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "models/blas_kernels.hpp"
#include "models/blas_threads.hpp"
#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/codenames_sim.hpp"
#include "models/vector_cache.hpp"
#include "tools/wordhall/spymaster_loader.hpp"

using namespace wordhall;
using namespace wordhall::codenames;
using clock_type = std::chrono::steady_clock;

namespace {

double ms_since(clock_type::time_point start) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - start).count();
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<size_t>(p * double(values.size() - 1) + 0.5)];
}

std::vector<board_view> bench_boards(const std::vector<std::string>& deck, size_t count,
                                     uint64_t seed) {
  std::vector<board_view> out;
  for (size_t i = 0; i < count; ++i) {
    auto cards = deal_board(deck, game_seed(seed, i));
    size_t team_hidden = i % team_cards, enemy_hidden = i % 4;
    for (auto& c : cards) {
      if (c.role == card_role::team && team_hidden > 0) c.revealed = (team_hidden--, true);
      if (c.role == card_role::enemy && enemy_hidden > 0) c.revealed = (enemy_hidden--, true);
    }
    out.push_back(view_of(cards, {}));
  }
  return out;
}

// Passes every board on to `inner` and keeps a copy of the ones that carry a history.
class recording_spymaster final : public spymaster {
 public:
  recording_spymaster(const spymaster& inner, std::vector<board_view>& boards)
      : inner_(inner), boards_(boards) {}
  std::string name() const override { return inner_.name(); }
  result<clue> give_clue(const board_view& board) const override {
    if (!board.history.empty()) boards_.push_back(board);
    return inner_.give_clue(board);
  }

 private:
  const spymaster& inner_;
  std::vector<board_view>& boards_;
};

// The boards of `games` games in progress (see the header), or an error.
result<std::vector<board_view>> boards_in_play(const std::vector<std::string>& deck,
                                               const spymaster& learned,
                                               const std::string& guesser_vectors, size_t games,
                                               uint64_t seed) {
  auto vectors = models::load_vectors_cached(guesser_vectors);
  if (!vectors) return vectors.err();
  vector_guesser taker(std::move(vectors).value());
  std::vector<board_view> boards;
  recording_spymaster recorder(learned, boards);
  for (size_t g = 0; g < games; ++g) {
    auto played = play_game(deal_board(deck, game_seed(seed, g)), recorder, taker);
    if (!played) return played.err();
  }
  return boards;
}

// p50 and p99 of give_clue on `boards`, in ms; false when a clue fails.
bool latencies_of(const spymaster& giver, const std::vector<board_view>& boards, double& p50,
                  double& p99) {
  std::vector<double> latencies;
  for (const auto& board : boards) {
    const auto start = clock_type::now();
    auto hint = giver.give_clue(board);
    latencies.push_back(ms_since(start));
    if (!hint) {
      std::fprintf(stderr, "%s: %s\n", giver.name().c_str(), hint.err().message.c_str());
      return false;
    }
  }
  p50 = percentile(latencies, 0.5);
  p99 = percentile(latencies, 0.99);
  return true;
}

struct figures {
  std::string name;
  double p50 = 0, p99 = 0;
  double in_play_p50 = 0, in_play_p99 = 0;  // on the boards of games in progress
  std::vector<std::pair<size_t, double>> boards_per_second;  // batch size, boards/s
};

bool measure(const spymaster& giver, const std::vector<board_view>& boards, figures& out) {
  for (size_t i = 0; i < std::min<size_t>(10, boards.size()); ++i) (void)giver.give_clue(boards[i]);
  if (!latencies_of(giver, boards, out.p50, out.p99)) return false;
  for (size_t batch : {size_t(1), size_t(8), size_t(32)}) {
    const auto start = clock_type::now();
    for (size_t at = 0; at < boards.size(); at += batch) {
      std::vector<board_view> part(boards.begin() + at,
                                   boards.begin() + std::min(boards.size(), at + batch));
      (void)giver.give_clues(part);
    }
    out.boards_per_second.emplace_back(batch, double(boards.size()) / (ms_since(start) / 1000));
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  wordhall::models::use_native_blas_kernels(argv);
  wordhall::models::limit_blas_threads(1);  // as `wordhall serve` does
  size_t board_count = 200;
  uint64_t seed = 7;
  spymaster_paths paths;  // the server's defaults, as `wordhall serve` loads them
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (!std::strcmp(argv[i], "--boards") && has_value) board_count = std::stoul(argv[++i]);
    else if (!std::strcmp(argv[i], "--seed") && has_value) seed = std::stoull(argv[++i]);
    else if (!std::strcmp(argv[i], "--model-file") && has_value) paths.model_file = argv[++i];
    else if (!std::strcmp(argv[i], "--scorer-file") && has_value) paths.scorer_file = argv[++i];
    else if (!std::strcmp(argv[i], "--vectors") && has_value) paths.vectors = argv[++i];
    else if (!std::strcmp(argv[i], "--sharp-mixtures") && has_value)
      paths.sharp_mixtures = std::stoul(argv[++i]);  // the reader's (clue_candidates.hpp)
    else {
      std::fprintf(stderr, "usage: spymaster_clue [--boards N] [--seed S] [--model-file FILE] "
                           "[--scorer-file FILE] [--vectors FILE] [--sharp-mixtures N]\n");
      return 2;
    }
  }
  if (board_count == 0) board_count = 1;
  auto deck = load_deck_file(default_deck_path);
  if (!deck) {
    std::fprintf(stderr, "%s\n", deck.err().message.c_str());
    return 2;
  }
  // The server's spymasters, and the learned one again without reading its guessers ("unread"),
  // which shows what reading the team's picks costs on the boards in play.
  std::vector<std::pair<std::string, std::shared_ptr<const spymaster>>> givers;
  for (const std::string label : {"learned", "unread", "setnet", "baseline"}) {
    auto these_paths = paths;
    these_paths.read_guessers = label != "unread";
    auto loaded = load_spymaster(label == "unread" ? "learned" : label, these_paths);
    if (!loaded) {
      std::fprintf(stderr, "%s: %s\n", label.c_str(), loaded.err().message.c_str());
      return 2;
    }
    givers.emplace_back(label, std::move(loaded).value());
  }
  const auto boards = bench_boards(deck.value(), board_count, seed);

  const size_t games = std::max<size_t>(1, board_count / 8);
  const auto& learned = *givers.front().second;
  auto in_play = boards_in_play(deck.value(), learned, paths.vectors, games, seed);
  if (!in_play) {
    std::fprintf(stderr, "games in progress: %s\n", in_play.err().message.c_str());
    return 1;
  }

  std::vector<figures> results(givers.size());
  for (size_t g = 0; g < givers.size(); ++g) {
    const auto& [label, giver] = givers[g];
    results[g].name = label;
    if (!measure(*giver, boards, results[g])) return 1;
    if (!latencies_of(*giver, in_play.value(), results[g].in_play_p50, results[g].in_play_p99))
      return 1;
  }
  std::printf("%zu dealt boards (team cards 1..8), %zu boards of %zu games in progress, %zu clue "
              "words\n", boards.size(), in_play->size(), games, paths.clue_words);
  std::printf("%-10s %9s %9s %14s %14s %14s %13s %13s\n", "spymaster", "p50 ms", "p99 ms",
              "batch 1 /s", "batch 8 /s", "batch 32 /s", "in play p50", "in play p99");
  json_writer out;
  out.begin_object().field("boards", boards.size()).field("boards_in_play", in_play->size());
  for (const auto& f : results) {
    std::printf("%-10s %9.2f %9.2f", f.name.c_str(), f.p50, f.p99);
    out.key(f.name).begin_object().field("p50_ms", f.p50).field("p99_ms", f.p99);
    for (const auto& [batch, rate] : f.boards_per_second) {
      std::printf(" %14.1f", rate);
      out.field("boards_per_second_batch_" + std::to_string(batch), rate);
    }
    std::printf(" %13.2f %13.2f\n", f.in_play_p50, f.in_play_p99);
    out.field("in_play_p50_ms", f.in_play_p50).field("in_play_p99_ms", f.in_play_p99);
    out.end_object();
  }
  out.end_object();
  std::printf("%s\n", out.take().c_str());
  return 0;
}
