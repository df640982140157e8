// cluster_llm_slots: the LLM's concurrency limit (llmConcurrency) for a whole cluster, as the
// judge's shared slots (models/judge/llm_pool.hpp) in a JetStream key-value bucket.
//
// The bucket ("wh-llm-slots", made by the first node that opens it) has one key per slot,
// "slot-0" .. "slot-<count-1>". A POST takes a slot by creating its key, which fails while another
// holder has it, and gives it back by deleting it. A node that dies holding a slot frees it when
// the bucket's entries expire: `ttl` must be longer than the longest POST (the pool's
// request_timeout). Every node should be given the same count: each uses the first `count` keys.
//
// enter() tries the slots in turn, starting one further each time so that waiting nodes do not
// all ask for the same one, then waits `poll` and tries again until one is free or `stop` is set.
// While NATS cannot be reached it goes on trying (logged once a minute): the matches cannot
// write their events then either. Thread-safe: the pool's workers call it at once.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "models/judge/llm_pool.hpp"
#include "storage/status.hpp"

namespace wordhall {

class cluster_llm_slots : public judge::shared_slots {
 public:
  struct options {
    std::string url;  // the NATS servers, comma-separated
    std::string bucket = "wh-llm-slots";
    int count = 2;
    int replicas = 1;
    std::chrono::milliseconds ttl{std::chrono::minutes(2)};
    std::chrono::milliseconds poll{50};
    std::chrono::milliseconds timeout{std::chrono::seconds(5)};  // each NATS request
    std::string holder;  // stored in a slot while held: the node's name
  };

  // invalid_argument for a count below 1 or an empty holder; unavailable when NATS does not answer.
  static storage::status open(const options& opts, std::shared_ptr<cluster_llm_slots>* out);
  ~cluster_llm_slots() override;
  cluster_llm_slots(const cluster_llm_slots&) = delete;
  cluster_llm_slots& operator=(const cluster_llm_slots&) = delete;

  std::optional<std::string> enter(const std::atomic<bool>& stop) override;
  void leave(const std::string& slot) override;

 private:
  struct connection;
  cluster_llm_slots(std::unique_ptr<connection> nats, options opts);

  std::unique_ptr<connection> nats_;
  const options options_;
  std::atomic<unsigned> next_{0};
  std::atomic<int64_t> last_complaint_{0};  // steady-clock seconds of the last "unreachable" log
};

}  // namespace wordhall
