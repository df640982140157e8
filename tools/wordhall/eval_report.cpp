// The games' table; the contract is in eval_report.hpp.
#include "tools/wordhall/eval_report.hpp"

#include <cstdio>

namespace wordhall {

void print_summaries(
    const std::vector<std::pair<std::string, codenames::eval_summary>>& results) {
  std::printf("%-10s %6s %9s %11s %11s %9s\n", "spymaster", "games", "win rate", "mean turns",
              "words/clue", "assassin");
  for (const auto& [name, s] : results) {
    std::printf("%-10s %6zu %8.1f%% %11.2f %11.2f %8.1f%%\n", name.c_str(), s.games,
                100 * s.win_rate, s.mean_turns, s.words_per_clue, 100 * s.assassin_rate);
    for (size_t at = 0; at < s.by_game_of_match.size(); ++at) {
      const auto& g = s.by_game_of_match[at];
      std::printf("  game %-3zu %6zu %8.1f%% %11.2f %11.2f %8.1f%%\n", at + 1, g.games,
                  100 * g.win_rate, g.mean_turns, g.words_per_clue, 100 * g.assassin_rate);
    }
  }
  for (const auto& [name, s] : results) {
    std::printf("%s, first pick ours:", name.c_str());
    for (size_t n = 0; n < s.clues_for.size(); ++n) {
      if (s.clues_for[n] == 0) continue;
      std::printf(" %zu%s %.1f%% of %zu;", n + 1, n + 1 == s.clues_for.size() ? "+" : "",
                  100.0 * double(s.first_ours_for[n]) / double(s.clues_for[n]), s.clues_for[n]);
    }
    std::printf("\n");
  }
  for (const auto& [name, s] : results) {
    std::printf("%s, first pick by cards of ours left:", name.c_str());
    for (size_t n = 0; n < s.clues_with_left.size(); ++n) {
      if (s.clues_with_left[n] == 0) continue;
      const double clues = double(s.clues_with_left[n]);
      std::printf(" %zu%s ours %.1f%%, assassin %.1f%% of %zu;", n + 1,
                  n + 1 == s.clues_with_left.size() ? "+" : "",
                  100.0 * double(s.first_ours_with_left[n]) / clues,
                  100.0 * double(s.first_assassin_with_left[n]) / clues, s.clues_with_left[n]);
    }
    std::printf("\n");
  }
}

}  // namespace wordhall
