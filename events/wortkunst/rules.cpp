// evolve, and the small helpers decide, the view and the adapter share.
#include "events/wortkunst/rules.hpp"

#include <algorithm>

#include "events/wortkunst/tiles.hpp"

namespace wordhall::wortkunst {
namespace {

std::vector<std::string> take_front(std::vector<std::string>& bag, size_t count) {
  count = std::min(count, bag.size());
  std::vector<std::string> out(bag.begin(), bag.begin() + static_cast<long>(count));
  bag.erase(bag.begin(), bag.begin() + static_cast<long>(count));
  return out;
}

seat& seat_at(state& s, int index) { return s.seats.at(static_cast<size_t>(index)); }

struct evolver {
  state& s;

  void operator()(const game_created& e) {
    s.status = "lobby";
    s.config = e.config;
    s.seats.clear();
    for (size_t i = 0; i < e.digests.size(); ++i) {
      seat added;
      added.index = static_cast<int>(i);
      added.digest = e.digests[i];
      added.name = "Spieler " + std::to_string(i + 1);
      s.seats.push_back(std::move(added));
    }
  }

  void operator()(const seat_joined& e) {
    seat& joined = seat_at(s, e.seat);
    joined.joined = true;
    joined.name = e.name;
  }

  void operator()(const game_started& e) {
    s.status = "playing";
    s.players = e.players;
    for (auto& each : s.seats) each.locked = !each.joined;
    s.bag = e.bag;
    for (int p : s.players) seat_at(s, p).rack = take_front(s.bag, rack_size);
    s.turn = s.players.empty() ? 0 : s.players.front();
  }

  void operator()(const move_placed& e) {
    for (auto& t : e.tiles) s.tiles_on_board.at(t.at) = cell{t.letter, t.blank};
    seat& mover = seat_at(s, e.seat);
    mover.rack = without(mover.rack, rack_tiles(e.tiles));
    take_front(s.bag, e.drawn.size());
    mover.rack.insert(mover.rack.end(), e.drawn.begin(), e.drawn.end());
    s.moves = e.move;
    s.pending = pending_move{e.move, e.seat, e.tiles, e.words, 1, false, "", ""};
  }

  void operator()(const move_rated& e) {
    seat_at(s, e.seat).score += e.score;
    move_record done{e.move, e.seat, "place", {}, {}, {}, e.evaluations, e.score, e.judge};
    if (s.pending && s.pending->move == e.move) {
      done.tiles = s.pending->tiles;
      done.words = s.pending->words;
    }
    s.history.push_back(std::move(done));
    s.pending.reset();
    s.passes = 0;
    s.turn = next_player(s, e.seat);
  }

  void operator()(const rating_failed& e) {
    if (!s.pending || s.pending->move != e.move) return;
    s.pending->failed = true;
    s.pending->attempt = e.attempt;
    s.pending->error_code = e.code;
    s.pending->error_message = e.message;
  }

  void operator()(const rating_retried& e) {
    if (!s.pending || s.pending->move != e.move) return;
    s.pending->failed = false;
    s.pending->attempt = e.attempt;
    s.pending->error_code.clear();
    s.pending->error_message.clear();
  }

  void operator()(const tiles_exchanged& e) {
    seat& mover = seat_at(s, e.seat);
    mover.rack = without(mover.rack, e.letters);
    mover.rack.insert(mover.rack.end(), e.drawn.begin(), e.drawn.end());
    s.bag = e.bag;
    move_record done;
    done.move = e.move;
    done.seat = e.seat;
    done.kind = "exchange";
    done.letters = e.letters;
    s.history.push_back(std::move(done));
    s.moves = e.move;
    s.passes = 0;
    s.turn = next_player(s, e.seat);
  }

  void operator()(const passed& e) {
    move_record done;
    done.move = e.move;
    done.seat = e.seat;
    done.kind = "pass";
    s.history.push_back(std::move(done));
    s.moves = e.move;
    ++s.passes;
    s.turn = next_player(s, e.seat);
  }

  void operator()(const game_ended& e) {
    s.status = "ended";
    for (auto& row : e.outcome.results) seat_at(s, row.seat).score = row.score;
    s.result = e.outcome;
  }
};

}  // namespace

state evolve(state s, const event& e) {
  std::visit(evolver{s}, e);
  return s;
}

const seat* find_seat(const state& s, const std::string& digest) {
  if (digest.empty()) return nullptr;
  for (auto& each : s.seats)
    if (each.digest == digest) return &each;
  return nullptr;
}

bool is_player(const state& s, int seat_index) {
  return std::find(s.players.begin(), s.players.end(), seat_index) != s.players.end();
}

int next_player(const state& s, int seat_index) {
  auto it = std::find(s.players.begin(), s.players.end(), seat_index);
  if (it == s.players.end() || ++it == s.players.end()) return s.players.empty() ? 0 : s.players[0];
  return *it;
}

int passes_to_end(const state& s) {
  return s.config.pass_rounds * std::max<int>(1, static_cast<int>(s.players.size()));
}

std::string effect_key(const pending_move& p) {
  return "rate:" + std::to_string(p.move) + ":" + std::to_string(p.attempt);
}

}  // namespace wordhall::wortkunst
