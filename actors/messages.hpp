// The messages actors exchange: atoms and the few structs that travel between them.
//
// Everything stays in this process, so structs are whitelisted as unsafe (not serialisable)
// message types; between the nodes of a cluster, messages travel as cluster_protocol.hpp's JSON.
#pragma once

#include <caf/all.hpp>

#include <cstdint>
#include <string>

namespace wordhall {

// To a match actor.
using command_atom = caf::atom_constant<caf::atom("command")>;      // (caller, json) -> command_outcome
using subscribe_atom = caf::atom_constant<caf::atom("subscribe")>;  // (caller, subscriber actor)
using unsubscribe_atom = caf::atom_constant<caf::atom("unsub")>;    // (subscriber actor)
using inspect_atom = caf::atom_constant<caf::atom("inspect")>;      // () -> live_report
using drain_atom = caf::atom_constant<caf::atom("drain")>;          // () -> bool, once idle
using appended_atom = caf::atom_constant<caf::atom("appended")>;    // internal
using deadline_atom = caf::atom_constant<caf::atom("deadline")>;    // internal
using send_updates_atom = caf::atom_constant<caf::atom("sendupd")>;  // internal
using effect_done_atom = caf::atom_constant<caf::atom("effectdon")>;  // internal: (key, outcome)

// From a match actor to its subscribers: (match_id, seq, view) and (match_id, seq, events, view).
using snapshot_atom = caf::atom_constant<caf::atom("snapshot")>;
using update_atom = caf::atom_constant<caf::atom("update")>;
// Instead of a snapshot, to a subscriber of a match that cannot be played (its stored history is
// damaged): (match_id, code, message).
using refused_atom = caf::atom_constant<caf::atom("refused")>;

// To the match directory.
// Both answer the error exit_reason::user_shutdown once the server drains (is_shutting_down);
// lookup answers match_damaged_error() for a match whose meta record cannot be read.
using lookup_atom = caf::atom_constant<caf::atom("lookup")>;  // (match_id) -> actor (invalid: none)
using create_atom = caf::atom_constant<caf::atom("create")>;  // (game) -> (match_id, actor)
using wake_atom = caf::atom_constant<caf::atom("wake")>;      // () -> matches woken for timers
// In a cluster (match_directory.hpp): a lookup for another node, answering only a match owned
// here; a node that left the cluster (its "<node>/<incarnation>"); this node's lease was lost
// and taken again, so every match here is looked up afresh.
using local_lookup_atom = caf::atom_constant<caf::atom("lookuploc")>;  // (match_id) -> actor
using node_gone_atom = caf::atom_constant<caf::atom("nodegone")>;      // (holder)
using release_all_atom = caf::atom_constant<caf::atom("releaseall")>;  // ()

// To a WebSocket session actor.
using ws_in_atom = caf::atom_constant<caf::atom("ws_in")>;
using ws_closed_atom = caf::atom_constant<caf::atom("ws_closed")>;

// Whether an error from the directory means the server is draining for a restart.
inline bool is_shutting_down(const caf::error& e) {
  return e == caf::make_error(caf::exit_reason::user_shutdown);
}

// The directory's answer for a match whose stored history is damaged: without a readable meta
// record it cannot even tell which game to start. No other directory answer uses this code.
inline caf::error match_damaged_error() { return caf::make_error(caf::sec::runtime_error); }
inline bool is_match_damaged(const caf::error& e) { return e == match_damaged_error(); }

// What a player is told about a match whose history is damaged (the code is data_loss).
constexpr const char* damaged_match_message =
    "This match's saved history is damaged, so it cannot go on. Other matches are not affected.";
// What a player is told when the disk is full (the code is storage_full).
constexpr const char* storage_full_message =
    "The server's disk is full, so this was not saved. Nothing saved earlier is lost; "
    "try again in a few minutes.";

// What a command came to: either appended events (`seq` is the last one) with a reply for the
// caller, or a refusal that changed nothing.
struct command_outcome {
  bool ok = false;
  uint64_t seq = 0;
  std::string reply = "{}";
  std::string error_code;
  std::string error_message;
};

// A live match's own account of itself, for the admin API.
struct live_report {
  std::string game;
  uint64_t last_seq = 0;
  std::string hash;
  std::string state;
};

}  // namespace wordhall

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::command_outcome)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::live_report)
