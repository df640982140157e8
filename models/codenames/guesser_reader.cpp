// Reading a game's guessers from their picks; the contract is in guesser_reader.hpp.
#include "models/codenames/guesser_reader.hpp"

#include <algorithm>
#include <cmath>

namespace wordhall::codenames {
namespace {

// A Gumbel of the same standard deviation as N(0, 1): sqrt(6) / pi.
constexpr double gumbel_scale = 0.7797;

}  // namespace

guesser_reader::guesser_reader(std::shared_ptr<const view_set> views, reader_options options)
    : views_(std::move(views)), options_(std::move(options)) {
  seeded_random random(options_.seed);
  guessers_ = draw_guessers(views_->size(), options_.population, random);
  drawn_ = guessers_.size();
  for (size_t v = 0; v < views_->size(); ++v) {
    for (double noise : options_.exact_noise) {
      simulated_guesser exact;
      exact.weights.assign(views_->size(), 0.0);
      exact.weights[v] = 1.0;
      exact.noise = noise;
      guessers_.push_back(std::move(exact));
    }
  }
  one_view_ = guessers_.size() - drawn_;
  guesser_population sharp = options_.population;
  // Over one view every mixture is that view: the one-view guessers again.
  sharp.guessers = views_->size() > 1 ? options_.sharp_mixtures : 0;
  sharp.rarity_noise = 0;  // as the one-view guessers
  for (double noise : options_.exact_noise) {
    sharp.min_noise = sharp.max_noise = noise;
    for (auto& g : draw_guessers(views_->size(), sharp, random)) guessers_.push_back(std::move(g));
  }
  const size_t mixtures = guessers_.size() - drawn_ - one_view_;
  double exact_share = one_view_ == 0 ? 0.0 : options_.exact_share;
  double mixture_share = mixtures == 0 ? 0.0 : options_.sharp_mixture_share;
  if (drawn_ == 0 && exact_share + mixture_share > 0) {  // the sharp ones hold all of it
    const double sharp = exact_share + mixture_share;
    exact_share /= sharp;
    mixture_share /= sharp;
  }
  for (size_t g = 0; g < guessers_.size(); ++g)
    prior_.push_back(g < drawn_             ? (1.0 - exact_share - mixture_share) / double(drawn_)
                     : g < drawn_ + one_view_ ? exact_share / double(one_view_)
                                              : mixture_share / double(mixtures));
  const auto& words = views_->words();
  for (size_t i = 0; i < words.size(); ++i) rows_.emplace(words[i], i);
}

double guesser_reader::noise_of(const simulated_guesser& g, size_t word) const {
  const double words = double(std::max<size_t>(views_->words().size(), 2));
  return g.noise * (1.0 + g.rarity_noise * std::log1p(double(word)) / std::log(words));
}

result<guesser_belief> guesser_reader::read(const board_view& board) const {
  guesser_belief belief{prior_, prior_, 0};
  std::vector<double> log_weight(guessers_.size(), 0.0);
  // An earlier game's cards were all covered when its history began.
  const size_t skipped = board.earlier.size() - std::min(board.earlier.size(),
                                                         options_.earlier_games);
  for (auto game_at = board.earlier.begin() + long(skipped); game_at != board.earlier.end();
       ++game_at) {
    const auto& game = *game_at;
    std::vector<bool> covered(game.cards.size(), true);
    auto read = read_game(game.cards, covered, game.history, log_weight);
    if (!read) return read.err();
    belief.picks += read.value();
  }
  // This game's cards; covered when the history began are those covered now and those it
  // picked (a card revealed out of the history's sight stays revealed throughout).
  std::vector<std::string> entries = board.team;
  entries.insert(entries.end(), board.enemy.begin(), board.enemy.end());
  entries.insert(entries.end(), board.civilians.begin(), board.civilians.end());
  if (!board.assassin.empty()) entries.push_back(board.assassin);
  const size_t unrevealed = entries.size();
  entries.insert(entries.end(), board.revealed.begin(), board.revealed.end());
  std::vector<bool> covered(entries.size(), false);
  std::fill(covered.begin(), covered.begin() + long(unrevealed), true);
  for (const auto& turn : board.history)
    for (const auto& pick : turn.picks) {
      const auto at = std::find(entries.begin(), entries.end(), pick);
      if (at != entries.end()) covered[size_t(at - entries.begin())] = true;
    }
  auto read = read_game(entries, covered, board.history, log_weight);
  if (!read) return read.err();
  belief.picks += read.value();
  if (belief.picks == 0) return belief;
  const double most = *std::max_element(log_weight.begin(), log_weight.end());
  double total = 0;
  for (size_t g = 0; g < guessers_.size(); ++g) {
    belief.posterior[g] = prior_[g] * std::exp(log_weight[g] - most);
    total += belief.posterior[g];
  }
  for (auto& p : belief.posterior) p /= total;
  return belief;
}

result<size_t> guesser_reader::read_game(const std::vector<std::string>& entries,
                                         std::vector<bool> covered,
                                         const std::vector<turn_seen>& history,
                                         std::vector<double>& log_weight) const {
  if (history.empty()) return size_t{0};
  std::vector<Eigen::MatrixXf> columns;
  for (const auto& space : views_->spaces) {
    auto c = space->entry_columns(entries);
    if (!c) return c.err();
    columns.push_back(std::move(c).value());
  }
  size_t picks = 0;
  std::vector<double> score(entries.size());
  std::vector<Eigen::VectorXf> cosines(views_->size());
  for (const auto& turn : history) {
    const auto row = rows_.find(turn.clue);
    const bool teaches = turn.ours && row != rows_.end();
    if (teaches) {
      for (size_t v = 0; v < views_->size(); ++v)
        cosines[v] =
            (views_->spaces[v]->rows().row(Eigen::Index(row->second)) * columns[v]).transpose();
    }
    for (const auto& pick : turn.picks) {
      const auto picked = size_t(std::find(entries.begin(), entries.end(), pick) - entries.begin());
      if (picked == entries.size() || !covered[picked]) continue;  // not a card on the table
      if (teaches) {
        const double open = double(std::count(covered.begin(), covered.end(), true));
        for (size_t g = 0; g < guessers_.size(); ++g) {
          const auto& guesser = guessers_[g];
          const double temperature = gumbel_scale * noise_of(guesser, row->second);
          double best = -1e300;
          for (size_t j = 0; j < entries.size(); ++j) {
            double sum = 0;
            for (size_t v = 0; v < views_->size(); ++v)
              sum += guesser.weights[v] * cosines[v](Eigen::Index(j));
            score[j] = sum / temperature;
            if (covered[j]) best = std::max(best, score[j]);
          }
          double partition = 0;
          for (size_t j = 0; j < entries.size(); ++j)
            if (covered[j]) partition += std::exp(score[j] - best);
          const double chance = std::exp(score[picked] - best) / partition;
          log_weight[g] += std::log((1.0 - options_.slip) * chance + options_.slip / open);
        }
        ++picks;
      }
      covered[picked] = false;
    }
  }
  return picks;
}

std::vector<double> guesser_reader::trust_of(const guesser_belief& belief) const {
  std::vector<double> trust(views_->size(), 0.0);
  for (size_t g = 0; g < guessers_.size(); ++g)
    for (size_t v = 0; v < trust.size(); ++v)
      trust[v] += belief.posterior[g] * guessers_[g].weights[v];
  return trust;
}

double guesser_reader::one_view_share(const guesser_belief& belief) const {
  double share = 0;
  for (size_t g = drawn_; g < drawn_ + one_view_; ++g) share += belief.posterior[g];
  return share;
}

bool guesser_reader::reads_like_one_view(const guesser_belief& belief) const {
  return belief.picks > 0 && one_view_share(belief) >= options_.one_view_for_loose_links;
}

std::vector<double> guesser_reader::shift_of(const board_similarities& s,
                                             const std::vector<clue_candidate>& candidates,
                                             const guesser_belief& belief,
                                             const turn_utility& utility, uint64_t seed) const {
  if (belief.picks == 0) return std::vector<double>(candidates.size(), 0.0);
  std::vector<double> change(guessers_.size());
  for (size_t g = 0; g < guessers_.size(); ++g)
    change[g] = belief.posterior[g] - belief.prior[g];
  return utility_of(s, candidates, change, utility, seed);
}

std::vector<double> guesser_reader::utility_of(const board_similarities& s,
                                               const std::vector<clue_candidate>& candidates,
                                               const std::vector<double>& weights,
                                               const turn_utility& utility, uint64_t seed) const {
  std::vector<double> total(candidates.size(), 0.0);
  const Eigen::Index cards = s.cards();
  seeded_random random(seed);
  std::vector<std::vector<double>> draws(guessers_.size(), std::vector<double>(size_t(cards)));
  for (auto& per_card : draws)
    for (auto& z : per_card) z = random.normal();
  std::vector<double> score(static_cast<size_t>(cards));
  std::vector<Eigen::Index> order(static_cast<size_t>(cards));
  for (size_t i = 0; i < candidates.size(); ++i) {
    const auto row = Eigen::Index(candidates[i].word);
    for (size_t g = 0; g < guessers_.size(); ++g) {
      if (std::abs(weights[g]) < 1e-6) continue;
      const auto& guesser = guessers_[g];
      const double noise = noise_of(guesser, candidates[i].word);
      for (Eigen::Index j = 0; j < cards; ++j) {
        double sum = 0;
        for (size_t v = 0; v < s.cosines.size(); ++v)
          sum += guesser.weights[v] * s.cosines[v](row, j);
        score[size_t(j)] = sum + noise * draws[g][size_t(j)];
      }
      total[i] += weights[g] * turn_of(s, candidates[i].targets.size(), score, order, utility);
    }
  }
  return total;
}

}  // namespace wordhall::codenames
