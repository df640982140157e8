#include "models/codenames/codenames_sim.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_set>

#include "events/splitmix64.hpp"
#include "models/codenames/clue_space.hpp"

namespace wordhall::codenames {
namespace {

// The first `count` places of a Fisher-Yates shuffle of `items`.
template <class T>
void shuffle_prefix(std::vector<T>& items, size_t count, splitmix64& random) {
  for (size_t i = 0; i < count && i + 1 < items.size(); ++i) {
    std::swap(items[i], items[i + size_t(random.below(items.size() - i))]);
  }
}

}  // namespace

uint64_t game_seed(uint64_t run_seed, size_t game) {
  splitmix64 random{run_seed ^ (0xd1b54a32d192ed03ULL * (uint64_t(game) + 1))};
  return random.next();
}

std::vector<card> deal_board(const std::vector<std::string>& deck, uint64_t seed) {
  if (deck.size() < board_size) return {};
  splitmix64 random{seed};
  std::vector<size_t> order(deck.size());
  std::iota(order.begin(), order.end(), size_t{0});
  shuffle_prefix(order, board_size, random);

  std::vector<card_role> roles;
  roles.insert(roles.end(), team_cards, card_role::team);
  roles.insert(roles.end(), enemy_cards, card_role::enemy);
  roles.insert(roles.end(), civilian_cards, card_role::civilian);
  roles.push_back(card_role::assassin);
  shuffle_prefix(roles, roles.size(), random);

  std::vector<card> cards;
  for (size_t i = 0; i < board_size; ++i) cards.push_back({deck[order[i]], roles[i], false});
  return cards;
}

board_view view_of(const std::vector<card>& cards, const std::vector<turn_seen>& history) {
  board_view view;
  for (const auto& c : cards) {
    if (c.revealed) {
      view.revealed.push_back(c.entry);
      continue;
    }
    switch (c.role) {
      case card_role::team: view.team.push_back(c.entry); break;
      case card_role::enemy: view.enemy.push_back(c.entry); break;
      case card_role::civilian: view.civilians.push_back(c.entry); break;
      case card_role::assassin: view.assassin = c.entry; break;
    }
  }
  for (const auto& turn : history) view.given.push_back(turn.clue);
  view.history = history;
  return view;
}

result<std::vector<std::string>> vector_guesser::rank(
    const clue& given, const std::vector<std::string>& unrevealed) const {
  auto clue_vector = entry_vector(vectors_, given.word);
  if (!clue_vector) return clue_vector.err();
  std::vector<float> scores;
  for (const auto& entry : unrevealed) {
    auto v = entry_vector(vectors_, entry);
    if (!v) return v.err();
    scores.push_back(v->dot(clue_vector.value()));
  }
  std::vector<size_t> order(unrevealed.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return scores[a] > scores[b]; });
  std::vector<std::string> out;
  for (size_t i : order) out.push_back(unrevealed[i]);
  return out;
}

game_seen seen_of(const game_record& record) {
  game_seen out;
  for (const auto& c : record.dealt) out.cards.push_back(c.entry);
  for (const auto& turn : record.played) out.history.push_back({turn.given.word, turn.picks, true});
  return out;
}

std::vector<board_view> boards_asked(const game_record& record) {
  std::vector<board_view> boards;
  std::vector<card> cards = record.dealt;
  std::vector<turn_seen> history;
  for (const auto& turn : record.played) {
    if (!history.empty()) boards.push_back(view_of(cards, history));
    history.push_back({turn.given.word, turn.picks, true});
    for (const auto& pick : turn.picks)
      for (auto& c : cards)
        if (!c.revealed && c.entry == pick) c.revealed = true;
  }
  return boards;
}

result<game_record> play_game(std::vector<card> cards, const spymaster& giver,
                              const guesser& taker, const turn_watcher& watch,
                              const std::vector<game_seen>& earlier) {
  game_record record;
  record.dealt = cards;
  std::vector<turn_seen> history;
  size_t enemies_revealed = 0;
  auto lose = [&record](bool assassin) {
    record.assassin = assassin;
    record.turns = max_turns;
    return record;
  };
  while (record.clues < max_turns) {
    auto view = view_of(cards, history);
    view.earlier = earlier;
    auto hint = giver.give_clue(view);
    if (!hint) return hint.err();
    if (watch) watch(cards, hint.value());
    history.push_back({hint->word, {}, true});
    record.played.push_back({hint.value(), {}});
    ++record.clues;

    std::vector<std::string> unrevealed;
    for (const auto& c : cards)
      if (!c.revealed) unrevealed.push_back(c.entry);
    auto ranking = taker.rank(hint.value(), unrevealed);
    if (!ranking) return ranking.err();
    const size_t team_left = team_cards - record.team_revealed;
    const size_t guesses = std::clamp<size_t>(size_t(std::max(hint->number, 1)), 1, team_left);
    const size_t number_slot = std::clamp<size_t>(size_t(std::max(hint->number, 1)), 1, 4) - 1;
    ++record.clues_for[number_slot];
    const size_t left_slot = std::clamp<size_t>(team_left, 1, 4) - 1;
    ++record.clues_with_left[left_slot];
    for (size_t g = 0; g < guesses && g < ranking->size(); ++g) {
      auto picked = std::find_if(cards.begin(), cards.end(), [&](const card& c) {
        return !c.revealed && c.entry == (*ranking)[g];
      });
      if (picked == cards.end()) {
        return make_error("bad_guess", "the guesser picked \"" + (*ranking)[g] +
                                           "\", which is not an unrevealed card");
      }
      picked->revealed = true;
      history.back().picks.push_back(picked->entry);
      record.played.back().picks.push_back(picked->entry);
      if (g == 0 && picked->role == card_role::team) {
        ++record.first_ours_for[number_slot];
        ++record.first_ours_with_left[left_slot];
      }
      if (g == 0 && picked->role == card_role::assassin) ++record.first_assassin_with_left[left_slot];
      if (picked->role == card_role::assassin) return lose(true);
      if (picked->role == card_role::enemy && ++enemies_revealed == enemy_cards) return lose(false);
      if (picked->role != card_role::team) break;
      if (++record.team_revealed == team_cards) {
        record.won = true;
        record.turns = record.clues;
        return record;
      }
    }
  }
  return lose(false);
}

eval_summary summarise(const std::vector<game_record>& games, size_t series) {
  eval_summary out;
  if (series > 1) {
    for (size_t at = 0; at < series && at < games.size(); ++at) {
      std::vector<game_record> those;
      for (size_t i = at; i < games.size(); i += series) those.push_back(games[i]);
      out.by_game_of_match.push_back(summarise(those));
    }
  }
  out.games = games.size();
  if (games.empty()) return out;
  size_t won = 0, assassins = 0, turns = 0, clues = 0, found = 0;
  for (const auto& g : games) {
    won += g.won;
    assassins += g.assassin;
    turns += g.turns;
    clues += g.clues;
    found += g.team_revealed;
    for (size_t n = 0; n < g.clues_for.size(); ++n) {
      out.clues_for[n] += g.clues_for[n];
      out.first_ours_for[n] += g.first_ours_for[n];
      out.clues_with_left[n] += g.clues_with_left[n];
      out.first_ours_with_left[n] += g.first_ours_with_left[n];
      out.first_assassin_with_left[n] += g.first_assassin_with_left[n];
    }
  }
  const double n = double(games.size());
  out.win_rate = double(won) / n;
  out.mean_turns = double(turns) / n;
  out.words_per_clue = clues ? double(found) / double(clues) : 0.0;
  out.assassin_rate = double(assassins) / n;
  return out;
}

result<std::vector<game_record>> play_games(const std::vector<std::string>& deck, size_t games,
                                           uint64_t seed, const spymaster& giver,
                                           const guesser& taker,
                                           const game_turn_watcher& watch, size_t series) {
  std::unordered_set<std::string> distinct(deck.begin(), deck.end());
  if (distinct.size() != deck.size() || deck.size() < board_size) {
    return make_error("bad_deck", "a deck needs at least 25 distinct entries; this one has " +
                                      std::to_string(distinct.size()) + " distinct of " +
                                      std::to_string(deck.size()));
  }
  std::vector<game_record> records;
  for (size_t i = 0; i < games; ++i) {
    turn_watcher this_game;
    if (watch) this_game = [&watch, i](const std::vector<card>& cards, const clue& given) {
      watch(i, cards, given);
    };
    std::vector<game_seen> earlier;
    if (series > 1)
      for (size_t e = i - i % series; e < i; ++e) earlier.push_back(seen_of(records[e]));
    auto record =
        play_game(deal_board(deck, game_seed(seed, i)), giver, taker, this_game, earlier);
    if (!record) return record.err();
    records.push_back(record.value());
  }
  return records;
}

namespace {

paired_difference difference_of(const std::vector<double>& d) {
  paired_difference out;
  if (d.empty()) return out;
  const double n = double(d.size());
  for (double x : d) out.mean += x / n;
  double squares = 0;
  for (double x : d) squares += (x - out.mean) * (x - out.mean);
  const double standard_error = d.size() > 1 ? std::sqrt(squares / (n - 1) / n) : 0.0;
  out.low = out.mean - 1.96 * standard_error;
  out.high = out.mean + 1.96 * standard_error;
  return out;
}

}  // namespace

paired_comparison compare_paired(const std::vector<game_record>& a,
                                 const std::vector<game_record>& b) {
  paired_comparison out;
  out.games = std::min(a.size(), b.size());
  std::vector<double> turns, wins;
  for (size_t i = 0; i < out.games; ++i) {
    turns.push_back(double(a[i].turns) - double(b[i].turns));
    wins.push_back(double(a[i].won) - double(b[i].won));
  }
  out.turns = difference_of(turns);
  out.wins = difference_of(wins);
  return out;
}

result<eval_summary> evaluate(const std::vector<std::string>& deck, size_t games, uint64_t seed,
                              const spymaster& giver, const guesser& taker) {
  auto records = play_games(deck, games, seed, giver, taker);
  if (!records) return records.err();
  return summarise(records.value());
}

}  // namespace wordhall::codenames
