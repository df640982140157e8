// Clue legality on a hand-made board: one table row per rule, in the order the rules are tested.
#include <catch2/catch.hpp>

#include "models/codenames/clue_rules.hpp"
#include "models/codenames/porter_stem.hpp"
#include "models/codenames/spymaster.hpp"

using namespace wordhall::codenames;
using wordhall::models::blocklist;

TEST_CASE("Porter stems: the reference implementation's outputs", "[codenames][rules]") {
  struct row {
    const char* word;
    const char* stem;
  };
  const row rows[] = {
      {"caresses", "caress"},   {"ponies", "poni"},         {"cats", "cat"},
      {"cities", "citi"},       {"city", "citi"},           {"running", "run"},
      {"baking", "bake"},       {"bake", "bake"},           {"hopping", "hop"},
      {"agreed", "agre"},       {"relational", "relat"},    {"generalization", "gener"},
      {"happiness", "happi"},   {"controlling", "control"}, {"ox", "ox"},
      {"electrical", "electr"}, {"adjustment", "adjust"},   {"knives", "knive"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.word);
    CHECK(porter_stem(r.word) == r.stem);
  }
}

TEST_CASE("clue rules: board words, containment both ways, stems, roots, blocked, given before",
          "[codenames][rules]") {
  const blocklist blocked = blocklist::parse("damn\nslur*\n");
  board_view board;
  board.team = {"fire", "City", "monster", "die"};
  board.enemy = {"bake", "driver"};
  board.civilians = {"ice cream", "instrument", "hunting", "spice", "juice", "bony",
                     "smokes"};
  board.assassin = "knife";
  board.revealed = {"horse"};
  board.given = {"Ocean"};
  const clue_rules rules(blocked, table_entries(board), board.given);

  struct row {
    const char* clue;
    clue_verdict verdict;
  };
  const row rows[] = {
      {"fire", clue_verdict::on_board},
      {"FIRE", clue_verdict::on_board},  // compared lower-cased
      {"city", clue_verdict::on_board},
      {"horse", clue_verdict::on_board},  // covered cards still count
      {"ice cream", clue_verdict::on_board},
      {"cream", clue_verdict::on_board},  // a phrase's words count too
      {"firework", clue_verdict::contains_board_word},
      {"horses", clue_verdict::contains_board_word},  // plural by containment
      {"icy", clue_verdict::same_root},  // the adjective of ICE, a word of ICE CREAM
      {"ire", clue_verdict::inside_board_word},
      {"nif", clue_verdict::inside_board_word},
      {"cities", clue_verdict::same_stem},  // plural that containment misses
      {"baking", clue_verdict::same_stem},
      {"knives", clue_verdict::same_stem},  // irregular: through the table of base forms
      {"dying", clue_verdict::same_stem},   // the -ing of a verb in -ie, DIE's
      {"monstrous", clue_verdict::same_root},  // a derived form no suffix rule reaches
      {"drives", clue_verdict::same_root},     // the verb beside the agent noun
      {"driving", clue_verdict::same_root},    // four letters alike, but its stem "drive" begins DRIVER
      {"hunter", clue_verdict::same_root},     // HUNTING's stem "hunt" begins it
      {"drove", clue_verdict::same_root},      // an irregular past form, through its base "drive"
      {"instruct", clue_verdict::same_root},   // up to the last two letters of the shorter
      {"instructor", clue_verdict::legal},     // four letters of both left after the six alike
      {"monsoon", clue_verdict::legal},        // four letters alike: not a root
      {"drivel", clue_verdict::same_root},     // an unrelated word sometimes falls under it
      {"spicy", clue_verdict::same_root},      // the adjective in -y of SPICE
      {"juicy", clue_verdict::same_root},      // of JUICE, whose Porter stem "juic" loses the e
      {"bone", clue_verdict::same_root},       // the noun of BONY, the other way round
      {"bones", clue_verdict::same_root},      // and its plural
      {"smoky", clue_verdict::same_root},      // of SMOKES, through its stem "smoke"
      {"spine", clue_verdict::legal},          // one letter apart, but not the y of an e
      {"drain", clue_verdict::legal},
      {"damn", clue_verdict::blocked},
      {"slurry", clue_verdict::blocked},
      {"ocean", clue_verdict::given_before},
      {"water", clue_verdict::legal},
      {"town", clue_verdict::legal},
  };
  for (const auto& r : rows) {
    CAPTURE(r.clue);
    CHECK(verdict_name(rules.check(r.clue)) == std::string(verdict_name(r.verdict)));
  }
  CHECK(rules.legal("water"));
  CHECK_FALSE(rules.legal("firewood"));
}

TEST_CASE("table entries: every card, covered or not, and the assassin", "[codenames][rules]") {
  board_view board;
  board.team = {"a1"};
  board.enemy = {"e1"};
  board.civilians = {"c1"};
  board.revealed = {"r1"};
  board.assassin = "x1";
  CHECK(table_entries(board) == std::vector<std::string>{"a1", "e1", "c1", "r1", "x1"});
  board.assassin.clear();
  CHECK(table_entries(board).size() == 4);
  CHECK(entry_words("ice  cream") == std::vector<std::string>{"ice", "cream"});
  CHECK(entry_words("new_york-city") == std::vector<std::string>{"new", "york", "city"});
}
