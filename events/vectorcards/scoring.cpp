#include "events/vectorcards/scoring.hpp"

#include <algorithm>
#include <cmath>

namespace wordhall::vectorcards {

std::vector<double> move_vector(const std::vector<float>& start, int public_sign,
                                const std::vector<float>& public_card, int private_sign,
                                const std::vector<float>& private_card) {
  std::vector<double> v(start.size());
  double squared = 0.0;
  for (size_t i = 0; i < v.size(); ++i) {
    v[i] = double(start[i]) + public_sign * double(public_card[i]) +
           private_sign * double(private_card[i]);
    squared += v[i] * v[i];
  }
  if (squared == 0.0) return v;
  double length = std::sqrt(squared);
  for (double& x : v) x /= length;
  return v;
}

move_shares shares_of(const std::vector<float>& start, int public_sign,
                      const std::vector<float>& public_card, int private_sign,
                      const std::vector<float>& private_card, const std::vector<float>& target) {
  // cos(v*, t̂) = (v*·t̂)/‖v*‖ and v*·t̂ is the sum of each word's signed dot with t̂.
  double squared = 0.0, along_start = 0.0, along_public = 0.0, along_private = 0.0;
  for (size_t i = 0; i < start.size(); ++i) {
    double v = double(start[i]) + public_sign * double(public_card[i]) +
               private_sign * double(private_card[i]);
    squared += v * v;
    along_start += double(start[i]) * target[i];
    along_public += double(public_card[i]) * target[i];
    along_private += double(private_card[i]) * target[i];
  }
  if (squared == 0.0) return {};
  double length = std::sqrt(squared);
  return {along_start / length, public_sign * along_public / length,
          private_sign * along_private / length};
}

double cosine(const std::vector<double>& direction, const std::vector<float>& unit) {
  double dot = 0.0;
  for (size_t i = 0; i < direction.size() && i < unit.size(); ++i) dot += direction[i] * unit[i];
  return dot;
}

double cosine(const std::vector<float>& a, const std::vector<float>& b) {
  double dot = 0.0, na = 0.0, nb = 0.0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    dot += double(a[i]) * b[i];
    na += double(a[i]) * a[i];
    nb += double(b[i]) * b[i];
  }
  return na == 0.0 || nb == 0.0 ? 0.0 : dot / std::sqrt(na * nb);
}

int sign_value(std::string_view sign) {
  if (sign == "+") return 1;
  if (sign == "-") return -1;
  return 0;
}

closeness closeness_label(double s) {
  if (s >= 0.80) return {"heel dichtbij", "very close"};
  if (s >= 0.60) return {"warm", "warm"};
  if (s >= 0.40) return {"lauw", "lukewarm"};
  if (s >= 0.20) return {"koud", "cold"};
  return {"ijskoud", "ice-cold"};
}

namespace {

double dot(const std::vector<float>& a, const std::vector<float>& b) {
  double sum = 0.0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) sum += double(a[i]) * b[i];
  return sum;
}

}  // namespace

std::optional<scored_move> best_move(const std::vector<float>& start,
                                     const std::vector<float>& target,
                                     const std::vector<hand_card>& publics,
                                     const std::vector<hand_card>& privates) {
  if (publics.empty() || privates.empty()) return std::nullopt;
  // Every hand of every round is dealt through here (50 players: 4,000 choices), so the choices
  // are first scored from dot products of the cards: with a = start + s1·public + s2·private,
  // cos(a, target) = (a·target) / |a|, and a·target and a·a expand into products of pairs of
  // cards, 2 + 2·publics + 2·privates + publics·privates of them instead of one sum of three
  // vectors per choice. The expansion rounds differently from the move's own arithmetic
  // (move_vector, cosine), so the choices it puts near the top are scored again that way and the
  // best of those wins, ties to the first in the order below: the answer is the move's own score.
  const double st = dot(start, target), ss = dot(start, start);
  struct card_dots {
    double with_target, with_start, squared;
  };
  auto dots_of = [&](const std::vector<hand_card>& cards) {
    std::vector<card_dots> out;
    out.reserve(cards.size());
    for (auto& c : cards)
      out.push_back({dot(c.vector, target), dot(c.vector, start), dot(c.vector, c.vector)});
    return out;
  };
  const auto pub = dots_of(publics), priv = dots_of(privates);
  const size_t n_priv = privates.size();
  std::vector<double> estimates(publics.size() * n_priv * 4);
  std::vector<bool> degenerate(estimates.size());
  double best_estimate = -2.0;
  size_t k = 0;
  for (size_t i = 0; i < publics.size(); ++i)
    for (size_t j = 0; j < n_priv; ++j) {
      const double pq = dot(publics[i].vector, privates[j].vector);
      for (int s1 : {1, -1})
        for (int s2 : {1, -1}) {
          const double along = st + s1 * pub[i].with_target + s2 * priv[j].with_target;
          const double squared = ss + pub[i].squared + priv[j].squared +
                                 2.0 * (s1 * pub[i].with_start + s2 * priv[j].with_start +
                                        s1 * s2 * pq);
          // A sum near zero (three cards that nearly cancel) has no reliable estimate.
          degenerate[k] = squared < 1e-6;
          estimates[k] = degenerate[k] ? 0.0 : along / std::sqrt(squared);
          best_estimate = std::max(best_estimate, estimates[k]);
          ++k;
        }
    }
  // The estimates are within ~1e-12 of the moves' own scores; 1e-7 leaves room to spare.
  const double shortlist = best_estimate - 1e-7;
  std::optional<scored_move> best;
  k = 0;
  for (auto& p : publics)
    for (auto& q : privates)
      for (int s1 : {1, -1})
        for (int s2 : {1, -1}) {
          if (degenerate[k] || estimates[k] >= shortlist) {
            double score = cosine(move_vector(start, s1, p.vector, s2, q.vector), target);
            if (!best || score > best->similarity)
              best = scored_move{p.token, s1 > 0 ? "+" : "-", q.token, s2 > 0 ? "+" : "-", score};
          }
          ++k;
        }
  return best;
}

std::vector<result_row> rank_rows(std::vector<result_row> rows,
                                  const std::map<std::string, std::optional<int>>& stakes) {
  std::stable_sort(rows.begin(), rows.end(), [](const result_row& a, const result_row& b) {
    if (a.submitted != b.submitted) return a.submitted;
    return a.similarity > b.similarity;
  });
  int n = static_cast<int>(rows.size());
  for (int i = 0; i < n; ++i) {
    auto& r = rows[i];
    bool tied = i > 0 && rows[i - 1].similarity == r.similarity &&
                rows[i - 1].submitted == r.submitted;
    r.rank = tied ? rows[i - 1].rank : i + 1;
    r.points = r.submitted ? n - r.rank + 1 : 0;  // no points for sitting a round out
    auto stake = stakes.find(r.player);
    if (stake != stakes.end() && stake->second)
      r.stake_reward = 1.0 - std::fabs(*stake->second / 100.0 - r.similarity);
    else
      r.stake_reward.reset();
  }
  return rows;
}

namespace {

// The dominant eigenvector of the symmetric matrix `m` (n × n, row-major) orthogonal to
// `against`, by power iteration from a fixed start.
std::vector<double> dominant_direction(const std::vector<double>& m, size_t n,
                                       const std::vector<double>* against) {
  std::vector<double> v(n), next(n);
  for (size_t i = 0; i < n; ++i) v[i] = 1.0 + 0.01 * static_cast<double>(i % 7);
  auto orthogonalise = [&](std::vector<double>& x) {
    if (!against) return;
    double d = 0.0;
    for (size_t i = 0; i < n; ++i) d += x[i] * (*against)[i];
    for (size_t i = 0; i < n; ++i) x[i] -= d * (*against)[i];
  };
  auto normalise = [&](std::vector<double>& x) {
    double len = 0.0;
    for (double a : x) len += a * a;
    len = std::sqrt(len);
    if (len == 0.0) return false;
    for (double& a : x) a /= len;
    return true;
  };
  orthogonalise(v);
  if (!normalise(v)) return std::vector<double>(n, 0.0);
  for (int iter = 0; iter < 300; ++iter) {
    for (size_t i = 0; i < n; ++i) {
      double sum = 0.0;
      for (size_t j = 0; j < n; ++j) sum += m[i * n + j] * v[j];
      next[i] = sum;
    }
    orthogonalise(next);
    if (!normalise(next)) return std::vector<double>(n, 0.0);
    double change = 0.0;
    for (size_t i = 0; i < n; ++i) change += std::fabs(next[i] - v[i]);
    v.swap(next);
    if (change < 1e-12) break;
  }
  return v;
}

}  // namespace

std::vector<point2> principal_plane(const std::vector<std::vector<double>>& points) {
  size_t n = points.size();
  std::vector<point2> out(n);
  if (n < 2) return out;
  size_t dims = points[0].size();
  std::vector<double> mean(dims, 0.0);
  for (auto& p : points)
    for (size_t d = 0; d < dims; ++d) mean[d] += p[d] / static_cast<double>(n);
  // The Gram matrix of the centred points (n × n, n ≤ players + 2) has the same principal
  // directions, expressed in point space, as the dims × dims covariance: cheaper for few points.
  std::vector<double> gram(n * n, 0.0);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i; j < n; ++j) {
      double dot = 0.0;
      for (size_t d = 0; d < dims; ++d) dot += (points[i][d] - mean[d]) * (points[j][d] - mean[d]);
      gram[i * n + j] = gram[j * n + i] = dot;
    }
  auto first = dominant_direction(gram, n, nullptr);
  auto second = dominant_direction(gram, n, &first);
  // With G = X·Xᵀ and G·u = λu, the points' coordinates on that principal direction are √λ·u.
  auto scale = [&](const std::vector<double>& u) {
    double lambda = 0.0;
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) lambda += u[i] * gram[i * n + j] * u[j];
    return std::sqrt(std::max(lambda, 0.0));
  };
  double first_scale = scale(first), second_scale = scale(second);
  double farthest = 0.0;
  for (size_t i = 0; i < n; ++i) {
    out[i] = {first[i] * first_scale, second[i] * second_scale};
    farthest = std::max(farthest, std::hypot(out[i].x, out[i].y));
  }
  if (farthest > 0.0)
    for (auto& p : out) p = {p.x / farthest, p.y / farthest};
  return out;
}

uint64_t draw_rng::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t draw_rng::below(uint64_t bound) {
  // Rejection keeps every value equally likely.
  uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  uint64_t x;
  do x = next();
  while (x >= limit);
  return x % bound;
}

double draw_rng::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

}  // namespace wordhall::vectorcards
