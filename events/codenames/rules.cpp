// evolve, and the small helpers decide, the views and the adapter share.
#include "events/codenames/rules.hpp"

#include <algorithm>

namespace wordhall::codenames_game {
namespace {

struct evolver {
  state& s;

  void operator()(const match_created& e) {
    s.status = "lobby";
    s.mode = e.mode;
    s.seed = e.seed;
    s.first_team = e.first_team;
    s.team = e.first_team;
    s.cards = e.cards;
    s.invite_digest = e.invite_digest;
    s.spectator_digest = e.spectator_digest;
  }

  void operator()(const seat_joined& e) {
    s.seats.push_back(seat{e.seat, e.digest, e.name, e.team});
  }

  void operator()(const seat_changed& e) {
    seat& changed = s.seats.at(static_cast<size_t>(e.seat));
    changed.name = e.name;
    changed.team = e.team;
  }

  void operator()(const game_started&) {
    s.status = "playing";
    s.turn = 1;
    s.team = s.first_team;
    s.guessing = false;
    s.request = clue_request{};
  }

  void operator()(const clue_given& e) {
    clue_record record;
    record.turn = e.turn;
    record.team = e.team;
    record.word = e.clue;
    record.number = e.number;
    record.targets = e.targets;
    record.spymaster = e.spymaster;
    s.history.push_back(std::move(record));
    s.guessing = true;
    s.guesses_left = e.number + 1;
    s.request = clue_request{};
  }

  void operator()(const clue_failed& e) {
    s.request.failed = true;
    s.request.attempt = e.attempt;
    s.request.error_code = e.code;
    s.request.error_message = e.message;
  }

  void operator()(const clue_retried& e) {
    s.request = clue_request{e.attempt, false, "", ""};
  }

  void operator()(const guess_proposed& e) { s.proposed = proposal{e.card, e.seat}; }

  void operator()(const card_revealed& e) {
    card& shown = s.cards.at(static_cast<size_t>(e.card));
    shown.revealed = true;
    shown.revealed_turn = e.turn;
    if (!s.history.empty()) s.history.back().guesses.push_back(e.card);
    s.guesses_left = std::max(0, s.guesses_left - 1);
    s.proposed.reset();
  }

  void operator()(const turn_ended& e) {
    if (!s.history.empty()) s.history.back().ended = e.reason;
    s.turn = e.turn + 1;
    s.team = s.mode == one_team ? e.team : other_team(e.team);
    s.guessing = false;
    s.guesses_left = 0;
    s.request = clue_request{};
    s.proposed.reset();
  }

  void operator()(const game_ended& e) {
    s.status = "ended";
    s.result = e.outcome;
    if (!s.history.empty() && s.history.back().ended.empty()) s.history.back().ended = "game_over";
    s.guessing = false;
    s.guesses_left = 0;
    s.proposed.reset();
  }

  // Everything of the last game goes; the seats, links and mode stay.
  void operator()(const rematch_dealt& e) {
    s.game_number = e.game_number;
    s.seed = e.seed;
    s.first_team = e.first_team;
    s.cards = e.cards;
    s.history.clear();
    s.result.reset();
    s.status = "playing";
    s.turn = 1;
    s.team = e.first_team;
    s.guessing = false;
    s.guesses_left = 0;
    s.request = clue_request{};
    s.proposed.reset();
  }
};

}  // namespace

state evolve(state s, const event& e) {
  std::visit(evolver{s}, e);
  return s;
}

state after(const state& s, const std::vector<event>& events) {
  state next = s;
  for (auto& e : events) next = evolve(std::move(next), e);
  return next;
}

const seat* find_seat(const state& s, const std::string& digest) {
  if (digest.empty()) return nullptr;
  for (auto& each : s.seats)
    if (each.digest == digest) return &each;
  return nullptr;
}

std::string other_team(const std::string& team) { return team == red ? blue : red; }

std::vector<std::string> playing_teams(const state& s) {
  if (s.mode == one_team) return {red};
  return {red, blue};
}

int remaining(const state& s, const std::string& role) {
  return static_cast<int>(std::count_if(s.cards.begin(), s.cards.end(), [&](const card& c) {
    return c.role == role && !c.revealed;
  }));
}

bool confirms_own(const state& s, const seat& caller, const std::vector<std::string>* online) {
  return std::none_of(s.seats.begin(), s.seats.end(), [&](const seat& x) {
    return x.index != caller.index && x.team == caller.team &&
           (!online || std::find(online->begin(), online->end(), x.digest) != online->end());
  });
}

std::string effect_key(const state& s) {
  std::string game = s.game_number > 1 ? "g" + std::to_string(s.game_number) + ":" : "";
  return "clue:" + game + std::to_string(s.turn) + ":" + std::to_string(s.request.attempt);
}

}  // namespace wordhall::codenames_game
