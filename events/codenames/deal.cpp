#include "events/codenames/deal.hpp"

#include <algorithm>
#include <unordered_set>

#include "events/splitmix64.hpp"

namespace wordhall::codenames_game {
namespace {

template <class T>
void shuffle(std::vector<T>& items, splitmix64& rng) {
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.below(i)]);
}

std::vector<std::string> roles_for(const std::string& mode, const std::string& first) {
  std::vector<std::string> roles;
  auto add = [&](const std::string& role, int count) { roles.insert(roles.end(), count, role); };
  if (mode == one_team) {
    add(red, 8);
    add(blue, 7);
    add(civilian, 9);
  } else {
    add(first, 9);
    add(other_team(first), 8);
    add(civilian, 7);
  }
  add(assassin, 1);
  return roles;
}

}  // namespace

result<deal> deal_cards(const std::vector<std::string>& deck, const std::string& mode,
                        uint64_t seed) {
  std::vector<std::string> entries;
  std::unordered_set<std::string> seen;
  for (auto& entry : deck)
    if (!entry.empty() && seen.insert(entry).second) entries.push_back(entry);
  if (entries.size() < static_cast<size_t>(board_size))
    return make_error("deck_unavailable", "the Codenames deck holds fewer than 25 words");
  splitmix64 rng{seed};
  deal out;
  out.first_team = mode == one_team ? red : (rng.next() & 1 ? blue : red);
  // A partial Fisher–Yates: the first 25 positions end up a uniform sample of the deck.
  for (size_t i = 0; i < static_cast<size_t>(board_size); ++i)
    std::swap(entries[i], entries[i + rng.below(entries.size() - i)]);
  auto roles = roles_for(mode, out.first_team);
  shuffle(roles, rng);
  for (int i = 0; i < board_size; ++i)
    out.cards.push_back(card{entries[static_cast<size_t>(i)], roles[static_cast<size_t>(i)], false, 0});
  return out;
}

}  // namespace wordhall::codenames_game
