// journal: each match's events, snapshots and meta record in one RocksDB database.
//
// Contract:
//   - A match's events have seqs 1, 2, 3, ... with no gaps. An append names the last seq its
//     writer believes is stored; if that is not what is stored the append is `aborted` and
//     nothing of it is written. Each match has one writer, so a conflict means a bug or a second
//     server, never ordinary contention.
//   - An append (events + optional snapshot + optional meta) is one WriteBatch: all or nothing.
//     append_batch puts many appends into one WriteBatch and one synced write: every request that
//     passes its checks commits, the others fail alone.
//   - With options.sync a successful append is on disk (WAL fsynced) when it returns.
//   - Reads may run on any thread, concurrently with appends; each sees a consistent view.
//   - Every stored value carries a CRC (record_codec.hpp); a record that fails it, or a gap in
//     a match's seqs, reads as data_loss naming the match and seq. Nothing aborts the process.
//   - A table file with a block failing RocksDB's checksum is left out of event and snapshot
//     reads once one of them has met it (damaged_table.hpp), so matches it does not hold read
//     normally. A match with events in it reads as data_loss naming the match: a gap, or, for its
//     last events, a point lookup of the seq after the last one read that finds the damaged file.
//     A newer snapshot in that file is not seen: an older one comes back and replay reads more
//     of the (checked) events, so the state is the same.
//   - A full disk fails appends with resource_exhausted and writes nothing. RocksDB then refuses
//     every write until told to carry on (DB::Resume); the next append, or resume(), does that,
//     so writing comes back by itself once space returns. Reads keep working throughout.
//
// The last seq of each match is cached after its first use, so conflict checks cost no read.
// It is loaded by a reverse seek on the match's event keys, not from the meta record: the
// events are the truth, and an append may carry no meta.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/envelope.hpp"
#include "storage/damaged_table.hpp"
#include "storage/match_meta.hpp"
#include "storage/record_codec.hpp"
#include "storage/status.hpp"

namespace rocksdb {
class DB;
}

namespace wordhall::storage {

struct append_request {
  std::string match_id;
  // What the single writer believes is stored; 0 for a new match.
  uint64_t expected_last_seq = 0;
  // Seqs must be expected_last_seq+1, +2, ... (else invalid_argument).
  std::vector<event_envelope> events;
  // Written in the same batch when present; its seq must be <= the new last seq.
  std::optional<snapshot_record> snapshot;
  // Written in the same batch; its last_seq is set from the events. An empty id is set to
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
// costs the meta records that live only in its table file: they are left out, and the file and
// the ids it spans are named. A record inside that span that another table also holds is read
// with a point lookup, so it shows its newest version, or counts as damaged when that version is
// the unreadable one.
struct listing_damage {
  std::vector<std::string> records;  // match ids whose meta record fails its check
  std::vector<skipped_table> tables;
  // Set when a failure could not be pinned to a table file: the listing ends there, and this
  // says after which match and why.
  std::string stopped;
};

class journal {
 public:
  struct options {
    bool sync = true;
    bool create_if_missing = true;
    // Sees the journal as of opening, writes are refused; works while a server holds the DB.
    bool read_only = false;
  };

  // unavailable when the directory cannot be opened or is locked by another process, data_loss
  // when RocksDB finds its own files corrupt, invalid_argument when it is missing and
  // !create_if_missing.
  static status open(const std::string& dir, const options& opts, std::unique_ptr<journal>* out);

  ~journal();
  journal(const journal&) = delete;
  journal& operator=(const journal&) = delete;

  // Atomic: one WriteBatch, one (synced) write.
  status append(const append_request& request);
  // Group commit: one result per request, in order. A failed write fails every request that
  // went into it with the write's status. Requests for one match chain: the second expects the
  // first's new last seq.
  std::vector<status> append_batch(const std::vector<append_request>& requests);

  // Replaces *out with up to `limit` events starting at from_seq (0 reads as 1).
  status read_events(std::string_view match_id, uint64_t from_seq, size_t limit,
                     std::vector<event_envelope>* out) const;
  // Streams events from_seq..to_seq (inclusive) in order and stops early when visit returns
  // false. The envelope passed to visit is reused between calls: copy what you keep.
  status for_each_event(std::string_view match_id, uint64_t from_seq, uint64_t to_seq,
                        const std::function<bool(const event_envelope&)>& visit) const;
  // The newest snapshot with seq <= at_most_seq: not_found when none, data_loss when it is
  // corrupt (older ones are not tried: recovery should be told, not silently slower).
  status latest_snapshot(std::string_view match_id, uint64_t at_most_seq,
                         snapshot_record* out) const;
  // not_found for an unknown match.
  status read_meta(std::string_view match_id, match_meta* out) const;
  // Replaces *out with up to `limit` meta records whose key follows after_id's (empty: from the
  // start), in key order: by id length, then bytewise (see key_codec.hpp). Pass the last id of
  // one page as after_id to get the next.
  status list_matches(std::string_view after_id, size_t limit, std::vector<match_meta>* out) const;
  // With `damage`, damage is passed over and described there instead of ending the listing
  // with data_loss (see listing_damage); the listing then never fails with data_loss.
  status list_matches(std::string_view after_id, size_t limit, std::vector<match_meta>* out,
                      listing_damage* damage) const;
  // 0 for an unknown match (and when it cannot be read; append reports such errors).
  uint64_t last_seq(std::string_view match_id) const;
  // Reads every record of the match (meta, events, newest snapshot): ok, or the first failure,
  // data_loss for a damaged one. Costs a full scan of the match; for the admin pages.
  status verify_match(std::string_view match_id) const;

  // ok while writes work, else why the last one failed (resource_exhausted: the disk is full).
  status write_health() const;
  // Asks RocksDB to carry on after a failed write; ok once writes work again. Cheap while they do.
  status resume();

 private:
  journal(std::unique_ptr<rocksdb::DB> db, const options& opts);

  std::vector<status> commit(const std::vector<const append_request*>& requests);
  // resume() for a caller holding write_mutex_.
  status resume_locked();
  void set_write_health(status s);
  // The cached last seq, loading it on a miss.
  status stored_last_seq(std::string_view match_id, uint64_t* out) const;
  // Reverse seek to the match's last event key.
  status find_last_seq(std::string_view match_id, uint64_t* out) const;
  // The table files event and snapshot reads leave out.
  std::vector<damaged_table> damaged_tables() const;
  // Remembers the live table file that `failure` (a Corruption) names; true when it is not among
  // `left_out`, the files the failed read already left out, so a retry without it may succeed.
  bool leave_out_table(const rocksdb::Status& failure,
                       const std::vector<damaged_table>& left_out) const;

  std::unique_ptr<rocksdb::DB> db_;
  options options_;
  // Held across check, write and cache update, so two appends never pass the same check.
  std::mutex write_mutex_;
  // Guards only the cache, so last_seq() never waits behind an fsync.
  mutable std::mutex cache_mutex_;
  mutable std::map<std::string, uint64_t, std::less<>> last_seq_cache_;
  // Guards only write_failure_, so a health probe never waits behind an fsync either.
  mutable std::mutex health_mutex_;
  status write_failure_;  // ok while writes work
  // Guards only damaged_tables_, which grows as reads meet damaged table files.
  mutable std::mutex damaged_mutex_;
  mutable std::vector<damaged_table> damaged_tables_;
};

}  // namespace wordhall::storage
