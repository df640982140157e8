// guesser_reader: how this game's guessers think, read from what they did with earlier clues.
//
// A learned spymaster trains against a population of simulated guessers (simulated_guessers.hpp)
// because it cannot know who will guess. At the table it meets one team, and every card that
// team picks says which members of the population it resembles. The reader holds a fixed set of
// candidate guessers: `population.guessers` drawn from the training population, for every view
// one that reads that view alone at each of `exact_noise` levels (a guesser on vectors the
// spymaster has), and `sharp_mixtures` drawn mixtures of the views at each of those levels. The
// prior gives the one-view guessers exact_share of the weight, the sharp mixtures
// sharp_mixture_share, the drawn ones the rest, each group evenly.
//
// After a board's history each candidate's prior weight is multiplied by the likelihood of every
// card our guessers picked. A guesser that adds N(0, s^2) to each card's score and picks the best
// card picks card j of the covered ones with a probability close to softmax(score / (0.78 s)) (the
// Gumbel trick, with a Gumbel of the Gaussian's spread); `slip` of every pick's probability is
// spread evenly over the covered cards, so one surprising pick never rules a guesser out. Clue
// words the views lack and turns of the other team teach nothing, but their picks leave the
// covered cards.
//
// A spymaster then weighs a clue by its expected utility under the posterior rather than the
// prior: shift_of gives, per candidate, the difference of the two on the same noise draws (so the
// difference is not noise). With no pick seen it is zero and the choice is the scorer's alone.
// How far to trust the posterior is one_view_share: a team that reads like one of the views is
// worth following; a team on other vectors (a person, most of all) is explained by mixtures of
// the views about as sharply, yet following such a mixture to bolder clues leads it to the
// assassin more often (docs/codenames.md, "Reading the guessers").
// Everything is a function of the board and the seeds. Read-only once built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/simulated_guessers.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::codenames {

struct reader_options {
  // Wider than the training population's noise (0.05 .. 0.2): a team that reads clues unlike
  // every view is explained by noisy guessers, and so makes the spymaster more careful, not bolder.
  guesser_population population{48, 0.05, 0.4, 1.0};
  std::vector<double> exact_noise{0.02, 0.05};
  double exact_share = 0.2;
  // Mixtures of the views as sharp as the one-view guessers, this many at each exact_noise
  // level (none over a single view), holding sharp_mixture_share of the prior and never counted
  // in one_view_share. A team that takes the cards every view agrees on is explained by them as
  // well as by a one-view guesser, so only picks where the views disagree say that it reads
  // like one of them (docs/codenames.md, "Sharp mixtures beside the one-view guessers").
  size_t sharp_mixtures = candidate_options{}.sharp_mixtures;
  double sharp_mixture_share = 0.2;
  double slip = 0.05;
  // A team whose picks put this much of the belief on the guessers that read one view alone
  // reads like that view (`reads_like_one_view`), and so shares its looser links.
  double one_view_for_loose_links = 0.8;
  // How many of the match's earlier games (board_view::earlier) to read, the last ones. None by
  // default: blind readers' first clues of a rematch came out bolder and stranger for it
  // (docs/codenames.md, "A team it has played with before").
  size_t earlier_games = 0;
  uint64_t seed = 0x5eed;
};

struct guesser_belief {
  std::vector<double> prior, posterior;  // per candidate guesser, each summing to 1
  size_t picks = 0;                      // picks of ours that the posterior has seen
};

class guesser_reader {
 public:
  guesser_reader(std::shared_ptr<const view_set> views, reader_options options = {});

  const std::vector<simulated_guesser>& guessers() const { return guessers_; }

  // The belief after the turns of the last options.earlier_games games of board.earlier, then of
  // board.history: a team's picks in the match's earlier games say how it reads clues as well as
  // this game's do. Errors:
  // `word_not_in_vocabulary` for a card a view has no vector for.
  result<guesser_belief> read(const board_view& board) const;

  // How much the belief's guessers read each view: the posterior mean of their view weights
  // (each view alike under the prior).
  std::vector<double> trust_of(const guesser_belief& belief) const;

  // The belief's weight on the candidate guessers that read one view alone (options.exact_noise):
  // how far the team reads clues as one of the spymaster's own views does. A team on vectors the
  // spymaster never saw is often explained as sharply by a mixture of the views, yet misreads
  // the bold clues such a mixture would take; over a game its picks part from every single view,
  // and this share falls where the share on sharp mixtures stays high.
  double one_view_share(const guesser_belief& belief) const;

  // True when the belief has seen a pick and one_view_share is at least
  // options.one_view_for_loose_links. A team that reads the clues every view agrees on reads
  // them sharply, as people do, without sharing any one view's looser links: only this says
  // that it does.
  bool reads_like_one_view(const guesser_belief& belief) const;

  // Per candidate: its expected turn utility under belief.posterior minus under belief.prior,
  // each guesser's noise drawn once per card for all candidates from `seed`.
  std::vector<double> shift_of(const board_similarities& s,
                               const std::vector<clue_candidate>& candidates,
                               const guesser_belief& belief, const turn_utility& utility,
                               uint64_t seed) const;

  // Per candidate: the sum over the candidate guessers of weights[g] times g's turn utility, on
  // the same noise draws as shift_of; with weights summing to 1, the expected turn utility of a
  // guesser drawn from them.
  std::vector<double> utility_of(const board_similarities& s,
                                 const std::vector<clue_candidate>& candidates,
                                 const std::vector<double>& weights, const turn_utility& utility,
                                 uint64_t seed) const;

 private:
  double noise_of(const simulated_guesser& g, size_t word) const;
  // Adds to log_weight, per candidate guesser, the log-likelihood of every pick of ours in
  // `history`, played on `entries` with `covered` those covered when it began; returns the
  // number of picks that taught something.
  result<size_t> read_game(const std::vector<std::string>& entries, std::vector<bool> covered,
                           const std::vector<turn_seen>& history,
                           std::vector<double>& log_weight) const;

  std::shared_ptr<const view_set> views_;
  reader_options options_;
  // The drawn ones, then those that read one view, then the sharp mixtures.
  std::vector<simulated_guesser> guessers_;
  size_t drawn_ = 0;                          // how many were drawn
  size_t one_view_ = 0;                       // how many read one view alone, after the drawn
  std::vector<double> prior_;
  std::unordered_map<std::string, size_t> rows_;  // clue word -> row in the views
};

}  // namespace wordhall::codenames
