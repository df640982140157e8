// Training examples for the clue scorer; the contract is in scorer_examples.hpp.
#include "models/codenames/scorer_examples.hpp"

#include <unordered_set>

#include "models/codenames/codenames_sim.hpp"

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

result<scorer_examples> make_scorer_examples(const view_set& views,
                                             const std::vector<std::string>& deck,
                                             const example_options& options,
                                             const std::function<void(size_t)>& on_board) {
  std::unordered_set<std::string> distinct(deck.begin(), deck.end());
  if (distinct.size() != deck.size() || deck.size() < board_size)
    return make_error("bad_deck", "a deck needs at least 25 distinct entries");
  scorer_examples out;
  out.features = feature_count(views.size());
  std::vector<float> row(out.features);
  for (size_t b = 0; b < options.boards; ++b) {
    const uint64_t seed = game_seed(options.seed, b);
    const board_view board = part_played_board(deck, seed);
    auto s = similarities_of(views, board);
    if (!s) return s.err();
    seeded_random random(seed);
    const auto guessers = draw_guessers(views.size(), options.guessers, random);
    for (const auto& c : legal_candidates_of(views, board, s.value(), options.candidates)) {
      candidate_features(s.value(), c, views.words().size(), row.data());
      out.inputs.insert(out.inputs.end(), row.begin(), row.end());
      out.utilities.push_back(
          float(expected_utility(s.value(), c, guessers, options.utility, random)));
      out.boards.push_back(uint32_t(b));
    }
    if (on_board) on_board(b + 1);
  }
  return out;
}

}  // namespace wordhall::codenames
