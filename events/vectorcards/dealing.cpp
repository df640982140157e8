#include "events/vectorcards/dealing.hpp"

#include <algorithm>
#include <set>

#include "events/vectorcards/scoring.hpp"

namespace wordhall::vectorcards {
namespace {

constexpr int pair_tries = 24;
constexpr int redeal_tries = 12;
constexpr double wanted_distance = 0.5;

// Draws `count` different words of `pool` that are not in `taken`, adding them to `taken`.
std::vector<std::string> draw_unique(draw_rng& rng, const std::vector<std::string>& pool,
                                     size_t pool_size, size_t count, std::set<std::string>& taken) {
  std::vector<std::string> out;
  // The pool is far larger than a hand, so rejection ends quickly; the bound guards tiny pools.
  for (size_t tries = 0; out.size() < count && tries < count * 64 + 1024; ++tries) {
    const std::string& w = pool[rng.below(pool_size)];
    if (taken.insert(w).second) out.push_back(w);
  }
  return out;
}

}  // namespace

std::vector<hand_card> hand_cards_of(const std::vector<std::string>& tokens,
                                     const word_space& words) {
  std::vector<hand_card> out;
  for (auto& t : tokens) out.push_back({t, words.unit_vector(t)});
  return out;
}

std::vector<bool> draw_joker_places(draw_rng& rng, const settings& config) {
  std::vector<bool> out;
  for (int k = 0; k < config.m_private; ++k) out.push_back(rng.unit() < config.wildcard_ratio);
  return out;
}

result<deal> deal_round(int round, uint64_t seed, const settings& config,
                        const std::vector<std::string>& players, const word_space& words,
                        const theme* drawn_from, int64_t deadline_ms) {
  if (config.dealing == "classic")
    return deal_classic(round, seed, config, players, words, drawn_from, deadline_ms);
  return deal_curated(round, seed, config, players, words, drawn_from, deadline_ms);
}

result<deal> deal_classic(int round, uint64_t seed, const settings& config,
                          const std::vector<std::string>& players, const word_space& words,
                          const theme* drawn_from, int64_t deadline_ms) {
  const auto& deck = words.deck();
  size_t pool_size = config.card_pool > 0
                         ? std::min(deck.size(), static_cast<size_t>(config.card_pool))
                         : deck.size();
  size_t needed = static_cast<size_t>(config.n_public) + 2 +
                  static_cast<size_t>(config.m_private) * std::max<size_t>(players.size(), 1);
  if (pool_size < needed)
    return make_error("deck_too_small", "the deck has too few words for this many cards");
  std::vector<std::string> pair_pool;
  if (drawn_from) {
    for (auto& w : drawn_from->words)
      if (!words.unit_vector(w).empty()) pair_pool.push_back(w);
    if (pair_pool.size() < 2)
      return make_error("bad_theme", "theme \"" + drawn_from->name + "\" has too few known words");
  }
  const auto& pairs = drawn_from ? pair_pool : deck;
  size_t pairs_size = drawn_from ? pair_pool.size() : pool_size;

  draw_rng rng(seed);
  deal d;
  d.round = round;
  d.seed = seed;
  d.deadline_ms = deadline_ms;
  for (int tries = 0; tries < pair_tries; ++tries) {
    std::string start = pairs[rng.below(pairs_size)];
    std::string target = pairs[rng.below(pairs_size)];
    if (start == target) continue;
    double distance = cosine(words.unit_vector(start), words.unit_vector(target));
    bool first = d.start.empty();
    if (first || distance < d.base_similarity) {
      d.start = start;
      d.target = target;
      d.base_similarity = distance;
    }
    if (distance < wanted_distance) break;
  }
  if (d.start.empty()) return make_error("deck_too_small", "no start and target words to draw");
  auto start_vector = words.unit_vector(d.start);
  auto target_vector = words.unit_vector(d.target);

  std::set<std::string> taken{d.start, d.target};
  d.public_cards = draw_unique(rng, deck, pool_size, static_cast<size_t>(config.n_public), taken);
  auto publics = hand_cards_of(d.public_cards, words);

  for (auto& player : players) {
    std::vector<card> hand;
    std::optional<scored_move> par;
    const std::vector<bool> joker_at = draw_joker_places(rng, config);
    for (int attempt = 0; attempt <= redeal_tries; ++attempt) {
      std::set<std::string> hand_taken = taken;
      auto drawn = draw_unique(rng, deck, pool_size, static_cast<size_t>(config.m_private),
                               hand_taken);
      hand.clear();
      std::vector<std::string> plain;
      for (size_t k = 0; k < drawn.size(); ++k) {
        const bool joker = joker_at[k];
        hand.push_back(joker ? card{"JOKER", true} : card{drawn[k], false});
        if (!joker) plain.push_back(drawn[k]);
      }
      par = best_move(start_vector, target_vector, publics, hand_cards_of(plain, words));
      bool has_joker = plain.size() < hand.size();
      bool improves = has_joker || (par && par->similarity > d.base_similarity);
      if (!config.guarantee_improvement || improves) break;
    }
    d.hands[player] = std::move(hand);
    d.par[player] = par;
  }
  return d;
}

}  // namespace wordhall::vectorcards
