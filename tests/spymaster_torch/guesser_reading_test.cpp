// How the spymaster on the clue scorer reads its guessers: once the picks read as its one view
// does, that view's own clear clues and looser links, and, told to, the picks of the match's
// earlier games.
#include "tests/spymaster_torch/scorer_fixtures.hpp"

using namespace wordhall;
using namespace wordhall::codenames;
using namespace wordhall::spymaster_torch;
using namespace wordhall::spymaster_torch::testing;
using wordhall::codenames::testing::spread_name;
using wordhall::codenames::testing::spread_view_set;
using wordhall::codenames::testing::spread_words;

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
    CAPTURE(shift);
    REQUIRE(play_game(shifted_cards(shift), both, team).ok());
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

namespace {

// spread_words(300, 12) with the words' vectors dealt out again (word i takes word 37i + 11's):
// a team on these vectors reads clues as the view never does.
models::embeddings shifted_spread_words() {
  const auto words = spread_words(300, 12);
  models::embeddings_builder builder(12, 0, 300);
  for (size_t i = 0; i < 300; ++i)
    REQUIRE(builder.add(spread_name(i), words.vector((37 * i + 11) % 300).data()).ok());
  return std::move(builder).finish();
}

// Strong links at rank 2 of the spread deck, and looser ones at rank 12.
candidate_options strict_and_loose_links(const view_set& views) {
  const auto deck = spread_deck();
  auto strict = strong_links::of(views, deck, 2);
  auto loose = strong_links::of(views, deck, 12);
  REQUIRE(strict.ok());
  REQUIRE(loose.ok());
  candidate_options options;
  options.strong = strict.value();
  options.loose = loose.value();
  return options;
}

}  // namespace

TEST_CASE("clue scorer: looser links only once the picks read like its one view alone",
          "[spymaster_torch][scorer]") {
  const std::string file = spread_scorer("loose.whcs");
  auto views = spread_view_set("spread");
  const candidate_options loosening = strict_and_loose_links(*views);
  candidate_options fixed = loosening;
  fixed.loose = nullptr;
  auto with = load_scored_spymaster(file, views, nullptr, loosening);
  auto without = load_scored_spymaster(file, views, nullptr, fixed);
  REQUIRE(with.ok());
  REQUIRE(without.ok());
  auto play_against = [&](const guesser& team) {
    differing_spymaster both(*with.value(), *without.value());
    for (size_t shift = 0; shift < 15; ++shift) {
      CAPTURE(shift);
      REQUIRE(play_game(shifted_cards(shift), both, team).ok());
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
  candidate_options reading = strict_and_loose_links(*views);
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
  // A team that guesses by the view's own vectors plays a game; the next game's first clue,
  // shown that game, is bolder than a fresh game's on some boards and never more timid.
  vector_guesser team(spread_words(300, 12));
  size_t differ = 0, fresh_cards = 0, rematch_cards = 0;
  for (size_t shift = 0; shift < 15; ++shift) {
    auto before = play_game(shifted_cards(shift + 1), *spymaster.value(), team);
    REQUIRE(before.ok());
    board_view board = shifted_board(shift);
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
