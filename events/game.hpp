// game: the contract every game's functional core fulfils, seen from the platform.
//
// A match is a stream of events. Its state is never stored as truth: it is what `apply` makes of
// the events in order, from `initial_state()`. `decide` looks at a state and a command and says
// which events should happen (or why not); it never changes the state, touches I/O, reads a clock
// or draws a random number: time, randomness and fresh secrets arrive in `decision_context`, and
// anything a decision uses of them is written into its events. Replaying the stream therefore
// rebuilds exactly the same state, on any machine, without calling any service again.
//
// The platform only ever handles states through this interface; each game implements it once in
// `events/<game>/game.cpp` over its own plain structs.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/envelope.hpp"
#include "events/result.hpp"

namespace wordhall {

// A command from a client (or from the platform's timer), already parsed.
struct command {
  std::string type;
  simdjson::dom::object body;  // the whole command object, `type` included
};

// A fresh credential minted by the shell: `secret` goes only to the caller (in the reply),
// `digest` (SHA-256 hex of the secret) is what events and state record.
struct fresh_secret {
  std::string secret;
  std::string digest;
};

struct decision_context {
  std::string caller;   // digest of the caller's credential; empty when none was presented
  int64_t now_ms = 0;   // wall clock at decision time
  uint64_t seed = 0;    // fresh CSPRNG draw for decisions that need randomness
  std::vector<fresh_secret> fresh_secrets;  // enough for the largest join a game allows
  bool from_platform = false;               // true for commands the platform issues (timers)
  // Who is connected (viewer::online), for games whose replies carry views; may be null.
  const std::vector<std::string>* online = nullptr;
};

struct new_event {
  std::string type;
  uint32_t version = 1;
  std::string payload;  // JSON object
};

struct decision {
  std::vector<new_event> events;
  std::string reply = "{}";  // JSON for the caller alone: may carry its fresh secret
};

// Who is looking: a player's credential digest, or the admin who sees everything. `online` (when
// not null) lists the credential digests of everyone connected to the match right now, so a view
// can say who is there; the platform sends fresh views when it changes.
struct viewer {
  std::string caller;
  bool admin = false;
  const std::vector<std::string>* online = nullptr;
};

// Work outside the match that its state waits for (asking the LLM judge to rate words). The shell
// starts each `key` once while the state lists it, with `service` and `payload` (JSON), and
// answers with the platform command
//   {"type":"effect_result","key":K,"ok":true,"result":{...}}   or
//   {"type":"effect_result","key":K,"ok":false,"error":{"code":…,"message":…}}
// (decided with from_platform = true). The game records what it needs of the result in events,
// so a replay never runs an effect again; after a restart, effects still listed are started anew.
struct effect_request {
  std::string key;
  std::string service;
  std::string payload;
};

struct match_summary {
  std::string status;                // e.g. "lobby", "playing", "finished"
  std::vector<std::string> players;  // display names
};

class match_state {
 public:
  virtual ~match_state() = default;
};

class game {
 public:
  virtual ~game() = default;

  virtual std::string_view name() const = 0;
  virtual std::unique_ptr<match_state> initial_state() const = 0;
  virtual std::unique_ptr<match_state> clone(const match_state& state) const = 0;

  // The command that creates a match is decided against initial_state().
  virtual result<decision> decide(const match_state& state, const command& cmd,
                                  const decision_context& ctx) const = 0;

  // Upcasts, decodes and evolves. An event that cannot be decoded is an error, never a crash.
  virtual result<void> apply(match_state& state, const event_envelope& event) const = 0;

  // Canonical JSON of the whole state (snapshots, admin, hashing) and its inverse.
  virtual std::string encode_state(const match_state& state) const = 0;
  virtual result<std::unique_ptr<match_state>> decode_state(std::string_view json) const = 0;

  // What `who` may see: the full view on (re)connect, and of one event just applied
  // (std::nullopt: nothing of it is for this viewer).
  virtual std::string view(const match_state& state, const viewer& who) const = 0;
  // The views of several viewers of one state (every subscriber of an update), each what view()
  // gives; a game whose viewers see mostly the same text renders that once.
  virtual std::vector<std::string> views(const match_state& state,
                                         const std::vector<viewer>& who) const {
    std::vector<std::string> out;
    out.reserve(who.size());
    for (auto& w : who) out.push_back(view(state, w));
    return out;
  }
  virtual std::optional<std::string> visible_event(const match_state& after,
                                                   const event_envelope& event,
                                                   const viewer& who) const = 0;
  // The same for several viewers (every subscriber of an update); a game whose events are costly
  // to decode decodes each once.
  virtual std::vector<std::optional<std::string>> visible_events(
      const match_state& after, const event_envelope& event, const std::vector<viewer>& who) const {
    std::vector<std::optional<std::string>> out;
    out.reserve(who.size());
    for (auto& w : who) out.push_back(visible_event(after, event, w));
    return out;
  }

  // When the platform must send the `deadline` command next (ms since epoch), if ever.
  virtual std::optional<int64_t> next_deadline(const match_state& state) const = 0;

  // The effects this state waits for (see effect_request); most games never wait for any.
  virtual std::vector<effect_request> pending_effects(const match_state& state) const { return {}; }

  // Whether every subscriber must see `event` at once, in an update with a fresh view. Events
  // that are not (a player has moved) are minor: they reach every subscriber up to
  // platform_settings::coalesce_updates later, several in one update that carries no view, and
  // the client applies them to the view it has, so their visible_event must say all that
  // changes. That spares big matches a view per player per move. Whoever caused them learns the
  // outcome from their command's reply meanwhile, so it should say what they need.
  virtual bool urgent(const event_envelope& event) const { return true; }

  // Whether views use viewer::online. Only then does the platform send everyone fresh views
  // when somebody connects or leaves: a game that ignores presence is spared that traffic.
  virtual bool shows_presence() const { return false; }

  // Status and players for the match index.
  virtual match_summary summary(const match_state& state) const = 0;
};

// 16 hex digits of a 64-bit FNV-1a hash of the canonical state JSON: the hash the live server
// reports and `wordhall replay` prints.
std::string state_hash(const game& g, const match_state& state);

}  // namespace wordhall
