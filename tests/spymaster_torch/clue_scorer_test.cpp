// The clue scorer: it learns a utility from examples, its file keeps what it learned and the
// views it was trained on, and the spymaster built on it gives legal clues.
#include "tests/spymaster_torch/catch_over_torch.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <numeric>

#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/clue_rules.hpp"
#include "models/codenames/codenames_sim.hpp"
#include "models/codenames/strong_links.hpp"
#include "models/torch/clue_scorer_net.hpp"
#include "models/torch/clue_scorer.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall;
using namespace wordhall::codenames;
using namespace wordhall::spymaster_torch;
using wordhall::codenames::testing::spread_name;
using wordhall::codenames::testing::spread_view_set;
using wordhall::codenames::testing::spread_words;

namespace {

std::string scorer_temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("wordhall-scorer-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

// Examples whose utility is a fixed function of two features, for one view.
scorer_examples synthetic_examples(size_t count) {
  scorer_examples out;
  out.features = feature_count(1);
  seeded_random random(5);
  for (size_t i = 0; i < count; ++i) {
    std::vector<float> row(out.features);
    for (auto& x : row) x = float(2.0 * random.uniform() - 1.0);
    out.inputs.insert(out.inputs.end(), row.begin(), row.end());
    out.utilities.push_back(2.0f * row[0] - row[4] + (row[2] > 0 ? 1.0f : -1.0f));
    out.boards.push_back(uint32_t(i / 20));
  }
  return out;
}

scorer_layout views_only(std::vector<std::string> views) { return {std::move(views), "", {}}; }

// A scorer over the one view "spread", trained briefly on the synthetic examples, in a temporary
// file named after `name`; returns its path.
std::string spread_scorer(const std::string& name) {
  const std::string file = scorer_temp_path(name);
  scorer_train_options options;
  options.epochs = 2;
  REQUIRE(train_clue_scorer(synthetic_examples(400), views_only({"spread"}), file, options).ok());
  return file;
}

// Board `shift` of the 15 the spymaster tests deal from the spread view's first 40 words: 8
// cards ours, 7 enemy, 9 civilians and the assassin, shifted by 7 words a board.
board_view shifted_board(size_t shift) {
  board_view board;
  for (size_t i = 0; i < 25; ++i) {
    const std::string card = spread_name((i + shift * 7) % 40);
    if (i < 8) board.team.push_back(card);
    else if (i < 15) board.enemy.push_back(card);
    else if (i < 24) board.civilians.push_back(card);
    else board.assassin = card;
  }
  return board;
}

// The row of `word` among the view set's words (words.size() when it is not there).
size_t row_of(const view_set& views, const std::string& word) {
  const auto& words = views.words();
  return size_t(std::find(words.begin(), words.end(), word) - words.begin());
}

}  // namespace

TEST_CASE("clue scorer: learns the utility and keeps it in its file", "[spymaster_torch][scorer]") {
  const auto examples = synthetic_examples(4000);
  double mean = std::accumulate(examples.utilities.begin(), examples.utilities.end(), 0.0) /
                double(examples.size());
  double variance = 0;
  for (float u : examples.utilities) variance += (u - mean) * (u - mean) / double(examples.size());

  const std::string file = scorer_temp_path("fit.whcs");
  scorer_train_options options;
  options.epochs = 40;
  scorer_layout layout = views_only({"spread"});
  // Not the defaults, nor what a file without a recorded utility loads as: the file must keep
  // what it was given.
  layout.utility.assassin = -13.5;
  layout.utility.civilian = -0.5;
  auto report = train_clue_scorer(examples, layout, file, options);
  REQUIRE(report.ok());
  CHECK(report->train_examples + report->validation_examples == examples.size());
  CHECK(report->validation_examples >= 300);
  // Boards the training never saw are predicted far better than by the mean.
  INFO("validation loss " << report->validation_loss.back() << ", variance " << variance);
  CHECK(report->validation_loss.back() < 0.2 * variance);
  CHECK(report->validation_loss.back() < report->validation_loss.front());

  auto loaded = load_scorer(file);
  REQUIRE(loaded.ok());
  CHECK(loaded->layout.views == std::vector<std::string>{"spread"});
  CHECK(loaded->layout.utility.assassin == -13.5);
  CHECK(loaded->layout.utility.civilian == -0.5);
  auto again = load_scorer(file);
  REQUIRE(again.ok());
  auto x = torch::rand({8, int64_t(examples.features)});
  CHECK(torch::allclose(loaded->net->forward(x), again->net->forward(x)));

  // The same seed trains the same scorer.
  const std::string twin = scorer_temp_path("twin.whcs");
  REQUIRE(train_clue_scorer(examples, views_only({"spread"}), twin, options).ok());
  auto twin_net = load_scorer(twin);
  REQUIRE(twin_net.ok());
  CHECK(torch::equal(loaded->net->forward(x), twin_net->net->forward(x)));
  std::filesystem::remove(file);
  std::filesystem::remove(twin);
}

TEST_CASE("clue scorer: bad input is a clear error", "[spymaster_torch][scorer]") {
  scorer_examples none;
  none.features = feature_count(1);
  CHECK(train_clue_scorer(none, views_only({"spread"}), scorer_temp_path("none.whcs")).err().code ==
        "invalid_argument");
  CHECK(train_clue_scorer(synthetic_examples(40), views_only({"a", "b"}),
                          scorer_temp_path("two.whcs"))
            .err()
            .code == "invalid_argument");
  CHECK(load_scorer(scorer_temp_path("missing.whcs")).err().code == "io_error");
  const std::string garbage = scorer_temp_path("garbage.whcs");
  std::ofstream(garbage) << "not a scorer";
  CHECK(load_scorer(garbage).err().code == "data_loss");
  std::filesystem::remove(garbage);
}

TEST_CASE("clue scorer: the spymaster gives a legal clue, only over its own views",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("spymaster.whcs");

  auto other = load_scored_spymaster(file, spread_view_set("other"), nullptr);
  REQUIRE_FALSE(other.ok());
  CHECK(other.err().code == "invalid_argument");
  CHECK_THAT(other.err().message, Catch::Contains("spread"));

  auto giver = load_scored_spymaster(file, spread_view_set("spread"), nullptr);
  REQUIRE(giver.ok());
  CHECK(giver.value()->name() == "learned");
  board_view board;
  for (size_t i = 0; i < 25; ++i) {
    auto& role = i < 8 ? board.team : i < 15 ? board.enemy : i < 24 ? board.civilians : board.team;
    if (i == 24) board.assassin = spread_name(i);
    else role.push_back(spread_name(i));
  }
  board.given = {spread_name(40)};
  auto hint = giver.value()->give_clue(board);
  REQUIRE(hint.ok());
  CHECK(hint->number >= 1);
  CHECK(size_t(hint->number) == hint->targets.size());
  for (const auto& t : hint->targets)
    CHECK(std::find(board.team.begin(), board.team.end(), t) != board.team.end());
  const auto nothing_blocked = models::blocklist::parse("");
  clue_rules rules(nothing_blocked, table_entries(board), board.given);
  CHECK(rules.legal(hint->word));
  std::filesystem::remove(file);
}

TEST_CASE("clue scorer: the spymaster avoids a clue word that a view links to the assassin",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("unlinked.whcs");
  auto views = spread_view_set("spread");
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  auto links = strong_links::of(*views, deck, 4);
  REQUIRE(links.ok());
  candidate_options candidates;
  candidates.strong = links.value();
  candidates.read_guessers = false;
  auto giver = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(giver.ok());
  size_t with_linked_rival = 0;
  // Boards that differ in which cards are ours and which is the assassin.
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto s = similarities_of(*views, board);
    REQUIRE(s.ok());
    bool unlinked_exists = false, linked_exists = false;
    for (const auto& c : legal_candidates_of(*views, board, s.value(), candidates)) {
      if (!assassin_behind_targets(s.value(), c)) continue;
      (assassin_linked(*links.value(), s.value(), c) ? linked_exists : unlinked_exists) = true;
    }
    if (!unlinked_exists) continue;
    with_linked_rival += linked_exists;
    auto hint = giver.value()->give_clue(board);
    REQUIRE(hint.ok());
    const size_t row = row_of(*views, hint->word);
    REQUIRE(row < views->words().size());
    CAPTURE(shift, hint->word, board.assassin);
    CHECK_FALSE(assassin_linked(*links.value(), s.value(), clue_candidate{row, {0}}));
  }
  CHECK(with_linked_rival > 0);  // the rule had something to refuse
  std::filesystem::remove(file);
}

TEST_CASE("clue scorer: the spymaster avoids a clue word with a card not ours among its strong "
          "links", "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("rivals.whcs");
  auto views = spread_view_set("spread");
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  auto links = strong_links::of(*views, deck, 4);
  REQUIRE(links.ok());
  candidate_options candidates;
  candidates.strong = links.value();
  candidates.read_guessers = false;
  auto giver = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(giver.ok());
  size_t refused = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto s = similarities_of(*views, board);
    REQUIRE(s.ok());
    // Of the candidates that pass the assassin's checks, some with a rival and some without.
    bool clear_exists = false, rival_exists = false;
    for (const auto& c : legal_candidates_of(*views, board, s.value(), candidates)) {
      if (!assassin_behind_targets(s.value(), c) || assassin_linked(*links.value(), s.value(), c))
        continue;
      (rival_linked(*links.value(), s.value(), c) ? rival_exists : clear_exists) = true;
    }
    if (!clear_exists) continue;
    refused += rival_exists;
    auto hint = giver.value()->give_clue(board);
    REQUIRE(hint.ok());
    const size_t row = row_of(*views, hint->word);
    REQUIRE(row < views->words().size());
    CAPTURE(shift, hint->word);
    CHECK_FALSE(rival_linked(*links.value(), s.value(), clue_candidate{row, {0}}));
  }
  CHECK(refused > 0);  // the rule had something to refuse

  // Without the rule the scorer's best is given, rival or not, on some of the same boards.
  candidates.rivals_last = false;
  auto careless = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(careless.ok());
  size_t rivals_given = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto s = similarities_of(*views, board);
    REQUIRE(s.ok());
    auto hint = careless.value()->give_clue(board);
    REQUIRE(hint.ok());
    const size_t row = row_of(*views, hint->word);
    rivals_given += rival_linked(*links.value(), s.value(), clue_candidate{row, {0}});
  }
  CHECK(rivals_given > 0);
  std::filesystem::remove(file);
}

namespace {

// Gives the careful spymaster's clues, so that both see the same games, and on every board asks
// the bold one too: its clue must be the careful one before any pick is seen, and where the two
// differ, one that its one view makes clear (its targets lead every other card by the margins,
// in the view's order).
class comparing_spymaster final : public spymaster {
 public:
  comparing_spymaster(const spymaster& bold, const spymaster& careful, const view_set& views)
      : bold_(bold), careful_(careful), views_(views) {}

  std::string name() const override { return "comparing"; }

  result<clue> give_clue(const board_view& board) const override {
    auto a = bold_.give_clue(board);
    auto b = careful_.give_clue(board);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    ++compared;
    CAPTURE(a->word, b->word, board.history.size());
    if (board.history.empty()) CHECK(a->word == b->word);
    if (a->word != b->word || a->targets != b->targets) {
      ++differ;
      auto s = similarities_of(views_, board);
      REQUIRE(s.ok());
      const auto row = Eigen::Index(row_of(views_, a->word));
      REQUIRE(size_t(row) < views_.words().size());
      float rival = -2;
      for (Eigen::Index j = s->team; j < s->cards(); ++j) rival = std::max(rival, s->mean(row, j));
      float previous = 2;
      for (const auto& target : a->targets) {
        const auto t = Eigen::Index(std::find(board.team.begin(), board.team.end(), target) -
                                    board.team.begin());
        REQUIRE(t < s->team);
        CHECK(s->mean(row, t) >= rival + 0.05f - 1e-6f);
        CHECK(s->mean(row, t) >= s->mean(row, s->civilian_end) + 0.15f - 1e-6f);
        CHECK(s->mean(row, t) <= previous);
        previous = s->mean(row, t);
      }
    }
    return b;
  }

  mutable size_t compared = 0, differ = 0;

 private:
  const spymaster& bold_;
  const spymaster& careful_;
  const view_set& views_;
};

}  // namespace

TEST_CASE("clue scorer: once the picks read as its one view does, the view's own clear clues",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("view-clues.whcs");
  auto views = spread_view_set("spread");
  candidate_options with, without;
  with.view_clues = true;
  auto bold = load_scored_spymaster(file, views, nullptr, with);
  auto careful = load_scored_spymaster(file, views, nullptr, without);
  REQUIRE(bold.ok());
  REQUIRE(careful.ok());
  comparing_spymaster both(*bold.value(), *careful.value(), *views);
  // The team guesses as the view reads: by cosine on the same vectors.
  vector_guesser team(spread_words(300, 12));
  for (size_t shift = 0; shift < 15; ++shift) {
    std::vector<card> cards;
    for (size_t i = 0; i < 25; ++i)
      cards.push_back({spread_name((i + shift * 7) % 40),
                       i < 8 ? card_role::team : i < 15 ? card_role::enemy
                                               : i < 24 ? card_role::civilian
                                                        : card_role::assassin});
    CAPTURE(shift);
    REQUIRE(play_game(cards, both, team).ok());
  }
  CHECK(both.compared > 30);
  CHECK(both.differ > 0);  // the view's clues were taken somewhere
  std::filesystem::remove(file);
}

// Gives `first`'s clue and counts the boards where `second`, asked the same, says otherwise.
class differing_spymaster final : public spymaster {
 public:
  differing_spymaster(const spymaster& first, const spymaster& second)
      : first_(first), second_(second) {}

  std::string name() const override { return "differing"; }

  result<clue> give_clue(const board_view& board) const override {
    auto a = first_.give_clue(board);
    auto b = second_.give_clue(board);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    ++compared;
    if (a->word != b->word || a->targets != b->targets) ++differ;
    return a;
  }

  mutable size_t compared = 0, differ = 0;

 private:
  const spymaster& first_;
  const spymaster& second_;
};

// spread_words(300, 12) with the words' vectors dealt out again (word i takes word 37i + 11's):
// a team on these vectors reads clues as the view never does.
models::embeddings shifted_spread_words() {
  const auto words = spread_words(300, 12);
  models::embeddings_builder builder(12, 0, 300);
  for (size_t i = 0; i < 300; ++i)
    REQUIRE(builder.add(spread_name(i), words.vector((37 * i + 11) % 300).data()).ok());
  return std::move(builder).finish();
}

TEST_CASE("clue scorer: looser links only once the picks read like its one view alone",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("loose.whcs");
  auto views = spread_view_set("spread");
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  auto strict = strong_links::of(*views, deck, 2);
  auto loose = strong_links::of(*views, deck, 12);
  REQUIRE(strict.ok());
  REQUIRE(loose.ok());
  candidate_options fixed;
  fixed.strong = strict.value();
  candidate_options loosening = fixed;
  loosening.loose = loose.value();
  auto with = load_scored_spymaster(file, views, nullptr, loosening);
  auto without = load_scored_spymaster(file, views, nullptr, fixed);
  REQUIRE(with.ok());
  REQUIRE(without.ok());
  auto play_against = [&](const guesser& team) {
    differing_spymaster both(*with.value(), *without.value());
    for (size_t shift = 0; shift < 15; ++shift) {
      std::vector<card> cards;
      for (size_t i = 0; i < 25; ++i)
        cards.push_back({spread_name((i + shift * 7) % 40),
                         i < 8 ? card_role::team : i < 15 ? card_role::enemy
                                                 : i < 24 ? card_role::civilian
                                                          : card_role::assassin});
      CAPTURE(shift);
      REQUIRE(play_game(cards, both, team).ok());
    }
    return std::pair{both.compared, both.differ};
  };
  // A team that guesses by the view's own vectors reads like it: its looser links count.
  const auto [read_alike, loosened] = play_against(vector_guesser(spread_words(300, 12)));
  CHECK(read_alike > 30);
  CHECK(loosened > 0);
  // A team on other vectors never reads like the view, however it picks: the links stay.
  const auto [read_otherwise, changed] = play_against(vector_guesser(shifted_spread_words()));
  CHECK(read_otherwise > 30);
  CHECK(changed == 0);
  std::filesystem::remove(file);
}

TEST_CASE("clue scorer: told to remember, a rematch's first clue follows how the team read clues "
          "in the match's earlier games",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("rematch.whcs");
  auto views = spread_view_set("spread");
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  auto strict = strong_links::of(*views, deck, 2);
  auto loose = strong_links::of(*views, deck, 12);
  REQUIRE(strict.ok());
  REQUIRE(loose.ok());
  candidate_options reading;
  reading.strong = strict.value();
  reading.loose = loose.value();
  reading.remembered_games = 3;
  candidate_options not_reading = reading;
  not_reading.read_guessers = false;
  candidate_options forgetting = reading;  // the server's: this game's picks alone
  forgetting.remembered_games = 0;
  auto spymaster = load_scored_spymaster(file, views, nullptr, reading);
  auto unread = load_scored_spymaster(file, views, nullptr, not_reading);
  auto forgetful = load_scored_spymaster(file, views, nullptr, forgetting);
  REQUIRE(forgetful.ok());
  REQUIRE(spymaster.ok());
  REQUIRE(unread.ok());
  auto cards_of = [](size_t shift) {
    std::vector<card> cards;
    for (size_t i = 0; i < 25; ++i)
      cards.push_back({spread_name((i + shift * 7) % 40),
                       i < 8 ? card_role::team : i < 15 ? card_role::enemy
                                               : i < 24 ? card_role::civilian
                                                        : card_role::assassin});
    return cards;
  };
  // A team that guesses by the view's own vectors plays a game; the next game's first clue,
  // shown that game, is bolder than a fresh game's on some boards and never more timid.
  vector_guesser team(spread_words(300, 12));
  size_t differ = 0, fresh_cards = 0, rematch_cards = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    auto before = play_game(cards_of(shift + 1), *spymaster.value(), team);
    REQUIRE(before.ok());
    board_view board = view_of(cards_of(shift), {});
    auto fresh = spymaster.value()->give_clue(board);
    auto unread_fresh = unread.value()->give_clue(board);
    board.earlier = {seen_of(before.value())};
    auto rematch = spymaster.value()->give_clue(board);
    auto unread_rematch = unread.value()->give_clue(board);
    REQUIRE(fresh.ok());
    REQUIRE(rematch.ok());
    REQUIRE(unread_fresh.ok());
    REQUIRE(unread_rematch.ok());
    CAPTURE(shift, fresh->word, rematch->word);
    differ += fresh->word != rematch->word || fresh->targets != rematch->targets;
    fresh_cards += size_t(fresh->number);
    rematch_cards += size_t(rematch->number);
    // Reading off, or remembering no game, the earlier games change nothing.
    CHECK(unread_fresh->word == unread_rematch->word);
    CHECK(unread_fresh->targets == unread_rematch->targets);
    auto forgotten = forgetful.value()->give_clue(board);
    REQUIRE(forgotten.ok());
    CHECK(forgotten->word == fresh->word);
    CHECK(forgotten->targets == fresh->targets);
  }
  CHECK(differ > 0);
  CHECK(rematch_cards > fresh_cards);
  std::filesystem::remove(file);
}

TEST_CASE("clue scorer: near its choice, the spymaster says the more common word for the same cards",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("commoner.whcs");
  auto views = spread_view_set("spread");
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(spread_name(i));
  auto links = strong_links::of(*views, deck, 4);
  REQUIRE(links.ok());
  candidate_options candidates;
  candidates.strong = links.value();
  candidates.read_guessers = false;
  candidates.commoner_word_within = -1;  // never: the scorer's choice
  auto scorers_choice = load_scored_spymaster(file, views, nullptr, candidates);
  candidates.commoner_word_within = 1e9;  // any rating: the most common word for those cards
  auto commonest = load_scored_spymaster(file, views, nullptr, candidates);
  REQUIRE(scorers_choice.ok());
  REQUIRE(commonest.ok());
  size_t commoner = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    const board_view board = shifted_board(shift);
    auto chosen = scorers_choice.value()->give_clue(board);
    auto common = commonest.value()->give_clue(board);
    REQUIRE(chosen.ok());
    REQUIRE(common.ok());
    CAPTURE(shift, chosen->word, common->word);
    auto sorted = [](std::vector<std::string> v) {
      std::sort(v.begin(), v.end());
      return v;
    };
    CHECK(sorted(common->targets) == sorted(chosen->targets));  // the same cards
    CHECK(row_of(*views, common->word) <= row_of(*views, chosen->word));       // words come commonest first
    commoner += row_of(*views, common->word) < row_of(*views, chosen->word);
  }
  CHECK(commoner > 0);  // the rule changed some clue
  std::filesystem::remove(file);
}
