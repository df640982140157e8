// Asking actors from threads that are not actors (HTTP handlers), without blocking them.
//
// Each call spawns a short-lived actor that makes the request(s) and hands the answer to the
// callback on an actor thread; the callback must be cheap and thread-safe (HTTP's respond_fn is).
// A callback gets either the actor's answer or a bridge_error: `no_such_match` (the directory
// knows no such match), `unknown_game` (no such game), `server_restarting` (the directory drains
// for a restart) or `unavailable` (no answer in time). A command the game refused is an answer: a command_outcome with ok == false.
#pragma once

#include <caf/all.hpp>

#include <functional>
#include <optional>
#include <string>

#include "actors/messages.hpp"

namespace wordhall {

struct bridge_error {
  std::string code;
  std::string message;
};

// The live actor's report of match `match_id` (spawning it, which recovers it, if needed).
void inspect_match(caf::actor_system& system, caf::actor directory, std::string match_id,
                   std::function<void(std::optional<live_report>, const bridge_error&)> done);

using command_done = std::function<void(std::optional<command_outcome>, const bridge_error&)>;

// Sends `command_json` to match `match_id` as the caller whose credential digest is
// `caller_digest` (credential_digest of the presented token).
void command_match(caf::actor_system& system, caf::actor directory, std::string match_id,
                   std::string caller_digest, std::string command_json, command_done done);

// Creates a match of `game_name` and sends it `command_json` (its create command). `done` gets
// the new match's id too; a refused create leaves nothing stored under that id.
void create_match(caf::actor_system& system, caf::actor directory, std::string game_name,
                  std::string caller_digest, std::string command_json,
                  std::function<void(std::string match_id, std::optional<command_outcome>,
                                     const bridge_error&)> done);

}  // namespace wordhall
