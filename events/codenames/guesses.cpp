// The guessers' commands: propose a card, confirm the team's proposal (which reveals it and may
// end the turn or the game), end the turn. The spymaster's side is in clues.cpp.
#include <algorithm>

#include "events/codenames/commands.hpp"
#include "events/json_read.hpp"

namespace wordhall::codenames_game {
namespace {

using simdjson::dom::object;

// The caller as a player of the team to move, with a clue to guess on.
result<const seat*> guesser(const state& s, const decision_context& ctx) {
  const seat* caller = find_seat(s, ctx.caller);
  if (!caller) return make_error("not_a_seat", "this link is not a seat of this match");
  if (s.status == "lobby") return make_error("not_started", "the game has not started");
  if (caller->team != s.team) return make_error("not_your_turn", "it is the other team's turn");
  if (!s.guessing) return make_error("clue_pending", "the spymaster has not given the clue yet");
  return caller;
}

// The "card" field: a covered card's index 0..24.
result<int> read_card(const state& s, object body) {
  int64_t index = -1;
  auto given = find_field(body, "card");
  if (!given || given->get(index) || index < 0 || index >= static_cast<int64_t>(s.cards.size()))
    return make_error("bad_card", "\"card\" must be a card's index, 0 to 24");
  if (s.cards[static_cast<size_t>(index)].revealed)
    return make_error("already_revealed", "this card is revealed already");
  return static_cast<int>(index);
}

// What the reveal of `shown` (already applied in `now`) leads to: the end of the game, the end
// of the turn, or nothing (the team guesses on).
std::optional<event> consequence(const state& now, const std::string& team, const card& shown) {
  if (shown.role == assassin) return event{game_ended{{other_team(team), "assassin"}}};
  if ((shown.role == red || shown.role == blue) && remaining(now, shown.role) == 0) {
    std::string reason = shown.role == team ? "all_found"
                         : now.mode == one_team ? "enemy_found" : "all_found";
    return event{game_ended{{shown.role, reason}}};
  }
  if (shown.role != team) return event{turn_ended{now.turn, team, "miss"}};
  if (now.guesses_left == 0) return event{turn_ended{now.turn, team, "guesses_used"}};
  return std::nullopt;
}

}  // namespace

result<outcome> propose(const state& s, object body, const decision_context& ctx) {
  auto caller = guesser(s, ctx);
  if (!caller) return caller.err();
  auto index = read_card(s, body);
  if (!index) return index.err();
  std::vector<event> events;
  if (!s.proposed || s.proposed->card != *index || s.proposed->seat != (*caller)->index)
    events.push_back(guess_proposed{s.turn, (*caller)->index, *index});
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> confirm(const state& s, object body, const decision_context& ctx) {
  auto caller = guesser(s, ctx);
  if (!caller) return caller.err();
  if (!s.proposed) return make_error("no_proposal", "no card is proposed");
  // The card the confirming player saw, when sent: a proposal changed meanwhile is not theirs.
  if (auto seen = find_field(body, "card"); seen && !seen->is_null()) {
    int64_t index = -1;
    if (seen->get(index)) return make_error("bad_card", "\"card\" must be a card's index, 0 to 24");
    if (index != s.proposed->card)
      return make_error("proposal_changed", "the proposal changed: look again before confirming");
  }
  if (s.proposed->seat == (*caller)->index && !confirms_own(s, **caller, ctx.online))
    return make_error("own_proposal", "a teammate confirms your proposal");
  const card& chosen = s.cards.at(static_cast<size_t>(s.proposed->card));
  std::vector<event> events{card_revealed{s.turn, (*caller)->index, s.proposed->card, chosen.role}};
  state now = after(s, events);
  if (auto next = consequence(now, s.team, now.cards.at(static_cast<size_t>(s.proposed->card))))
    events.push_back(std::move(*next));
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> end_turn(const state& s, const decision_context& ctx) {
  auto caller = guesser(s, ctx);
  if (!caller) return caller.err();
  if (s.history.empty() || s.history.back().guesses.empty())
    return make_error("no_guess_yet", "make at least one guess before ending the turn");
  std::vector<event> events{turn_ended{s.turn, s.team, "ended"}};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

}  // namespace wordhall::codenames_game
