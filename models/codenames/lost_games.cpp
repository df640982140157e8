#include "models/codenames/lost_games.hpp"

#include <algorithm>
#include <optional>
#include <set>

namespace wordhall::codenames {

namespace {

const char* role_name(card_role role) {
  switch (role) {
    case card_role::team: return "ours";
    case card_role::enemy: return "enemy";
    case card_role::civilian: return "civilian";
    case card_role::assassin: return "assassin";
  }
  return "?";
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

std::string cards_of(const std::vector<card>& dealt, card_role role) {
  std::vector<std::string> words;
  for (const auto& c : dealt)
    if (c.role == role) words.push_back(c.entry);
  return joined(words);
}

std::optional<card_role> role_of(const game_record& r, const std::string& entry) {
  auto found = std::find_if(r.dealt.begin(), r.dealt.end(),
                            [&](const card& c) { return c.entry == entry; });
  return found == r.dealt.end() ? std::nullopt : std::optional<card_role>(found->role);
}

enum class loss { assassin, last_enemy, out_of_turns };

// A lost game ends on the assassin, on the last enemy card (which may come on the last turn
// too), or with its turns used up.
loss how_lost(const game_record& r) {
  if (r.assassin) return loss::assassin;
  size_t enemies = 0;
  for (const auto& turn : r.played)
    for (const auto& pick : turn.picks) enemies += role_of(r, pick) == card_role::enemy;
  return enemies >= enemy_cards ? loss::last_enemy : loss::out_of_turns;
}

const char* loss_name(loss how) {
  switch (how) {
    case loss::assassin: return "the assassin";
    case loss::last_enemy: return "the last enemy card";
    case loss::out_of_turns: return "out of turns";
  }
  return "?";
}

// True when the game's last clue was meant for a card that an earlier clue was meant for too, in
// a turn that ended on a card not ours before reaching it.
bool last_clue_for_a_missed_card(const game_record& r) {
  if (r.played.empty()) return false;
  std::set<std::string> missed;
  for (size_t t = 0; t + 1 < r.played.size(); ++t) {
    const auto& turn = r.played[t];
    const bool ended_on_another = !turn.picks.empty() &&
                                  role_of(r, turn.picks.back()) != card_role::team;
    if (!ended_on_another) continue;
    for (const auto& target : turn.given.targets)
      if (std::find(turn.picks.begin(), turn.picks.end(), target) == turn.picks.end())
        missed.insert(target);
  }
  const auto& last = r.played.back().given.targets;
  return std::any_of(last.begin(), last.end(),
                     [&](const std::string& t) { return missed.count(t) > 0; });
}

// "ours: …; assassin: …", the board as a lost game's heading shows it.
std::string board_line(const game_record& r) {
  return "ours: " + cards_of(r.dealt, card_role::team) +
         "; assassin: " + cards_of(r.dealt, card_role::assassin);
}

// Every turn of `r`: "  4  fuel 1 [coal] -> chamber (assassin)", the cards not ours marked.
std::string turn_lines(const game_record& r) {
  std::string out;
  for (size_t t = 0; t < r.played.size(); ++t) {
    const auto& turn = r.played[t];
    std::vector<std::string> picks;
    for (const auto& entry : turn.picks) {
      const auto role = role_of(r, entry);
      if (!role)
        picks.push_back(entry + " (not on the board)");
      else if (*role == card_role::team)
        picks.push_back(entry);
      else
        picks.push_back(entry + " (" + role_name(*role) + ")");
    }
    out += "  " + std::to_string(t + 1) + "  " + turn.given.word + " " +
           std::to_string(turn.given.number) + " [" + joined(turn.given.targets) + "] -> " +
           joined(picks) + "\n";
  }
  return out;
}

}  // namespace

std::string count_lost_games(const std::vector<game_record>& records) {
  size_t lost = 0, assassin = 0, assassin_on_missed = 0, enemy = 0, out_of_turns = 0;
  for (const auto& r : records) {
    if (r.won) continue;
    ++lost;
    switch (how_lost(r)) {
      case loss::assassin:
        ++assassin;
        if (last_clue_for_a_missed_card(r)) ++assassin_on_missed;
        break;
      case loss::last_enemy: ++enemy; break;
      case loss::out_of_turns: ++out_of_turns; break;
    }
  }
  return std::to_string(lost) + " of " + std::to_string(records.size()) + " games lost: " +
         std::to_string(assassin) + " to the assassin (" + std::to_string(assassin_on_missed) +
         " of them on a clue for a card an earlier clue had failed to reach), " +
         std::to_string(enemy) + " to the last enemy card, " + std::to_string(out_of_turns) +
         " out of turns\n";
}

std::string describe_lost_games(const std::vector<game_record>& records, size_t count) {
  std::string out;
  for (size_t g = 0; g < records.size() && count > 0; ++g) {
    const game_record& r = records[g];
    if (r.won) continue;
    --count;
    out += "lost game " + std::to_string(g + 1) + " to " + loss_name(how_lost(r)) + " on turn " +
           std::to_string(r.played.size()) + " (" + board_line(r) + ")\n" + turn_lines(r);
  }
  return out;
}

std::string describe_games(const std::vector<game_record>& records, size_t count) {
  std::string out;
  for (size_t g = 0; g < records.size() && g < count; ++g) {
    const game_record& r = records[g];
    out += "game " + std::to_string(g + 1) + " " +
           (r.won ? std::string("won") : std::string("lost to ") + loss_name(how_lost(r))) +
           " in " + std::to_string(r.played.size()) + " turns (" + board_line(r) + ")\n" +
           turn_lines(r);
  }
  return out;
}

}  // namespace wordhall::codenames
