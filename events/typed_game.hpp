// typed_game: the part of the `game` interface every game over a plain state struct shares.
//
// A game keeps its state as a value type `State` (copyable, default-constructed = no events yet).
// typed_game boxes it in a match_state, answers initial_state() and clone(), and gives the game's
// adapter `get(s)` to reach the struct, `boxed(decoded)` to end decode_state and
// `decision_of(outcome, encode)` to turn its rules' outcome (events + reply) into a decision, and
// `folded(s, decoded, [applicable,] evolve)` for the body of apply().
#pragma once

#include <memory>
#include <utility>

#include "events/game.hpp"

namespace wordhall {

template <class State>
class typed_game : public game {
 public:
  std::unique_ptr<match_state> initial_state() const override { return std::make_unique<box>(); }

  std::unique_ptr<match_state> clone(const match_state& s) const override {
    auto copy = std::make_unique<box>();
    copy->value = get(s);
    return copy;
  }

 protected:
  static const State& get(const match_state& s) { return static_cast<const box&>(s).value; }
  static State& get(match_state& s) { return static_cast<box&>(s).value; }

  static result<std::unique_ptr<match_state>> boxed(result<State> decoded) {
    if (!decoded) return decoded.err();
    auto out = std::make_unique<box>();
    out->value = std::move(*decoded);
    return std::unique_ptr<match_state>(std::move(out));
  }

  // apply() of a game: the decoded event, refused by `applicable` when it does not fit the state
  // (a corrupt or foreign stream; the state stays as it was), else folded in by `evolve`.
  template <class Event, class Check, class Evolve>
  static result<void> folded(match_state& s, result<Event> decoded, Check applicable,
                             Evolve evolve) {
    if (!decoded) return decoded.err();
    State& value = get(s);
    if (auto fits = applicable(value, *decoded); !fits) return fits.err();
    value = evolve(std::move(value), *decoded);
    return {};
  }
  template <class Event, class Evolve>
  static result<void> folded(match_state& s, result<Event> decoded, Evolve evolve) {
    return folded(s, std::move(decoded), [](const State&, const Event&) { return result<void>{}; },
                  evolve);
  }

  // `outcome` has `events` (the game's own event values) and `reply`; `encode` makes each a
  // new_event.
  template <class Outcome, class Encode>
  static result<decision> decision_of(result<Outcome> outcome, Encode encode) {
    if (!outcome) return outcome.err();
    decision d;
    for (auto& e : outcome->events) d.events.push_back(encode(e));
    d.reply = std::move(outcome->reply);
    return d;
  }

 private:
  struct box final : match_state {
    State value;
  };
};

}  // namespace wordhall
