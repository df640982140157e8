// strong_links: whether a card is one of a clue word's strongest links, as a person judges a
// clue. A guesser does not only ask "which card on the table is nearest to the clue?" but also
// "would anyone say this word for that card?": SLEEVE for POCKET, yes; SLEEVE for HEEL, no, even
// when HEEL is the nearest of what is left. The board's margins answer the first question; this
// answers the second, from the whole deck rather than one board.
//
// For every clue word and view, the bar is the similarity of the clue word's `rank`-th most
// similar deck entry (reaching it allows for rounding: 10^-5). A card is a strong link of a clue
// word when its similarity reaches the bar in more than half of the views: it is among the clue
// word's `rank` nearest cards of the whole deck, by most of the ways of seeing meaning. Given a
// lead view, a card is a strong link when it reaches the bar in the lead view and in at least
// one other: people read a clue the way running text uses its word, so the view of running text
// must agree, and a second view rules out a link that is mere company in text. Without it,
// dictionary views that agree on a sense people rarely use (THUNDERING for BANNER, an
// outstanding thing) outvote it.
//
// A clue's first card, its strongest, must reach that bar. With a lead view, the cards after it
// need only reach a lower one, the `later_rank`-th nearest entry, in the lead view and one more:
// once a guesser has placed the obvious card, a second that running text and a dictionary both
// put among the word's nearest few dozen is found too (WIND 2 for STORM and RAIN). Without the
// lead view, the dictionaries alone would admit senses people rarely use, so every card needs
// the first bar.
//
// When a game's guesses show whose reading its guessers share, the links that count are those of
// the views they read (`trust`). With a lead view that keeps its say (`lead_keeps_say`), such a
// link must also be among the clue word's later_rank nearest entries in the lead view: a team
// whose picks fit the dictionaries as well as running text does not make the dictionaries' rare
// senses its own (GHASTLY for CHEST and BUBBLE, INHUMAN for FENCE and CANE), while a link the
// lead view ranks 11th to 40th still counts when the team reads like the views that rank it first.
//
// Read-only after construction; built once at load, about half a second for 17,000 words x 400
// entries x 3 views on 2 cores (more views, longer).
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::codenames {

struct board_similarities;

class strong_links {
 public:
  // `lead_view`: the name of the lead view; empty, or a name the views do not have (it was held
  // out), for most views. `later_rank`: the bar of a clue's later cards with the lead view; 0
  // for `rank`. `lead_keeps_say`: links judged by trust need the lead view's later bar too.
  // Errors: `invalid_argument` when `rank` is 0 or larger than the deck entries every view knows,
  // or `later_rank` is neither 0 nor from `rank` to that number.
  static result<std::shared_ptr<const strong_links>> of(const view_set& views,
                                                        const std::vector<std::string>& deck,
                                                        size_t rank,
                                                        const std::string& lead_view = "",
                                                        size_t later_rank = 0,
                                                        bool lead_keeps_say = false);

  size_t rank() const { return rank_; }
  // The rank of the later cards' bar (rank() when they have no lower one).
  size_t later_rank() const { return later_rank_; }
  // The lead view's index, or -1 when links count in most views.
  long lead() const { return lead_; }
  // Whether links judged by trust need the lead view's later bar too.
  bool lead_keeps_say() const { return lead_keeps_say_; }
  // The bar of clue word `word` (a row of the view set) in view `view`.
  float bar(size_t view, size_t word) const { return bars_[view](Eigen::Index(word)); }
  // True when the card in column `card` of `s` reaches `word`'s bar in more than half the views
  // (with a lead view: in it and one more), or, given `trust` (a weight per view, summing to 1),
  // in views of more than half the weight (and, when the lead keeps its say, the lead view's
  // later bar): when a game's guesses show whose reading its guessers share
  // (guesser_reader.hpp), the links that count are those of the views they read.
  bool strong(const board_similarities& s, size_t word, Eigen::Index card,
              const std::vector<double>& trust = {}) const;
  // As strong, for a clue's card after its strongest: with the lead view (and no trust), the
  // card must reach the later bar in the lead view and in one more.
  bool strong_later(const board_similarities& s, size_t word, Eigen::Index card,
                    const std::vector<double>& trust = {}) const;
  // How many of the first `most` of `cards` (a clue's cards, strongest first) count for `word`
  // before the first that does not: the first must be strong, those after it strong_later.
  size_t strong_run(const board_similarities& s, size_t word,
                    const std::vector<Eigen::Index>& cards, size_t most,
                    const std::vector<double>& trust = {}) const;
  // True when the card in column `card` of `s` reaches `word`'s bar in at least one view: some
  // way of seeing meaning puts it among the clue word's nearest cards ("pudding" and CHOCOLATE),
  // so a person may well take it for what the clue means.
  bool linked_in_any_view(const board_similarities& s, size_t word, Eigen::Index card) const;

 private:
  // True when the card in column `card` of `s` reaches `word`'s bar in view `view`.
  static bool reaches(const board_similarities& s, const std::vector<Eigen::VectorXf>& bars,
                      size_t view, size_t word, Eigen::Index card);
  // True when the card reaches `bars` in the lead view and in one more.
  bool led(const board_similarities& s, const std::vector<Eigen::VectorXf>& bars, size_t word,
           Eigen::Index card) const;

  size_t rank_ = 0;
  size_t later_rank_ = 0;
  long lead_ = -1;
  bool lead_keeps_say_ = false;
  std::vector<Eigen::VectorXf> bars_;        // per view: one bar per clue word
  std::vector<Eigen::VectorXf> later_bars_;  // the same at later_rank_, with a lead view
};

}  // namespace wordhall::codenames
