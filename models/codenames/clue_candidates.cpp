// Candidates and their features; the contract is in clue_candidates.hpp.
#include "models/codenames/clue_candidates.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "models/codenames/clue_rules.hpp"

namespace wordhall::codenames {
namespace {

constexpr float absent = -1.0f;  // the nearest card of a role the board no longer has

float max_over(const Eigen::MatrixXf& m, Eigen::Index row, Eigen::Index from, Eigen::Index to) {
  float best = absent;
  for (Eigen::Index j = from; j < to; ++j) best = std::max(best, m(row, j));
  return best;
}

// Team columns of `row`, largest mean similarity first (ties: board order).
std::vector<Eigen::Index> team_order(const board_similarities& s, Eigen::Index row) {
  std::vector<Eigen::Index> order(static_cast<size_t>(s.team));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) {
    return s.mean(row, a) > s.mean(row, b);
  });
  return order;
}

}  // namespace

result<board_similarities> similarities_of(const view_set& views, const board_view& board,
                                           size_t words) {
  if (board.team.empty()) return make_error("bad_board", "the board has no unrevealed team card");
  std::vector<std::string> columns = board.team;
  columns.insert(columns.end(), board.enemy.begin(), board.enemy.end());
  columns.insert(columns.end(), board.civilians.begin(), board.civilians.end());
  if (!board.assassin.empty()) columns.push_back(board.assassin);
  const size_t rows = words ? std::min(words, views.words().size()) : views.words().size();
  board_similarities s;
  for (const auto& space : views.spaces) {
    auto cards = space->entry_columns(columns);
    if (!cards) return cards.err();
    s.cosines.push_back(space->cosines_with(cards.value(), 0, rows));
  }
  finish_similarities(board, s);
  return s;
}

void finish_similarities(const board_view& board, board_similarities& s) {
  s.mean = s.cosines.front();
  for (size_t v = 1; v < s.cosines.size(); ++v) s.mean += s.cosines[v];
  s.mean /= static_cast<float>(s.cosines.size());
  s.team = static_cast<Eigen::Index>(board.team.size());
  s.enemy_end = s.team + static_cast<Eigen::Index>(board.enemy.size());
  s.civilian_end = s.enemy_end + static_cast<Eigen::Index>(board.civilians.size());
  s.assassin = !board.assassin.empty();
}

std::vector<clue_candidate> candidates_of(const board_similarities& s,
                                          const std::function<bool(size_t word)>& legal,
                                          const candidate_options& options) {
  const size_t largest = std::min(options.max_targets, static_cast<size_t>(s.team));
  // The most common words come first in the views, so the first `common_words` rows are those.
  const auto rows = static_cast<size_t>(s.mean.rows());
  const size_t words = options.common_words ? std::min(rows, options.common_words) : rows;
  const Eigen::Index cards = s.cards();
  // gaps[k - 1][i]: word i's gap when it is given for k cards. strong_run[i]: how many of word
  // i's team cards in team_order are strong links before the first that is not (with no strong
  // links: all of them), so word i may count k cards when strong_run[i] >= k.
  std::vector<std::vector<float>> gaps(largest, std::vector<float>(words));
  std::vector<unsigned char> strong_run(words, static_cast<unsigned char>(largest));
  std::vector<Eigen::Index> team(static_cast<size_t>(s.team));
  for (size_t i = 0; i < words; ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    const float nearest_other = max_over(s.mean, row, s.team, cards);
    std::iota(team.begin(), team.end(), Eigen::Index{0});
    std::partial_sort(team.begin(), team.begin() + long(largest), team.end(),
                      [&](Eigen::Index a, Eigen::Index b) {  // team_order's order
                        return s.mean(row, a) != s.mean(row, b) ? s.mean(row, a) > s.mean(row, b)
                                                                : a < b;
                      });
    for (size_t k = 1; k <= largest; ++k)
      gaps[k - 1][i] = s.mean(row, team[k - 1]) - nearest_other;
    if (!options.strong) continue;
    strong_run[i] =
        static_cast<unsigned char>(options.strong->strong_run(s, i, team, largest, options.trust));
  }
  std::vector<signed char> verdicts(words, -1);  // -1: not asked yet; else 1 legal, 0 not
  auto allowed = [&](size_t i) {
    if (verdicts[i] < 0) verdicts[i] = legal(i) ? 1 : 0;
    return verdicts[i] == 1;
  };
  std::vector<clue_candidate> out;
  std::vector<size_t> ranked(words);
  for (size_t k = 1; k <= largest; ++k) {
    // Keeps up to per_count legal words, widest gap first (then the more common word); with
    // `strong_only`, only words whose k cards are all strong links, which rank before the rest.
    auto keep = [&](bool strong_only) {
      const auto& gap = gaps[k - 1];
      auto counts = [&](size_t i) { return !strong_only || strong_run[i] >= k; };
      auto before = [&](size_t a, size_t b) {
        if (counts(a) != counts(b)) return counts(a);
        return gap[a] != gap[b] ? gap[a] > gap[b] : a < b;
      };
      std::iota(ranked.begin(), ranked.end(), size_t{0});
      // Sort a head long enough for the legal words wanted; rarely, the whole list.
      size_t sorted = std::min(words, 4 * options.per_count + 64);
      std::partial_sort(ranked.begin(), ranked.begin() + long(sorted), ranked.end(), before);
      size_t kept = 0;
      for (size_t r = 0; r < words && kept < options.per_count; ++r) {
        if (r == sorted) {
          std::sort(ranked.begin() + long(sorted), ranked.end(), before);
          sorted = words;
        }
        const size_t i = ranked[r];
        if (!counts(i)) break;  // the rest do not count either
        if (!allowed(i)) continue;
        clue_candidate candidate;
        candidate.word = i;
        auto order = team_order(s, static_cast<Eigen::Index>(i));
        candidate.targets.assign(order.begin(), order.begin() + long(k));
        out.push_back(std::move(candidate));
        ++kept;
      }
      return kept;
    };
    // A clue for one card falls back to any card when no word links strongly to one: late in a
    // game that may be all there is.
    if (keep(options.strong != nullptr) == 0 && options.strong && k == 1) keep(false);
  }
  return out;
}

std::function<bool(size_t word)> legal_clue_words(const view_set& views, const board_view& board) {
  clue_rules rules(views.spaces.front()->blocked(), table_entries(board), board.given);
  return [rules = std::move(rules), &words = views.words()](size_t i) {
    return rules.legal(words[i]);
  };
}

std::vector<clue_candidate> legal_candidates_of(const view_set& views, const board_view& board,
                                                const board_similarities& s,
                                                const candidate_options& options) {
  return candidates_of(s, legal_clue_words(views, board), options);
}

bool assassin_behind_targets(const board_similarities& s, const clue_candidate& c) {
  if (!s.assassin) return true;
  const auto row = static_cast<Eigen::Index>(c.word);
  for (const auto& cos : s.cosines) {
    for (auto t : c.targets) {
      if (cos(row, t) <= cos(row, s.civilian_end)) return false;
    }
  }
  return true;
}

bool assassin_linked(const strong_links& links, const board_similarities& s,
                     const clue_candidate& c) {
  return s.assassin && links.linked_in_any_view(s, c.word, s.civilian_end);
}

bool rival_linked(const strong_links& links, const board_similarities& s, const clue_candidate& c) {
  for (Eigen::Index card = s.team; card < s.civilian_end; ++card)
    if (links.strong(s, c.word, card)) return true;
  return false;
}

void candidate_features(const board_similarities& s, const clue_candidate& c, size_t vocabulary,
                        float* out) {
  const auto row = static_cast<Eigen::Index>(c.word);
  const Eigen::Index cards = s.cards();
  const float non_team = std::max<float>(1.0f, float(cards - s.team));
  for (const auto& cos : s.cosines) {
    float weakest = 2.0f, sum = 0.0f;
    for (auto t : c.targets) {
      weakest = std::min(weakest, cos(row, t));
      sum += cos(row, t);
    }
    const float assassin = s.assassin ? cos(row, s.civilian_end) : absent;
    int above = 0;
    for (Eigen::Index j = s.team; j < cards; ++j) above += cos(row, j) > weakest;
    *out++ = weakest;
    *out++ = sum / float(c.targets.size());
    *out++ = weakest - max_over(cos, row, s.team, s.enemy_end);
    *out++ = weakest - max_over(cos, row, s.enemy_end, s.civilian_end);
    *out++ = weakest - assassin;
    *out++ = float(above) / non_team;
  }
  const size_t k = c.targets.size();
  *out++ = float(k) / 4.0f;
  for (size_t flag = 1; flag <= 4; ++flag) *out++ = k == flag ? 1.0f : 0.0f;
  *out++ = float(s.team) / 9.0f;
  *out++ = float(s.enemy_end - s.team) / 8.0f;
  *out++ = float(std::log1p(double(c.word)) / std::log(double(std::max<size_t>(vocabulary, 2))));
  float weakest_mean = 2.0f;
  for (auto t : c.targets) weakest_mean = std::min(weakest_mean, s.mean(row, t));
  *out++ = weakest_mean - max_over(s.mean, row, s.team, cards);
}

}  // namespace wordhall::codenames
