// The state side of vector cards' rules: `evolve` folds one event into the state (never fails,
// never computes: every number is in the event), and the queries the platform and views ask of a
// state (pending effects, players by secret or id, standings). decide() is in rules.cpp.
#include <algorithm>

#include "events/vectorcards/resolution.hpp"
#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

state evolve(state s, const event& e) {
  std::visit(
      [&s](const auto& ev) {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, match_created>) {
          s.status = "lobby";
          s.name = ev.name;
          s.config = ev.config;
        } else if constexpr (std::is_same_v<T, player_joined>) {
          s.players.push_back(ev.joined);
        } else if constexpr (std::is_same_v<T, round_started>) {
          s.status = "in_progress";
          s.rounds.push_back(round_state{std::make_shared<const deal>(ev.dealt), {}, "", nullptr});
        } else if constexpr (std::is_same_v<T, move_submitted>) {
          if (!s.rounds.empty() && s.rounds.back().dealt->round == ev.round)
            s.rounds.back().moves[ev.player] = ev.made;
        } else if constexpr (std::is_same_v<T, round_closed>) {
          if (!s.rounds.empty() && s.rounds.back().dealt->round == ev.round)
            s.rounds.back().closing = ev.reason;
        } else if constexpr (std::is_same_v<T, moves_searched>) {
          if (s.rounds.empty() || s.rounds.back().dealt->round != ev.round) return;
          for (auto& [id, found] : ev.neighbours)
            if (auto m = s.rounds.back().moves.find(id); m != s.rounds.back().moves.end())
              m->second.around = found;
        } else if constexpr (std::is_same_v<T, round_resolved>) {
          if (s.rounds.empty() || s.rounds.back().dealt->round != ev.round) return;
          s.rounds.back().resolved = std::make_shared<const resolution>(ev.outcome);
          for (auto& [id, found] : ev.neighbours)
            if (auto m = s.rounds.back().moves.find(id); m != s.rounds.back().moves.end())
              m->second.around = found;
          for (auto& row : ev.outcome.results)
            for (auto& p : s.players)
              if (p.id == row.player) {
                p.points += row.points;
                p.stake_total += row.stake_reward.value_or(0.0);
              }
        } else if constexpr (std::is_same_v<T, match_finished>) {
          s.status = "done";
          s.final_standings = ev.standings;
        } else if constexpr (std::is_same_v<T, rematch_offered>) {
          s.rematch = ev.match;
        }
      },
      e);
  return s;
}

std::vector<effect_request> pending_effects(const state& s) {
  if (s.status != "in_progress" || s.rounds.empty()) return {};
  const round_state& r = s.rounds.back();
  if (r.resolved) return {};
  if (!r.closing.empty())
    return {effect_request{search_key(r.dealt->round), search_service, round_search(s)}};
  size_t searched = 0;
  for (auto& [id, m] : r.moves) searched += m.around.has_value();
  // Each presearch is a command and an event for the match: a big table searches its moves a
  // tenth of its seats at a time (the round's own search takes the last few).
  const size_t batch = std::max<size_t>(1, r.dealt->hands.size() / 10);
  if (r.moves.size() - searched < batch) return {};
  return {effect_request{presearch_key(r.dealt->round, searched), presearch_service,
                         moves_search(s)}};
}

const player* find_by_digest(const state& s, const std::string& digest) {
  if (digest.empty()) return nullptr;
  for (auto& p : s.players)
    if (p.digest == digest) return &p;
  return nullptr;
}

const player* find_by_id(const state& s, const std::string& id) {
  for (auto& p : s.players)
    if (p.id == id) return &p;
  return nullptr;
}

double match_score(const player& p) { return static_cast<double>(p.points) + p.stake_total; }

std::vector<standing> standings(const state& s) {
  std::vector<standing> out;
  for (auto& p : s.players) out.push_back({p.id, match_score(p), 0});
  std::stable_sort(out.begin(), out.end(),
                   [](const standing& a, const standing& b) { return a.score > b.score; });
  for (size_t i = 0; i < out.size(); ++i)
    out[i].rank = i > 0 && out[i - 1].score == out[i].score ? out[i - 1].rank
                                                           : static_cast<int>(i) + 1;
  return out;
}

}  // namespace wordhall::vectorcards
