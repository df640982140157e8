// spymaster: what every Codenames spymaster sees and answers, whatever it is made of.
//
// The board as the spymaster sees it is the unrevealed cards by role, the cards already revealed
// (no longer targets, still ruling clues out), the clues given before in this game and, when the
// game keeps it, what the guessers did with them, in this game and in the match's earlier games
// with the same team: a spymaster may learn from it how its own guessers think
// (models/codenames/guesser_reader.hpp). Entries
// are words or phrases, compared after ASCII lower-casing. The answer is a legal clue word (see
// clue_rules.hpp), the number of cards it is meant for and those cards, the targets, which are
// unrevealed team cards: number == targets.size() >= 1. A spymaster is read-only once built,
// so one value can serve many games and threads.
#pragma once

#include <string>
#include <vector>

#include "events/result.hpp"

namespace wordhall::codenames {

// One earlier turn of this game: its clue and the cards its guessers revealed, in the order they
// picked them. The other team's turns count too, for the cards they covered.
struct turn_seen {
  std::string clue;
  std::vector<std::string> picks;
  bool ours = true;  // our team's guessers answered this clue
};

// An earlier game of this match, its clues answered by the same team: every card dealt and the
// turns as they were played.
struct game_seen {
  std::vector<std::string> cards;
  std::vector<turn_seen> history;
};

struct board_view {
  std::vector<std::string> team;
  std::vector<std::string> enemy;
  std::vector<std::string> civilians;
  std::string assassin;               // empty once revealed (the game is then over)
  std::vector<std::string> revealed;  // cards of any role already covered
  std::vector<std::string> given;     // this game's earlier clue words
  std::vector<turn_seen> history;     // this game's earlier turns in order; may be empty
  std::vector<game_seen> earlier;     // the match's earlier games, oldest first; may be empty
};

// Every entry on the table, covered or not: what a clue must keep clear of.
std::vector<std::string> table_entries(const board_view& board);

struct clue {
  std::string word;
  int number = 0;
  std::vector<std::string> targets;
};

class spymaster {
 public:
  virtual ~spymaster() = default;
  // The name reports and the command line use ("baseline", "learned").
  virtual std::string name() const = 0;
  // Errors: `word_not_in_vocabulary` for a board entry the spymaster has no vector for,
  // `no_clue` when no legal clue word is left, `bad_board` when there is no team card.
  virtual result<clue> give_clue(const board_view& board) const = 0;
  // One answer per board, in order. The default asks give_clue for each; a spymaster that can
  // answer many boards at once for less (one forward pass of a network) overrides it.
  virtual std::vector<result<clue>> give_clues(const std::vector<board_view>& boards) const;
};

}  // namespace wordhall::codenames
