// judge_service: the actor that owns the Wortkunst judge (models/judge/judge.hpp: the LLM pool or the
// offline judge, and the rating memory), and the effect runner matches reach it through.
//
//   (rate_words_atom, std::vector<std::string> words) -> judge_reply   (never a caf::error)
//   (judge_stats_atom)                                -> judge_service_stats
//
// It runs detached: it loads the word list and the memory on its own thread, and the model's
// answers come back to it from the pool's threads as messages, so a slow model holds up no
// scheduler thread and no mailbox. On an exit message it answers every open request with
// `llm_shutdown` before it stops (CAF 0.17 sends nothing for a dropped promise).
//
// Effects: judge_effects runs the service "wortkunst.rate" with the payload {"words":[...]}:
//   ok:     result {"judge":"offline"|model,"evaluations":[{"word","score","explanation"}, ...]}
//           (one evaluation per distinct word, in the order asked, words as asked)
//   failed: error_code from the judge (llm_http_error, llm_rejected, llm_unreachable,
//           llm_timeout, llm_bad_reply, llm_wrong_words, llm_score_out_of_range, llm_shutdown,
//           judge_bad_request), bad_effect_payload, judge_unavailable (the service is gone) or
//           unknown_effect (another service name). A failed rating leaves the move pending.
#pragma once

#include <caf/all.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "actors/platform.hpp"
#include "config/settings.hpp"
#include "events/result.hpp"
#include "models/judge/judge.hpp"

namespace wordhall {

using rate_words_atom = caf::atom_constant<caf::atom("ratewords")>;
using judge_stats_atom = caf::atom_constant<caf::atom("judgestats")>;
using judge_rated_atom = caf::atom_constant<caf::atom("judgerated")>;  // internal

struct judge_reply {
  bool ok = false;
  judge::judgement value;  // when ok
  error failure;           // when not
};

struct judge_service_stats {
  std::string judge;        // the model's name, or "offline"
  judge::llm_pool_stats pool;
  std::size_t remembered = 0;  // ratings in the memory, of both kinds
};

// The judge's configuration for `wordhall serve`: the MISTRAL_* variables (judge_config_from_env),
// llm_concurrency, german_words, and ratings_file (empty: <data_dir>/ratings.jsonl).
judge::judge_config judge_config_from_settings(const settings& s,
                                               const std::function<const char*(const char*)>& getenv);

// Spawns the service. An empty config.llm.log logs through log_line. `on_loaded` (if any) runs
// on the service's thread once its word list and rating memory have loaded (readiness).
caf::actor spawn_judge_service(caf::actor_system& system, judge::judge_config config,
                               std::function<void()> on_loaded = {});

class judge_effects : public effect_runner {
 public:
  static constexpr const char* rate_service = "wortkunst.rate";

  // Uses `service`; when `owned`, the destructor sends it an exit message.
  judge_effects(caf::actor_system& system, caf::actor service, bool owned);
  ~judge_effects() override;

  // Never blocks: the request goes to the service through a short-lived actor.
  void run(const std::string& service, const std::string& payload, effect_done done) override;

  const caf::actor& service() const { return service_; }
  // Asks the service and waits (at most 5 s) for its stats: for benchmarks and tests.
  judge_service_stats stats();

 private:
  caf::actor_system& system_;
  caf::actor service_;
  bool owned_;
};

// Spawns a service for `config` and the runner that owns it. Destroy the runner before the actor
// system: the system waits for the service, which stops when the runner goes.
std::unique_ptr<judge_effects> make_judge_effects(caf::actor_system& system,
                                                  judge::judge_config config,
                                                  std::function<void()> on_loaded = {});

}  // namespace wordhall

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::judge_reply)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::judge_service_stats)
