// The curated dealing (dealing.hpp deal_curated): cards in roles around a start and target
// pair in the similarity band.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

#include "events/vectorcards/dealing.hpp"
#include "events/vectorcards/dealing_checks.hpp"

namespace wordhall::vectorcards {
namespace {

constexpr int curated_pair_tries = 48;
constexpr int hand_tries = 12;
// Pulls and pushes are drawn from the best of their kind: a pull 0.3 from the target barely
// moves a sum of three unit vectors, one 0.6 from it does.
constexpr size_t strong_pulls = 12;
constexpr size_t pulls_drawn_from = 32;
constexpr size_t pushes_drawn_from = 32;

struct pool_card {
  const std::string* token;
  std::vector<float> vector;
};

// The cards of a round, by role, as indices into the card pool.
struct round_roles {
  std::vector<size_t> pulls;   // closest to the target first
  std::vector<size_t> pushes;  // most start-and-not-target first
  std::vector<size_t> lures, near_misses;
  std::vector<size_t> usable;  // every card that may be dealt this round, pool order
};

round_roles roles_for(const std::vector<pool_card>& pool, const std::vector<float>& start,
                      const std::vector<float>& target, const settings& config,
                      const std::string& start_word, const std::string& target_word) {
  round_roles out;
  std::vector<closeness_pair> near(pool.size());
  for (size_t i = 0; i < pool.size(); ++i) {
    if (*pool[i].token == start_word || *pool[i].token == target_word) continue;
    near[i] = {cosine(pool[i].vector, start), cosine(pool[i].vector, target)};
    if (std::max(near[i].to_start, near[i].to_target) >= giveaway_similarity) continue;
    out.usable.push_back(i);
    switch (role_of(near[i], config)) {
      case card_role::pull:
        out.pulls.push_back(i);
        break;
      case card_role::push:
        out.pushes.push_back(i);
        break;
      case card_role::lure:
        out.lures.push_back(i);
        break;
      case card_role::near_miss:
        out.near_misses.push_back(i);
        break;
      case card_role::filler:
        break;
    }
  }
  // Ties keep pool order (the more common card first), so the order is the same everywhere.
  std::stable_sort(out.pulls.begin(), out.pulls.end(),
                   [&](size_t a, size_t b) { return near[a].to_target > near[b].to_target; });
  std::stable_sort(out.pushes.begin(), out.pushes.end(), [&](size_t a, size_t b) {
    return near[a].to_start - near[a].to_target > near[b].to_start - near[b].to_target;
  });
  return out;
}

// One card of `ranked`'s first `limit` not yet in `taken` (then added to it); nullopt when
// all of them are taken.
std::optional<size_t> draw_from(draw_rng& rng, const std::vector<size_t>& ranked, size_t limit,
                                const std::vector<pool_card>& pool, std::set<std::string>& taken) {
  limit = std::min(limit, ranked.size());
  if (limit == 0) return std::nullopt;
  for (size_t tries = 0; tries < 4 * limit; ++tries) {
    size_t i = ranked[rng.below(limit)];
    if (taken.insert(*pool[i].token).second) return i;
  }
  for (size_t k = 0; k < limit; ++k)  // a nearly used-up list: the first card left
    if (taken.insert(*pool[ranked[k]].token).second) return ranked[k];
  return std::nullopt;
}

// A card of the given role, or any usable card when none of that role is left.
size_t draw_role(draw_rng& rng, const round_roles& roles, card_role role,
                 const std::vector<pool_card>& pool, std::set<std::string>& taken,
                 size_t pull_limit = pulls_drawn_from) {
  std::optional<size_t> got;
  switch (role) {
    case card_role::pull:
      got = draw_from(rng, roles.pulls, pull_limit, pool, taken);
      break;
    case card_role::push:
      got = draw_from(rng, roles.pushes, pushes_drawn_from, pool, taken);
      break;
    case card_role::lure:
      got = draw_from(rng, roles.lures, roles.lures.size(), pool, taken);
      break;
    case card_role::near_miss:
      got = draw_from(rng, roles.near_misses, roles.near_misses.size(), pool, taken);
      break;
    case card_role::filler:
      break;
  }
  if (!got) got = draw_from(rng, roles.usable, roles.usable.size(), pool, taken);
  if (got) return *got;
  // A tiny pool whose usable cards are all dealt: the first card not dealt (the pool holds
  // enough of them, deal_curated checked).
  size_t i = 0;
  while (!taken.insert(*pool[i].token).second) ++i;
  return i;
}

// The public cards' roles: of ten, 3 pulls, 2 pushes, 2 lures, 2 near-misses and 1 other.
std::vector<card_role> public_roles(int n_public) {
  auto share = [&](double fraction) { return static_cast<int>(std::lround(fraction * n_public)); };
  std::vector<card_role> out(static_cast<size_t>(std::max(1, share(0.3))), card_role::pull);
  for (card_role role : {card_role::push, card_role::lure, card_role::near_miss})
    for (int k = 0; k < share(0.2) && static_cast<int>(out.size()) < n_public; ++k)
      out.push_back(role);
  out.resize(static_cast<size_t>(n_public), card_role::filler);
  return out;
}

template <typename T>
void shuffle(draw_rng& rng, std::vector<T>& items) {
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.below(i)]);
}

}  // namespace

result<deal> deal_curated(int round, uint64_t seed, const settings& config,
                          const std::vector<std::string>& players, const word_space& words,
                          const theme* drawn_from, int64_t deadline_ms) {
  const auto& curated = words.dealing_words();
  const auto& cards = curated.cards.empty() ? words.deck() : curated.cards;
  size_t pool_size = config.card_pool > 0
                         ? std::min(cards.size(), static_cast<size_t>(config.card_pool))
                         : cards.size();
  size_t needed = static_cast<size_t>(config.n_public) + 2 +
                  static_cast<size_t>(config.m_private) * std::max<size_t>(players.size(), 1);
  if (pool_size < needed)
    return make_error("deck_too_small", "the deck has too few words for this many cards");
  std::vector<std::string> subjects;
  if (drawn_from) {
    for (auto& w : drawn_from->words)
      if (!words.unit_vector(w).empty()) subjects.push_back(w);
    if (subjects.size() < 2)
      return make_error("bad_theme", "theme \"" + drawn_from->name + "\" has too few known words");
  } else if (!curated.subjects.empty()) {
    subjects = curated.subjects;
  } else {
    subjects.assign(cards.begin(), cards.begin() + static_cast<std::ptrdiff_t>(pool_size));
  }
  std::vector<pool_card> pool;
  pool.reserve(pool_size);
  for (size_t i = 0; i < pool_size; ++i) pool.push_back({&cards[i], words.unit_vector(cards[i])});

  draw_rng rng(seed);
  deal d;
  d.round = round;
  d.seed = seed;
  d.deadline_ms = deadline_ms;
  // The first pair in the band with pulls and pushes to deal; failing that, the one nearest it.
  round_roles roles;
  bool dealable = false;
  double nearest_band = 2.0;
  for (int tries = 0; tries < curated_pair_tries && !dealable; ++tries) {
    const std::string& start = subjects[rng.below(subjects.size())];
    const std::string& target = subjects[rng.below(subjects.size())];
    if (start == target) continue;
    auto s = words.unit_vector(start), t = words.unit_vector(target);
    double base = cosine(s, t), off = band_distance(base, config);
    if (off == 0.0) {
      auto found = roles_for(pool, s, t, config, start, target);
      dealable =
          found.pulls.size() >= 4 && found.pushes.size() >= 2 && found.usable.size() >= needed;
      if (dealable) {
        roles = std::move(found);
      } else {
        off = std::numeric_limits<double>::min();  // in the band, still better than outside
      }
    }
    if (!dealable && off >= nearest_band) continue;
    d.start = start;
    d.target = target;
    d.base_similarity = base;
    nearest_band = off;
  }
  if (!dealable && !d.start.empty())
    roles = roles_for(pool, words.unit_vector(d.start), words.unit_vector(d.target), config,
                      d.start, d.target);
  if (d.start.empty()) return make_error("deck_too_small", "no start and target words to draw");
  auto start_vector = words.unit_vector(d.start);
  auto target_vector = words.unit_vector(d.target);

  std::set<std::string> taken{d.start, d.target};
  std::vector<hand_card> publics;
  auto wanted = public_roles(config.n_public);
  for (size_t k = 0; k < wanted.size(); ++k) {
    size_t i =
        draw_role(rng, roles, wanted[k], pool, taken, k == 0 ? strong_pulls : pulls_drawn_from);
    publics.push_back({*pool[i].token, pool[i].vector});
  }
  shuffle(rng, publics);
  for (auto& p : publics) d.public_cards.push_back(p.token);

  for (auto& player : players) {
    struct attempt {
      std::vector<card> hand;
      std::optional<scored_move> par;
      bool good = false;
    };
    std::optional<attempt> best;
    const std::vector<bool> joker_at = draw_joker_places(rng, config);
    for (int tries = 0; tries <= hand_tries; ++tries) {
      std::set<std::string> hand_taken = taken;
      std::vector<size_t> drawn;
      bool push_first = !roles.pushes.empty() && (roles.pulls.empty() || rng.below(2) == 1);
      drawn.push_back(
          draw_role(rng, roles, push_first ? card_role::push : card_role::pull, pool, hand_taken));
      static constexpr card_role others[] = {card_role::lure, card_role::near_miss,
                                             card_role::filler};
      for (int k = 1; k < config.m_private; ++k)
        drawn.push_back(draw_role(rng, roles, others[rng.below(3)], pool, hand_taken));
      shuffle(rng, drawn);
      attempt a;
      std::vector<hand_card> plain;
      for (size_t k = 0; k < drawn.size(); ++k) {
        const size_t i = drawn[k];
        const bool joker = joker_at[k];
        a.hand.push_back(joker ? card{"JOKER", true} : card{*pool[i].token, false});
        if (!joker) plain.push_back({*pool[i].token, pool[i].vector});
      }
      a.par = best_move(start_vector, target_vector, publics, plain);
      bool has_joker = plain.size() < a.hand.size();
      std::vector<hand_card> all = publics;
      all.insert(all.end(), plain.begin(), plain.end());
      a.good =
          has_joker ||
          (a.par && explainable(*a.par, start_vector, target_vector, all, config.explain_min) &&
           improving_moves(start_vector, target_vector, publics, plain, d.base_similarity) >=
               wanted_improving_moves);
      auto par_of = [](const attempt& x) { return x.par ? x.par->similarity : -2.0; };
      if (!best || (a.good && !best->good) || (a.good == best->good && par_of(a) > par_of(*best)))
        best = std::move(a);
      if (best->good || !config.guarantee_improvement) break;
    }
    d.hands[player] = std::move(best->hand);
    d.par[player] = best->par;
  }
  return d;
}

}  // namespace wordhall::vectorcards
