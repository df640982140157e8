// clue_rules: which words a spymaster may give as a clue on one board.
//
// A clue is legal when it is a word of the clue vocabulary (the caller's candidate list, see
// clue_space.hpp) and
//   - not an entry on the table, covered or not                         (on_board),
//   - neither containing a table word ("firework" with "fire" on the table)  (contains_board_word)
//   - nor contained in one ("ire" with "fire")                           (inside_board_word),
//   - not of the same Porter stem as a table word: "cities" with "city", "baking" with
//     "bake"; regular plurals are caught here when not already by containment; irregular
//     plurals ("knives", "mice"), "tying" and irregular past forms ("drove") are compared
//     through a table of their base forms                                  (same_stem),
//   - not another form of a table word that stemming misses: a clue sharing its first letters
//     with a table word up to at most the last two letters of the shorter of the two, and at
//     least five ("monstrous" with "monster", "drives" with "driver", "medical" with
//     "medicine"), or one whose Porter stem of four letters or more begins a table word, or
//     the other way round ("driving", stem "drive", with "driver"; "hunting" with "hunter"),
//     or the adjective in -y of a table word in -e, or that word beside its adjective ("spicy"
//     with "spice", "icy" with "ice", "bony" with "bone"); a few unrelated words fall under it
//     too ("squire" with "squirrel", "caring" with "career", "holy" with "hole"), which costs
//     a spymaster one candidate among thousands                          (same_root),
//   - not blocked (config/blocklist.txt)                                  (blocked),
//   - not a clue given before in this game                               (given_before).
// Tests run in that order and the first failing one is the verdict. Text is compared after ASCII
// lower-casing; a phrase on the table ("ice cream") counts as a whole and as each of its words.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "models/blocklist.hpp"

namespace wordhall::codenames {

enum class clue_verdict {
  legal,
  on_board,
  contains_board_word,
  inside_board_word,
  same_stem,
  same_root,
  blocked,
  given_before,
};

// The verdict's stable name ("same_stem"), for messages and tests.
const char* verdict_name(clue_verdict verdict);

class clue_rules {
 public:
  // `blocked` must outlive the rules; they are built once per board and turn.
  clue_rules(const models::blocklist& blocked, const std::vector<std::string>& table_entries,
             const std::vector<std::string>& given);

  clue_verdict check(std::string_view clue) const;
  bool legal(std::string_view clue) const { return check(clue) == clue_verdict::legal; }

 private:
  const models::blocklist* blocked_;
  std::unordered_set<std::string> entries_;  // whole entries, lower-cased
  std::vector<std::string> words_;           // entries and their words, lower-cased
  std::vector<std::string> stems_;           // the Porter stem of each of words_, in its order
  std::unordered_set<std::string> given_;
};

// The words of an entry: split at spaces, '_' and '-' ("ice cream" -> "ice", "cream").
std::vector<std::string> entry_words(std::string_view entry);

}  // namespace wordhall::codenames
