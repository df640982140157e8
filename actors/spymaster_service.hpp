// spymaster_service: the model worker. One actor owns the Codenames spymaster (the learned
// network, or the classic baseline) and answers clue requests; the effect runner matches reach
// it through runs the service "codenames.clue".
//
//   (give_clue_atom, codenames::board_view)  -> clue_reply               (never a caf::error)
//   (spymaster_stats_atom)                   -> spymaster_service_stats
//
// Batching: requests that wait in the mailbox together go to spymaster::give_clues as one batch
// (at most `max_batch`), so the learned model makes one forward pass for all of them. The first
// request of a quiet period is answered at once: a batch is whatever queued while the previous
// one ran, never a timer. The actor runs detached, on its own thread, so a slow clue holds up no
// scheduler thread. A spymaster that throws (a model failure) fails every request of that batch
// with `spymaster_failed`; the service carries on. On an exit message open requests are answered
// with `spymaster_unavailable`.
//
// Effects: spymaster_effects runs "codenames.clue" with the board JSON of spymaster_json.hpp:
//   ok:     result {"clue":W,"number":N,"targets":[...],"spymaster":"learned"|"setnet"|"baseline"}
//   failed: the spymaster's codes (word_not_in_vocabulary, no_clue, bad_board),
//           spymaster_failed, bad_effect_payload, spymaster_unavailable (none loaded, or the
//           service is gone) or unknown_effect (another service name).
#pragma once

#include <caf/all.hpp>

#include <cstdint>
#include <memory>
#include <string>

#include "actors/platform.hpp"
#include "events/result.hpp"
#include "models/codenames/spymaster.hpp"

namespace wordhall {

using give_clue_atom = caf::atom_constant<caf::atom("giveclue")>;
using spymaster_stats_atom = caf::atom_constant<caf::atom("spystats")>;
using flush_clues_atom = caf::atom_constant<caf::atom("flushclue")>;  // internal

struct clue_reply {
  bool ok = false;
  codenames::clue value;  // when ok
  error failure;          // when not
  std::string spymaster;  // who answered: spymaster::name()
};

struct spymaster_service_stats {
  std::string spymaster;     // its name: "learned", "setnet" or "baseline"
  uint64_t clues = 0;        // requests answered
  uint64_t batches = 0;      // calls to give_clues
  uint64_t largest_batch = 0;
};

struct spymaster_service_options {
  size_t max_batch = 64;
};

// Spawns the worker for a loaded spymaster (not null).
caf::actor spawn_spymaster_service(caf::actor_system& system,
                                   std::shared_ptr<const codenames::spymaster> spymaster,
                                   spymaster_service_options options = {});

class spymaster_effects : public effect_runner {
 public:
  static constexpr const char* clue_service = "codenames.clue";

  // With a service: uses it (and, when `owned`, sends it an exit message on destruction).
  spymaster_effects(caf::actor_system& system, caf::actor service, bool owned);
  // Without one: every clue fails with spymaster_unavailable and `why` (the load error).
  spymaster_effects(caf::actor_system& system, error why);
  ~spymaster_effects() override;

  // Never blocks: the request goes to the service through a short-lived actor.
  void run(const std::string& service, const std::string& payload, effect_done done) override;

  // Asks the service and waits (at most 5 s) for its stats; empty when there is no service.
  spymaster_service_stats stats();

 private:
  caf::actor_system& system_;
  caf::actor service_;
  bool owned_ = false;
  error unavailable_;
};

// A runner over a freshly spawned worker when `loaded` holds a spymaster, else one that fails
// every clue with the load error. Destroy it before the actor system.
std::unique_ptr<spymaster_effects> make_spymaster_effects(
    caf::actor_system& system, result<std::shared_ptr<const codenames::spymaster>> loaded,
    spymaster_service_options options = {});

// The effect's result JSON for a clue.
std::string clue_result_json(const codenames::clue& given, const std::string& spymaster);

}  // namespace wordhall

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::codenames::board_view)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::clue_reply)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::spymaster_service_stats)
