// journal: each match's events, snapshots and meta record, whatever keeps them. Two journals
// implement it: rocksdb_journal (one process, the default) and jetstream_journal (a cluster's
// NATS JetStream); the match actors, recovery, group commit and the admin pages see only this.
//
// Contract, for every implementation:
//   - A match's events have seqs 1, 2, 3, ... with no gaps. An append names the last seq its
//     writer believes is stored; if that is not what is stored the append is `aborted` and
//     nothing of it is written. Each match has one writer, so a conflict means a bug or a second
//     writer (another server, or a node that lost the match), never ordinary contention.
//   - An append's events are stored all or none; once append returns ok they are durable as the
//     journal promises (fsynced on disk; acknowledged by JetStream's replicas).
//   - append_batch: one result per request, in order; every request that passes its checks
//     commits, the others fail alone. Requests for one match chain: the second expects the
//     first's new last seq. It is what group_commit hands each batch to.
//   - Reads may run on any thread, concurrently with appends.
//   - A record failing its check (record_codec.hpp's CRC), or a gap in a match's seqs, reads as
//     data_loss naming the match and seq. Nothing aborts the process.
//   - Errors: aborted (the fence above), invalid_argument (a malformed request), not_found,
//     data_loss, unavailable (the store cannot be reached; whether an unanswered append was
//     stored is then unknown), resource_exhausted (a full disk).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/envelope.hpp"
#include "storage/match_meta.hpp"
#include "storage/record_codec.hpp"
#include "storage/status.hpp"

namespace wordhall::storage {

struct append_request {
  std::string match_id;
  // What the single writer believes is stored; 0 for a new match.
  uint64_t expected_last_seq = 0;
  // Seqs must be expected_last_seq+1, +2, ... (else invalid_argument).
  std::vector<event_envelope> events;
  // Written with the events when present; its seq must be <= the new last seq.
  std::optional<snapshot_record> snapshot;
  // Written with the events; its last_seq is set from the events. An empty id is set to
  // match_id, any other id is invalid_argument.
  std::optional<match_meta> meta;
};

// A table file that a listing read around: one of its blocks fails RocksDB's checksum.
struct skipped_table {
  std::string file;  // its name in the journal's directory, e.g. "000012.sst"
  // The ids of the matches whose meta records it may hold; empty: from the first, to the last.
  std::string first_id, last_id;
  std::string reason;  // RocksDB's words
};

// What a listing passed over. A damaged meta record costs its one match. A damaged table block
// (RocksDB) costs the meta records that live only in its table file: they are left out, and the
// file and the ids it spans are named.
struct listing_damage {
  std::vector<std::string> records;  // match ids whose meta record fails its check
  std::vector<skipped_table> tables;
  // Set when a failure could not be pinned to a record or table file: the listing ends there,
  // and this says after which match and why.
  std::string stopped;
};

class journal {
 public:
  virtual ~journal() = default;

  virtual status append(const append_request& request) = 0;
  virtual std::vector<status> append_batch(const std::vector<append_request>& requests) = 0;

  // Replaces *out with up to `limit` events starting at from_seq (0 reads as 1).
  status read_events(std::string_view match_id, uint64_t from_seq, size_t limit,
                     std::vector<event_envelope>* out) const;
  // Streams events from_seq..to_seq (inclusive) in order and stops early when visit returns
  // false. The envelope passed to visit is reused between calls: copy what you keep.
  virtual status for_each_event(std::string_view match_id, uint64_t from_seq, uint64_t to_seq,
                                const std::function<bool(const event_envelope&)>& visit) const = 0;
  // The newest snapshot with seq <= at_most_seq: not_found when none, data_loss when it is
  // corrupt (older ones are not tried: recovery should be told, not silently slower).
  virtual status latest_snapshot(std::string_view match_id, uint64_t at_most_seq,
                                 snapshot_record* out) const = 0;
  // not_found for an unknown match.
  virtual status read_meta(std::string_view match_id, match_meta* out) const = 0;
  // Replaces *out with up to `limit` meta records whose id follows after_id (empty: from the
  // start), ordered by id length, then bytewise (see key_codec.hpp). Pass the last id of one page
  // as after_id to get the next. With `damage`, damage is passed over and described there
  // instead of ending the listing with data_loss; the listing then never fails with data_loss.
  virtual status list_matches(std::string_view after_id, size_t limit,
                              std::vector<match_meta>* out, listing_damage* damage) const = 0;
  status list_matches(std::string_view after_id, size_t limit,
                      std::vector<match_meta>* out) const {
    return list_matches(after_id, limit, out, nullptr);
  }
  // 0 for an unknown match (and when it cannot be read; append reports such errors).
  virtual uint64_t last_seq(std::string_view match_id) const = 0;
  // Reads every record of the match (meta, events, newest snapshot): ok, or the first failure,
  // data_loss for a damaged one. Costs a full read of the match; for the admin pages.
  status verify_match(std::string_view match_id) const;

  // ok while writes work, else why they do not (resource_exhausted: the disk is full;
  // unavailable: the store cannot be reached).
  virtual status write_health() const = 0;
  // Asks the store to carry on after failed writes; ok once writes work again. Cheap while
  // they do.
  virtual status resume() = 0;
};

}  // namespace wordhall::storage
