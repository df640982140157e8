// rocksdb_journal: the journal (journal.hpp) of one process, in one RocksDB database.
//
// Contract, beyond journal.hpp's:
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
#include <string>
#include <string_view>
#include <vector>

#include "storage/damaged_table.hpp"
#include "storage/journal.hpp"

namespace rocksdb {
class DB;
}

namespace wordhall::storage {

class rocksdb_journal final : public journal {
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
  static status open(const std::string& dir, const options& opts,
                     std::unique_ptr<rocksdb_journal>* out);

  ~rocksdb_journal() override;
  rocksdb_journal(const rocksdb_journal&) = delete;
  rocksdb_journal& operator=(const rocksdb_journal&) = delete;

  // One WriteBatch, one (synced) write; append_batch's is shared by all its requests, and a
  // failed write fails every request that went into it with the write's status.
  status append(const append_request& request) override;
  std::vector<status> append_batch(const std::vector<append_request>& requests) override;

  status for_each_event(std::string_view match_id, uint64_t from_seq, uint64_t to_seq,
                        const std::function<bool(const event_envelope&)>& visit) const override;
  status latest_snapshot(std::string_view match_id, uint64_t at_most_seq,
                         snapshot_record* out) const override;
  status read_meta(std::string_view match_id, match_meta* out) const override;
  using journal::list_matches;
  // A record inside a damaged table's span that another table also holds is read with a point
  // lookup, so it shows its newest version, or counts as damaged when that version is the
  // unreadable one.
  status list_matches(std::string_view after_id, size_t limit, std::vector<match_meta>* out,
                      listing_damage* damage) const override;
  uint64_t last_seq(std::string_view match_id) const override;
  status write_health() const override;
  status resume() override;

 private:
  rocksdb_journal(std::unique_ptr<rocksdb::DB> db, const options& opts);

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
