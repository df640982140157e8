// The learned spymaster giving clues (models/torch/learned_spymaster.hpp), with a small net
// trained here on a synthetic 8-dimensional deck: 40 deck words, 560 other clue words.
#include "tests/spymaster_torch/catch_over_torch.hpp"

#include <set>
#include <thread>

#include "models/codenames/codenames_sim.hpp"
#include "models/torch/learned_spymaster.hpp"
#include "models/torch/spymaster_trainer.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall;
using namespace wordhall::codenames;
using wordhall::codenames::testing::spread_name;
using wordhall::codenames::testing::spread_words;

namespace {

constexpr size_t deck_size = 40, word_count = 600, dimensions = 8;

std::vector<std::string> deck_words() {
  std::vector<std::string> out;
  for (size_t i = 0; i < deck_size; ++i) out.push_back(spread_name(i));
  return out;
}

std::shared_ptr<const clue_space> synthetic_space(size_t dims = dimensions) {
  std::vector<std::string> clue_words;
  for (size_t i = deck_size; i < word_count; ++i) clue_words.push_back(spread_name(i));
  return std::make_shared<clue_space>(spread_words(word_count, dims), clue_words,
                                      models::blocklist::parse(""));
}

// A small net trained once for all tests here: 60 steps on the synthetic deck.
const std::string& weights_file() {
  static const std::string path = [] {
    auto space = synthetic_space();
    std::vector<float> deck;
    for (const auto& word : deck_words()) {
      auto row = entry_vector(space->vectors(), word);
      REQUIRE(row.ok());
      deck.insert(deck.end(), row->data(), row->data() + row->size());
    }
    spymaster_torch::train_options options;
    options.steps = 60;
    options.batch = 16;
    options.device = "cpu";
    options.set_width = 16;
    options.hidden = 32;
    options.checkpoint_every = 0;
    options.learning_rate = 3e-3;
    options.out = std::string(WORDHALL_BUILD_DIR) + "/spymaster-torch-learned.whsm";
    REQUIRE(spymaster_torch::train_spymaster(deck, int64_t(dimensions), options).ok());
    return options.out;
  }();
  return path;
}

std::shared_ptr<const spymaster> learned(std::shared_ptr<const clue_space> space = nullptr) {
  spymaster_torch::learned_options options;
  options.device = "cpu";
  auto loaded = spymaster_torch::load_learned_spymaster(
      weights_file(), space ? space : synthetic_space(), options);
  REQUIRE(loaded.ok());
  return loaded.value();
}

// Board i of a run: dealt as the evaluation deals, with i % 8 team cards and i % 5 enemy cards
// already revealed and, from the fourth board on, two earlier clues.
board_view board_of(size_t i) {
  auto cards = deal_board(deck_words(), game_seed(11, i));
  size_t team_revealed = i % 8, enemy_revealed = i % 5;
  for (auto& c : cards) {
    if (c.role == card_role::team && team_revealed > 0) c.revealed = (team_revealed--, true);
    if (c.role == card_role::enemy && enemy_revealed > 0) c.revealed = (enemy_revealed--, true);
  }
  std::vector<turn_seen> history;
  if (i >= 3) history = {{spread_name(deck_size + i), {}}, {spread_name(deck_size + 2 * i), {}}};
  return view_of(cards, history);
}

void check_same(const result<clue>& a, const result<clue>& b) {
  REQUIRE(a.ok() == b.ok());
  if (!a.ok()) {
    CHECK(a.err().code == b.err().code);
    return;
  }
  CHECK(a->word == b->word);
  CHECK(a->number == b->number);
  CHECK(a->targets == b->targets);
}

}  // namespace

TEST_CASE("learned: every clue is legal and aimed at unrevealed team cards",
          "[spymaster_torch][learned]") {
  auto space = synthetic_space();
  auto giver = learned(space);
  CHECK(giver->name() == "setnet");
  std::set<size_t> sizes;
  for (size_t i = 0; i < 24; ++i) {
    const auto board = board_of(i);
    CAPTURE(i);
    auto hint = giver->give_clue(board);
    REQUIRE(hint.ok());
    clue_rules rules(space->blocked(), table_entries(board), board.given);
    CHECK(rules.legal(hint->word));
    CHECK(std::count(space->words().begin(), space->words().end(), hint->word) == 1);
    CHECK(std::count(board.given.begin(), board.given.end(), hint->word) == 0);
    CHECK(hint->number >= 1);
    CHECK(size_t(hint->number) == hint->targets.size());
    std::set<std::string> distinct(hint->targets.begin(), hint->targets.end());
    CHECK(distinct.size() == hint->targets.size());
    for (const auto& target : hint->targets)
      CHECK(std::count(board.team.begin(), board.team.end(), target) == 1);
    sizes.insert(board.team.size());
  }
  CHECK(sizes.size() == 8);  // every team size from 1 to 8 was asked
}

TEST_CASE("learned: give_clues answers a batch as give_clue answers each board",
          "[spymaster_torch][learned]") {
  auto giver = learned();
  std::vector<board_view> boards;
  for (size_t i = 0; i < 40; ++i) boards.push_back(board_of(i));
  boards[7].team.push_back("zebra");  // one bad board answers for itself only
  boards[12].team.clear();
  auto batch = giver->give_clues(boards);
  REQUIRE(batch.size() == boards.size());
  for (size_t i = 0; i < boards.size(); ++i) {
    CAPTURE(i);
    check_same(batch[i], giver->give_clue(boards[i]));
  }
  CHECK(batch[7].err().code == "word_not_in_vocabulary");
  CHECK(batch[12].err().code == "bad_board");
  CHECK(giver->give_clues({}).empty());
}

TEST_CASE("learned: the same board gets the same clue, from one load or another",
          "[spymaster_torch][learned]") {
  auto first = learned();
  auto second = learned();
  for (size_t i = 0; i < 10; ++i) {
    const auto board = board_of(i);
    check_same(first->give_clue(board), first->give_clue(board));
    check_same(first->give_clue(board), second->give_clue(board));
  }
}

TEST_CASE("learned: one spymaster serves several threads at once", "[spymaster_torch][learned]") {
  auto giver = learned();
  std::vector<board_view> boards;
  for (size_t i = 0; i < 16; ++i) boards.push_back(board_of(i));
  std::vector<result<clue>> alone;
  for (const auto& board : boards) alone.push_back(giver->give_clue(board));
  std::vector<std::vector<result<clue>>> answers(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < answers.size(); ++t) {
    threads.emplace_back([&, t] {
      for (const auto& board : boards) answers[t].push_back(giver->give_clue(board));
    });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& answer : answers) {
    REQUIRE(answer.size() == alone.size());
    for (size_t i = 0; i < alone.size(); ++i) check_same(answer[i], alone[i]);
  }
}

TEST_CASE("learned: boards missing cards still get a clue", "[spymaster_torch][learned]") {
  auto giver = learned();
  const auto full = board_of(0);

  board_view last_card = full;
  last_card.team = {full.team[0]};
  auto one = giver->give_clue(last_card);
  REQUIRE(one.ok());
  CHECK(one->number == 1);
  CHECK(one->targets == std::vector<std::string>{full.team[0]});

  board_view no_enemy = full;
  no_enemy.enemy.clear();
  auto without_enemy = giver->give_clue(no_enemy);
  REQUIRE(without_enemy.ok());
  CHECK(without_enemy->number >= 1);

  board_view only_team;
  only_team.team = {full.team[0], full.team[1], full.team[2]};
  auto only = giver->give_clue(only_team);
  REQUIRE(only.ok());
  CHECK(only->number >= 1);

  board_view no_assassin = full;
  no_assassin.assassin.clear();
  no_assassin.enemy.clear();
  REQUIRE(giver->give_clue(no_assassin).ok());

  board_view nine = full;  // the starting team of a real game has 9 cards
  nine.team.push_back(nine.civilians.back());
  nine.civilians.pop_back();
  auto of_nine = giver->give_clue(nine);
  REQUIRE(of_nine.ok());
  CHECK(of_nine->number >= 1);
}

TEST_CASE("learned: bad boards and bad model files are errors", "[spymaster_torch][learned]") {
  auto giver = learned();
  board_view empty;
  CHECK(giver->give_clue(empty).err().code == "bad_board");
  auto unknown = board_of(0);
  unknown.enemy.push_back("zebra");
  CHECK(giver->give_clue(unknown).err().code == "word_not_in_vocabulary");
  board_view ten = board_of(0);
  while (ten.team.size() < 10) {
    ten.team.push_back(ten.civilians.back());
    ten.civilians.pop_back();
  }
  CHECK(giver->give_clue(ten).err().code == "bad_board");

  using spymaster_torch::load_learned_spymaster;
  auto missing = load_learned_spymaster(std::string(WORDHALL_BUILD_DIR) + "/no-such.whsm",
                                        synthetic_space());
  CHECK(missing.err().code == "io_error");
  auto wider = load_learned_spymaster(weights_file(), synthetic_space(12));
  CHECK(wider.err().code == "invalid_argument");
  spymaster_torch::learned_options options;
  options.device = "tpu";
  CHECK(load_learned_spymaster(weights_file(), synthetic_space(), options).err().code ==
        "invalid_argument");
}

TEST_CASE("learned: plays whole simulated games to the end", "[spymaster_torch][learned]") {
  auto space = synthetic_space();
  auto giver = learned(space);
  vector_guesser taker(space->vectors());
  auto summary = evaluate(deck_words(), 6, 3, *giver, taker);
  REQUIRE(summary.ok());
  CHECK(summary->games == 6);
  CHECK(summary->mean_turns >= 1.0);
  CHECK(summary->mean_turns <= 25.0);
  CHECK(summary->words_per_clue > 0.0);
  CHECK(summary->win_rate >= 0.0);
  CHECK(summary->win_rate <= 1.0);
  CHECK(summary->assassin_rate <= 1.0 - summary->win_rate);
}
