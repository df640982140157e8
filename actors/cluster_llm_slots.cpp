// The cluster's LLM slots in a JetStream KV bucket; the contract is in cluster_llm_slots.hpp.
#include "actors/cluster_llm_slots.hpp"

#include <nats/nats.h>

#include <thread>

#include "actors/log.hpp"
#include "storage/nats_connect.hpp"
#include "storage/nats_status.hpp"

namespace wordhall {

struct cluster_llm_slots::connection : storage::jetstream_link {
  kvStore* kv = nullptr;
  ~connection() { kvStore_Destroy(kv); }
};

storage::status cluster_llm_slots::open(const options& opts,
                                        std::shared_ptr<cluster_llm_slots>* out) {
  if (opts.count < 1 || opts.holder.empty() || opts.replicas < 1 || opts.ttl.count() <= 0 ||
      opts.poll.count() <= 0) {
    return storage::status::invalid_argument(
        "LLM slots: need at least one slot, a holder, a replica, a TTL and a poll interval");
  }
  auto nats = std::make_unique<connection>();
  auto st = storage::connect_jetstream(opts.url, opts.timeout, &nats->nc, &nats->js);
  if (st.ok()) st = storage::open_bucket(nats->js, {opts.bucket, 1, opts.replicas, opts.ttl}, &nats->kv);
  if (!st.ok()) return st;
  out->reset(new cluster_llm_slots(std::move(nats), opts));
  return st;
}

cluster_llm_slots::cluster_llm_slots(std::unique_ptr<connection> nats, options opts)
    : nats_(std::move(nats)), options_(std::move(opts)) {}

cluster_llm_slots::~cluster_llm_slots() = default;

std::optional<std::string> cluster_llm_slots::enter(const std::atomic<bool>& stop) {
  const unsigned count = static_cast<unsigned>(options_.count);
  for (;;) {
    if (stop) return std::nullopt;
    const unsigned first = next_++;
    natsStatus failure = NATS_OK;
    for (unsigned k = 0; k < count; ++k) {
      std::string key = "slot-" + std::to_string((first + k) % count);
      uint64_t revision = 0;
      // Fails while another holder has the key; succeeds over a deleted one.
      natsStatus s = kvStore_CreateString(&revision, nats_->kv, key.c_str(), options_.holder.c_str());
      if (s == NATS_OK) return key;
      if (storage::unreachable(s)) failure = s;
    }
    if (failure != NATS_OK) {
      const int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                              std::chrono::steady_clock::now().time_since_epoch()).count();
      int64_t last = last_complaint_;
      if (now - last >= 60 && last_complaint_.compare_exchange_strong(last, now))
        log_line("llm_slots_unreachable", std::string("status=") + natsStatus_GetText(failure));
    }
    std::this_thread::sleep_for(options_.poll);
  }
}

void cluster_llm_slots::leave(const std::string& slot) {
  natsStatus s = kvStore_Delete(nats_->kv, slot.c_str());
  // Not given back: it frees itself when the bucket's entries expire.
  if (s != NATS_OK)
    log_line("llm_slot_kept", "slot=" + slot + " status=" + natsStatus_GetText(s));
}

}  // namespace wordhall
