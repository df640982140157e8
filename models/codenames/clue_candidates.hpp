// clue_candidates: the real clues a spymaster over several views weighs on one board, and what
// a learned scorer knows about each (models/torch/clue_scorer.hpp).
//
// A board's similarities are, per view, the cosines of every clue word with every unrevealed
// card, and their mean over the views. A candidate is a legal clue word with its k team cards of
// largest mean similarity (k = 1 .. max_targets). Of the thousands of words, each k keeps the
// `per_count` candidates with the widest mean gap (mean similarity of the weakest target minus
// that of the nearest card that is not ours): the plausible clues, safe ones and bold ones.
// With `strong` set, a word counts only cards that are among its strong links (strong_links.hpp):
// no clue a person would not make. For one card, when no word links strongly to any team card
// (late in a game that may happen), candidates come without that check.
//
// Features of a candidate, all roughly within -2 .. 2, per view (features_per_view):
//   weakest target cos, mean target cos, weakest minus the nearest enemy / civilian / assassin
//   card (-1 stands in for a role the board no longer has), and the share of non-team cards the
//   view puts above the weakest target;
// then for the board and the word (board_features): k / 4, one flag per k = 1 .. 4, the team's
// and the enemy's cards left (/ 9, / 8), the word's commonness rank as log(1 + rank) / log(words)
// and the weakest target's mean similarity minus the nearest non-team card's.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/strong_links.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::codenames {

class deck_cosines;

struct board_similarities {
  std::vector<Eigen::MatrixXf> cosines;  // per view: clue words x cards
  Eigen::MatrixXf mean;                  // clue words x cards
  // Card columns: team [0, team), enemy [team, enemy_end), civilians [enemy_end, civilian_end),
  // then the assassin when the board still has it.
  Eigen::Index team = 0, enemy_end = 0, civilian_end = 0;
  bool assassin = false;
  Eigen::Index cards() const { return civilian_end + (assassin ? 1 : 0); }
};

// The similarities of the first `words` clue words (0: all of them): a spymaster that takes its
// candidates among the most common words only (candidate_options::common_words) needs no more,
// and every clue word multiplies the board once per view.
// Errors: `bad_board` without a team card, `word_not_in_vocabulary` for an entry a view lacks.
result<board_similarities> similarities_of(const view_set& views, const board_view& board,
                                           size_t words = 0);

// Given s.cosines, one matrix per view with the board's cards in similarities_of's column order,
// fills in the rest of s: their mean and where each role's columns are.
void finish_similarities(const board_view& board, board_similarities& s);

struct candidate_options {
  size_t max_targets = 4;
  size_t per_count = 32;
  size_t common_words = 0;  // candidates only among this many most common words; 0: all
  std::shared_ptr<const strong_links> strong;  // none: any card may be counted
  std::vector<double> trust;  // per view, for the strong links (strong_links::strong); empty: alike
  // When choosing: strong links of a larger rank, which count instead of `strong` once a game's
  // guesses read like one view alone (guesser_reader::reads_like_one_view).
  std::shared_ptr<const strong_links> loose;  // none: `strong` throughout
  // When choosing (not when listing): give only a candidate that every view puts the assassin
  // behind all of its targets, when one does (assassin_behind_targets); of those, one whose word
  // has the assassin among its strong-link rank nearest deck entries in no view, when one does
  // (assassin_linked).
  bool assassin_last = true;
  // When choosing (not when listing), after the assassin's checks: of the candidates left, give
  // one whose word has no card not ours among its strong links, when one does (rival_linked).
  bool rivals_last = true;
  // When choosing, last: of the candidates for the same cards as the choice that pass as many of
  // those checks and are rated at most this much below it (in turn utility), give the one with
  // the most common word ("pistol" rather than "firearm" for GUN); negative: never. Plainer
  // words, but a reader of a dictionary the spymaster never saw misreads them more often
  // (docs/codenames.md, "The commoner word for the same cards"), so the server leaves it off.
  double commoner_word_within = -1;
  // When choosing: weigh each candidate by what the board's history says of its guessers
  // (guesser_reader.hpp), not by the training population alone.
  bool read_guessers = true;
  // With read_guessers: how many of the match's earlier games to read as well
  // (reader_options::earlier_games); none for the server.
  size_t remembered_games = 0;
  // With read_guessers: sharp mixtures of the views beside the guessers that read one view
  // alone, this many at each of their noise levels (reader_options::sharp_mixtures); 0 leaves
  // them out, and a team that reads every agreed clue right then soon reads like one view.
  size_t sharp_mixtures = 10;
  // With read_guessers: strong links count in the views the guessers are believed to read
  // (`trust`), and `loose` ones once they read like one view alone. A team that reads like no
  // view in hand then gets the clues whose links hold in the views its picks resemble: on every
  // view held out it wins more often, and blind readers did no worse (docs/codenames.md, "Links
  // that follow the guessers").
  bool links_follow_guessers = true;
  // When choosing, with one card of the team's left: give the card's own nearest clear word
  // (plain_clue.hpp) instead of the best candidate when the scorer rates it at most this much
  // below that one (in turn utility); negative: never.
  double plain_last_clue = 0.2;
  // When choosing, with read_guessers: weigh each view's boldest clear clues (view_clue.hpp)
  // against the choice, under the belief as far as the team reads as sharply as the views, and
  // give one worth more. Faster against guessers on the spymaster's own vectors, but the bold
  // clues for two cards are often ones no person would give (docs/codenames.md, "One view's
  // clues"), so the server leaves it off.
  bool view_clues = false;
  // When choosing: only the words marked here (by row of the view set's words) are clues, the
  // last card's plain clue and each view's bold clues too, unless that leaves no candidate
  // (noun_clues.hpp: words that name things, which people read best); none: every word.
  std::shared_ptr<const std::vector<bool>> clue_words;
  // When choosing: the cosines of the deck the games are dealt from (deck_cosines.hpp), so a
  // board's similarities are gathered rather than multiplied; none: multiplied.
  std::shared_ptr<const deck_cosines> deck;
};

struct clue_candidate {
  size_t word = 0;                     // row in the view set's words
  std::vector<Eigen::Index> targets;   // team columns, largest mean similarity first
};

// True when, in every view, each of the candidate's targets is more similar to the clue word than
// the assassin is (or the board has no assassin left): a guesser who thinks like any one view
// reaches every target before the assassin. The scorer weighs the views; this makes sure no
// view's reading of a clue ends the game, whatever the others say.
bool assassin_behind_targets(const board_similarities& s, const clue_candidate& c);

// True when the board still has its assassin and some view puts it among the candidate word's
// `links.rank()` nearest deck entries (strong_links::linked_in_any_view). Being behind the
// targets on this board is not enough for a person: a clue whose word is one of the assassin's
// own associations in any sense ("wheat" with BREAD the assassin) invites it.
bool assassin_linked(const strong_links& links, const board_similarities& s,
                     const clue_candidate& c);

// True when an enemy card or a civilian still on the board is one of the candidate word's strong
// links (strong_links::strong): a person would say the word for that card as readily as for a
// target, so the clue asks for a coin toss ("bazaar" for SHOP with STORE on the table), however
// the margins of this board fall.
bool rival_linked(const strong_links& links, const board_similarities& s, const clue_candidate& c);

// Candidates for the board of `s`, k = 1 first; words `legal` refuses are left out (it is asked
// only about words that would make the cut, as the rules are slow next to a gap). Within one k,
// wider gaps first, then more common words.
std::vector<clue_candidate> candidates_of(const board_similarities& s,
                                          const std::function<bool(size_t word)>& legal,
                                          const candidate_options& options = {});

// clue_rules' verdicts for `board` on the view set's words, by row of their similarities;
// `views` must outlive the function.
std::function<bool(size_t word)> legal_clue_words(const view_set& views, const board_view& board);

// candidates_of with legal_clue_words.
std::vector<clue_candidate> legal_candidates_of(const view_set& views, const board_view& board,
                                                const board_similarities& s,
                                                const candidate_options& options = {});

constexpr size_t features_per_view = 6;
constexpr size_t board_features = 9;
constexpr size_t feature_count(size_t views) { return views * features_per_view + board_features; }

// Writes feature_count(views) floats for `c` to `out`; `vocabulary` is the number of clue words.
void candidate_features(const board_similarities& s, const clue_candidate& c, size_t vocabulary,
                        float* out);

}  // namespace wordhall::codenames
