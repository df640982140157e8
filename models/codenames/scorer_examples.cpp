// Training examples for the clue scorer; the contract is in scorer_examples.hpp.
#include "models/codenames/scorer_examples.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <unordered_set>

#include "models/codenames/codenames_sim.hpp"
#include "models/codenames/deck_cosines.hpp"

namespace wordhall::codenames {

board_view part_played_board(const std::vector<std::string>& deck, uint64_t seed) {
  const auto cards = deal_board(deck, seed);
  seeded_random random(seed ^ 0x5eed5eed5eedULL);
  const size_t team_left = 1 + size_t(random.uniform() * double(team_cards));
  const size_t enemy_left = 1 + size_t(random.uniform() * double(enemy_cards));
  const size_t civilians_left = size_t(random.uniform() * double(civilian_cards + 1));
  board_view board;
  for (const auto& c : cards) {
    switch (c.role) {
      case card_role::team:
        (board.team.size() < team_left ? board.team : board.revealed).push_back(c.entry);
        break;
      case card_role::enemy:
        (board.enemy.size() < enemy_left ? board.enemy : board.revealed).push_back(c.entry);
        break;
      case card_role::civilian:
        (board.civilians.size() < civilians_left ? board.civilians : board.revealed)
            .push_back(c.entry);
        break;
      case card_role::assassin:
        board.assassin = c.entry;
        break;
    }
  }
  return board;
}

result<std::vector<float>> scorer_inputs(const view_set& views, const board_view& board,
                                         const board_similarities& s,
                                         const std::vector<clue_candidate>& candidates,
                                         const clue_proposals* proposals) {
  const size_t base = feature_count(views.size());
  const size_t width = scorer_feature_count(views.size(), proposals != nullptr);
  std::vector<float> out(candidates.size() * width);
  for (size_t i = 0; i < candidates.size(); ++i)
    candidate_features(s, candidates[i], views.words().size(), out.data() + i * width);
  if (!proposals) return out;
  auto agreement = proposals->agreement(board, candidates);
  if (!agreement) return agreement.err();
  const auto extra = proposal_features_of(agreement.value(), candidates);
  for (size_t i = 0; i < candidates.size(); ++i)
    std::copy_n(extra.data() + i * proposal_features, proposal_features,
                out.data() + i * width + base);
  return out;
}

namespace {

struct board_examples {
  std::vector<float> inputs, utilities;
};

result<board_examples> examples_on_board(const view_set& views, const deck_cosines& cosines,
                                         const std::vector<std::string>& deck,
                                         const example_options& options, size_t b) {
  const uint64_t seed = game_seed(options.seed, b);
  const board_view board = part_played_board(deck, seed);
  auto s = cosines.similarities(board);
  if (!s) return s.err();
  seeded_random random(seed);
  const auto guessers = draw_guessers(views.size(), options.guessers, random);
  const auto candidates = legal_candidates_of(views, board, s.value(), options.candidates);
  auto rows = scorer_inputs(views, board, s.value(), candidates, options.proposals.get());
  if (!rows) return rows.err();
  board_examples out;
  out.inputs = std::move(rows).value();
  for (const auto& c : candidates)
    out.utilities.push_back(
        float(expected_utility(s.value(), c, guessers, options.utility, random)));
  return out;
}

}  // namespace

result<scorer_examples> make_scorer_examples(const view_set& views,
                                             const std::vector<std::string>& deck,
                                             const example_options& options,
                                             const std::function<void(size_t)>& on_board) {
  std::unordered_set<std::string> distinct(deck.begin(), deck.end());
  if (distinct.size() != deck.size() || deck.size() < board_size)
    return make_error("bad_deck", "a deck needs at least 25 distinct entries");
  auto cosines = deck_cosines::of(views, deck);
  if (!cosines) return cosines.err();

  // Boards are independent and each is seeded by its number, so threads take them in any order
  // and the examples come out the same.
  std::vector<result<board_examples>> per_board(options.boards, board_examples{});
  std::atomic<size_t> next{0}, done{0};
  auto rate = [&](bool reports) {
    for (size_t b; (b = next++) < options.boards;) {
      per_board[b] = examples_on_board(views, cosines.value(), deck, options, b);
      const size_t finished = ++done;
      if (reports && on_board) on_board(finished);
    }
  };
  const size_t threads = std::max<size_t>(
      1, options.threads ? options.threads : std::thread::hardware_concurrency());
  std::vector<std::thread> helpers;
  for (size_t t = 1; t < std::min(threads, options.boards); ++t) helpers.emplace_back(rate, false);
  rate(true);
  for (auto& helper : helpers) helper.join();
  if (on_board) on_board(options.boards);

  scorer_examples out;
  out.features = scorer_feature_count(views.size(), options.proposals != nullptr);
  for (size_t b = 0; b < options.boards; ++b) {
    if (!per_board[b]) return per_board[b].err();
    const auto& board = per_board[b].value();
    out.inputs.insert(out.inputs.end(), board.inputs.begin(), board.inputs.end());
    out.utilities.insert(out.utilities.end(), board.utilities.begin(), board.utilities.end());
    out.boards.insert(out.boards.end(), board.utilities.size(), uint32_t(b));
  }
  return out;
}

}  // namespace wordhall::codenames
