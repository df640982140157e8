// jetstream_journal: the match journal kept in NATS JetStream, for a cluster of servers.
//
// The journal of journal.hpp, with these placements:
//   - Events: one stream (options.stream, file storage, options.replicas) over
//     `<subject_prefix>.<token>` (jetstream_codec.hpp). Each append is ONE message holding all its
//     events, so readers see an append entirely or not at all.
//   - Snapshots: KV bucket options.snapshot_bucket, key <token>, keeping the newest
//     options.snapshot_history snapshots of each match (older ones are not found).
//   - Meta: KV bucket options.meta_bucket, key <token>.
//
// The fence: every append is published with Nats-Expected-Last-Subject-Sequence set to the
// stream sequence of the match's last message as this journal knows it (0: no message yet).
// JetStream refuses the message when another writer appended in between, and the append is
// `aborted` with nothing written, so two writers are never interleaved. Our seqs and stream
// sequences differ; each match's last seq and last stream sequence are cached after first use,
// loaded from the stream's last message on the subject (the events are the truth, as in
// journal.hpp). A request whose expected seq differs from the cache is checked once more against
// the stream before it is aborted, and a refused or failed publish drops the match's cache
// entry, so a node whose view went stale catches up instead of failing forever.
//
// Snapshot and meta are written to their buckets after JetStream acknowledged the events: a
// writer that is fenced off never reaches them. They are derived records: if writing one fails
// once the events are stored, the append still reports ok (its events are durable) and
// derived_write_failures() counts it; the match's next append rewrites the meta, and a missing
// snapshot only makes recovery replay more. Neither goes back: both are written with the
// bucket's compare-and-set, and a stored meta with a later last_seq, or a stored snapshot with a
// later seq, stays (so the newest snapshot entry is always the one with the highest seq, and an
// append carrying an older snapshot than the stored one leaves it out). An append without
// events publishes nothing: it is checked against the match's last seq, and has no fence.
//
// Errors: aborted (fence), data_loss (a record failing decode or CRC, a gap in seqs),
// unavailable (NATS cannot be reached or did not answer within options.timeout; whether an
// unanswered append was stored is then unknown, as after a failed write in journal.hpp: one
// the client had buffered when the connection dropped is sent on reconnect, still fenced),
// invalid_argument (malformed request), not_found. Requests do not wait for a reconnect: while
// the connection is down they fail at once with unavailable, and work again once it is back.
//
// Reads start from the nearest known place: the match's cached position, or the snapshot entry's
// read hint (jetstream_codec.hpp) of the snapshot latest_snapshot last returned, so recovery
// (latest snapshot, then the events after it) skips the messages the snapshot covers.
//
// Costs: an append is one publish and its acknowledgement (after R replicas stored it), plus one
// KV put per snapshot or meta. append_batch publishes all its appends asynchronously and waits
// for the acknowledgements together. Reading walks the match's messages from where it starts,
// one direct get per append; list_matches reads every key of the meta bucket and sorts them, then
// gets one page.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "storage/jetstream_codec.hpp"
#include "storage/journal.hpp"

namespace wordhall::storage {

class jetstream_journal final : public journal {
 public:
  struct options {
    // Comma-separated server URLs.
    std::string url = "nats://127.0.0.1:4222";
    std::string stream = "WH_EVENTS";
    std::string subject_prefix = "wh.ev";
    std::string snapshot_bucket = "wh-snapshots";
    std::string meta_bucket = "wh-meta";
    int replicas = 1;  // 3 in a cluster
    uint8_t snapshot_history = 16;  // JetStream allows at most 64
    // For connecting and for each request's answer.
    std::chrono::milliseconds timeout{5000};
  };

  // Connects, and creates the stream and buckets when missing (an existing one is used as it
  // is). unavailable when no server answers, invalid_argument for bad options.
  static status open(const options& opts, std::unique_ptr<jetstream_journal>* out);

  ~jetstream_journal() override;
  jetstream_journal(const jetstream_journal&) = delete;
  jetstream_journal& operator=(const jetstream_journal&) = delete;

  status append(const append_request& request) override;
  // A request is ok only once JetStream acknowledged it. Requests for one match are published
  // in successive rounds, one per match per round.
  std::vector<status> append_batch(const std::vector<append_request>& requests) override;

  status for_each_event(std::string_view match_id, uint64_t from_seq, uint64_t to_seq,
                        const std::function<bool(const event_envelope&)>& visit) const override;
  status latest_snapshot(std::string_view match_id, uint64_t at_most_seq,
                         snapshot_record* out) const override;
  status read_meta(std::string_view match_id, match_meta* out) const override;
  using journal::list_matches;
  // With `damage`, a meta record failing its check is named in damage->records and left out.
  status list_matches(std::string_view after_id, size_t limit, std::vector<match_meta>* out,
                      listing_damage* damage) const override;
  uint64_t last_seq(std::string_view match_id) const override;
  // unavailable while the connection to NATS is down (the client keeps reconnecting by itself,
  // so resume() only reports).
  status write_health() const override;
  status resume() override;

  // Snapshot or meta writes that failed after their events were stored.
  uint64_t derived_write_failures() const { return derived_write_failures_.load(); }

 private:
  struct match_position {
    uint64_t last_seq = 0;
    uint64_t last_stream_seq = 0;  // 0: the subject has no message
  };
  struct connection;
  // A KV entry's revision and the seq of the record it holds.
  struct kv_version {
    uint64_t revision = 0;
    uint64_t seq = 0;
  };
  using kv_versions = std::map<std::string, kv_version, std::less<>>;

  jetstream_journal(std::unique_ptr<connection> nats, const options& opts);

  std::vector<status> commit(const std::vector<const append_request*>& requests);
  // Publishes one message per request (all with events and passing their checks) and fills
  // results[i] for each; on success positions[i] holds the match's new position.
  void publish(const std::vector<const append_request*>& requests,
               const std::vector<match_position>& before, std::vector<status>* results,
               std::vector<match_position>* after);

  status position(std::string_view match_id, match_position* out) const;
  status load_position(std::string_view match_id, match_position* out) const;
  // Writes `value` (a record of `seq`) under `key` with the bucket's compare-and-set, unless the
  // bucket holds a record of a later seq: then that one stays.
  enum class bucket { snapshots, meta };
  // A snapshot or meta entry to write once its append's events are stored: a record of `seq`.
  struct derived_write {
    bucket which;
    std::string key;  // the match's token
    std::string value;
    uint64_t seq = 0;
    std::string context;  // "meta of match X", for errors
  };
  // The snapshot and meta of an append that moved the match from `before` to `after`.
  void derived_writes_of(const append_request& request, const match_position& before,
                         const match_position& after, std::vector<derived_write>* out) const;
  // Writes them, those of different matches together; a write that fails counts in
  // derived_write_failures().
  void store_derived(const std::vector<derived_write>& writes);
  status put_unless_newer(bucket which, const std::string& key, const std::string& value,
                          uint64_t seq,
                          const std::function<bool(std::string_view, uint64_t*)>& seq_of,
                          const std::string& context);
  void forget(std::string_view match_id);
  void remember_hint(std::string_view match_id, const read_hint& hint) const;
  std::string subject(std::string_view match_id) const;

  std::unique_ptr<connection> nats_;
  options options_;
  // Held across check, publish and cache update, so two appends never pass the same check.
  std::mutex write_mutex_;
  mutable std::mutex cache_mutex_;
  mutable std::map<std::string, match_position, std::less<>> positions_;
  // Where the events after the snapshot latest_snapshot last returned begin, per match.
  mutable std::map<std::string, read_hint, std::less<>> snapshot_hints_;
  // Each match's meta and snapshot entry as last written or seen here, by token; guarded by
  // write_mutex_.
  kv_versions meta_versions_;
  kv_versions snapshot_versions_;
  std::atomic<uint64_t> derived_write_failures_{0};
};

}  // namespace wordhall::storage
