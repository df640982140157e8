// match_actor: the single writer of one match.
//
// Life of a command: it waits in `queue_` while an append is in flight (commands that arrive
// together are decided together, against a speculative copy of the state, and appended as one
// batch: per-match group commit). Refusals are answered at once and change nothing. Accepted
// events go to the journal; only when the append is durable does the actor adopt the new state,
// answer the callers and send subscribers their updates: at once, or, when no event of the batch
// is urgent (game::urgent), within coalesce_updates, several batches in one update without a
// view (the callers have their replies meanwhile); each match flushes on a beat of its own (a
// phase drawn from its id), so matches started together do not all flush at once. If the append fails, nothing changes and the
// callers hear why.
//
// On start the actor rebuilds its state from the journal (commands wait in the mailbox until
// then), schedules the game's next deadline, and fires it at once if it passed while the server
// was down. It stops when idle with nobody watching and no deadline pending (passivation).
//
// Effects: whenever its state lists effects (game::pending_effects) it has not started, the
// actor hands them to the platform's effect runner and turns each outcome into an
// `effect_result` platform command. Keys are started once per actor life; a restart starts what
// is still listed again. Presence: for games that show it, the credentials of the connected
// subscribers go into every view, and a connect or leave sends everyone a fresh view.
#pragma once

#include <caf/all.hpp>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "actors/messages.hpp"
#include "actors/platform.hpp"

namespace wordhall {

class match_actor : public caf::event_based_actor {
 public:
  match_actor(caf::actor_config& cfg, std::string match_id, const game* g, platform* services,
              bool is_new);

  caf::behavior make_behavior() override;
  void on_exit() override;

 private:
  struct pending_command {
    std::string caller;
    std::string json;
    caf::typed_response_promise<command_outcome> promise;  // invalid for platform commands
    bool from_platform = false;
  };
  struct accepted_command {
    pending_command command;
    uint64_t last_seq = 0;
    std::string reply;
  };
  struct subscriber {
    caf::actor handle;
    std::string caller;
    uint64_t sent_seq = 0;  // the last event this subscriber was sent
  };

  void recover();
  void flush();
  void on_appended(uint64_t batch, int code, const std::string& message);
  void publish(bool urgent);
  // How long until this match's next update beat: at most `period`, never zero.
  std::chrono::milliseconds until_next_beat(std::chrono::milliseconds period) const;
  void send_updates(bool even_if_current);
  void schedule_deadline();
  void start_effects();
  void on_effect_done(const std::string& key, effect_outcome outcome);
  bool refresh_online();    // true when the set of connected callers changed
  void presence_changed();  // refresh_online, then fresh views for games that show presence
  void refuse(pending_command& c, const std::string& code, const std::string& message);
  std::string view_for(const std::string& caller) const;
  bool idle() const;

  std::string id_;
  const game* game_;
  platform* platform_;
  bool is_new_;

  std::unique_ptr<match_state> state_;
  uint64_t last_seq_ = 0;
  int64_t created_ms_ = 0;
  std::optional<error> broken_;  // set when recovery failed: every command hears it
  bool draining_ = false;
  uint64_t write_epoch_ = 0;  // in a cluster: the node lease's epoch when this actor started

  std::deque<pending_command> queue_;
  // The batch being appended: its events, the state they lead to, and whom to answer.
  uint64_t batch_no_ = 0;
  bool in_flight_ = false;
  std::vector<event_envelope> flight_events_;
  std::unique_ptr<match_state> flight_state_;
  std::vector<accepted_command> flight_commands_;
  std::chrono::steady_clock::time_point flight_started_;
  std::vector<caf::response_promise> drain_waiters_;

  std::vector<subscriber> subscribers_;
  std::vector<std::string> online_;  // callers of subscribers_, sorted, once each
  std::vector<event_envelope> unsent_;  // events some subscriber has not been sent yet
  bool updates_scheduled_ = false;
  std::optional<int64_t> scheduled_deadline_;
  std::set<std::string> effects_started_;
  int effects_in_flight_ = 0;
};

}  // namespace wordhall
