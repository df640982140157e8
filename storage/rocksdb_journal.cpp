// Opening the RocksDB journal and the write path: validation, conflict checks, one WriteBatch per
// group, and the last-seq cache. Reads live in rocksdb_journal_read.cpp.
#include "storage/rocksdb_journal.hpp"

#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>

#include <limits>
#include <unordered_map>

#include "storage/append_check.hpp"
#include "storage/key_codec.hpp"
#include "storage/rocksdb_logger.hpp"
#include "storage/rocksdb_status.hpp"

namespace wordhall::storage {
namespace {

std::string describe(std::string_view match_id) { return "match " + std::string(match_id); }

// Adds the request's records to `batch`; key/value are scratch buffers reused across calls.
void put_request(const append_request& request, rocksdb::WriteBatch* batch, std::string* key,
                 std::string* value) {
  for (const auto& event : request.events) {
    (void)encode_event_key(request.match_id, event.seq, key);
    encode_event_value(event, value);
    batch->Put(*key, *value);
  }
  if (request.snapshot) {
    (void)encode_snapshot_key(request.match_id, request.snapshot->seq, key);
    encode_snapshot_value(*request.snapshot, value);
    batch->Put(*key, *value);
  }
  if (request.meta) {
    match_meta meta = *request.meta;
    meta.id = request.match_id;
    meta.last_seq = request.expected_last_seq + request.events.size();
    (void)encode_meta_key(request.match_id, key);
    encode_meta_value(meta, value);
    batch->Put(*key, *value);
  }
}

}  // namespace

status rocksdb_journal::open(const std::string& dir, const options& opts,
                             std::unique_ptr<rocksdb_journal>* out) {
  rocksdb::Options db_options;
  db_options.create_if_missing = opts.create_if_missing;
  // Each Write reaches the WAL file before it returns; with sync it is also fsynced.
  db_options.manual_wal_flush = false;
  // A torn WAL tail after a crash can only hold writes that were never acknowledged.
  db_options.wal_recovery_mode = rocksdb::WALRecoveryMode::kPointInTimeRecovery;
  // Not the LOG file in `dir`: see rocksdb_logger.hpp.
  db_options.info_log = make_stderr_logger();
  rocksdb::BlockBasedTableOptions table;
  // Meta and snapshot reads are point lookups or short seeks.
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  db_options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));

  rocksdb::DB* raw = nullptr;
  rocksdb::Status s = opts.read_only ? rocksdb::DB::OpenForReadOnly(db_options, dir, &raw)
                                     : rocksdb::DB::Open(db_options, dir, &raw);
  if (!s.ok()) return from_rocksdb(s, "open " + dir);
  out->reset(new rocksdb_journal(std::unique_ptr<rocksdb::DB>(raw), opts));
  return status::success();
}

rocksdb_journal::rocksdb_journal(std::unique_ptr<rocksdb::DB> db, const options& opts)
    : db_(std::move(db)), options_(opts) {}

rocksdb_journal::~rocksdb_journal() {
  // Close reports errors that the destructor would swallow anyway; nobody is left to tell.
  db_->Close().PermitUncheckedError();
}

status rocksdb_journal::append(const append_request& request) {
  return commit({&request}).front();
}

std::vector<status> rocksdb_journal::append_batch(
    const std::vector<append_request>& requests) {
  std::vector<const append_request*> pointers;
  pointers.reserve(requests.size());
  for (const auto& request : requests) pointers.push_back(&request);
  return commit(pointers);
}

std::vector<status> rocksdb_journal::commit(
    const std::vector<const append_request*>& requests) {
  std::vector<status> results(requests.size());
  std::lock_guard<std::mutex> write_lock(write_mutex_);
  // After a failed write RocksDB refuses every write until resumed; if resuming fails the
  // write below fails with the same reason, so its status needs no separate handling.
  if (!write_health().ok()) (void)resume_locked();

  // Last seq of each match touched by this batch once its accepted requests apply. Keys view
  // the requests' ids, which outlive this call.
  std::unordered_map<std::string_view, uint64_t> batch_last;
  std::vector<size_t> accepted;
  rocksdb::WriteBatch batch;
  std::string key, value;
  for (size_t i = 0; i < requests.size(); ++i) {
    const append_request& request = *requests[i];
    status s = check_append_request(request);
    if (!s.ok()) {
      results[i] = std::move(s);
      continue;
    }
    uint64_t current = 0;
    auto found = batch_last.find(request.match_id);
    if (found != batch_last.end()) {
      current = found->second;
    } else if (s = stored_last_seq(request.match_id, &current); !s.ok()) {
      results[i] = std::move(s);
      continue;
    }
    if (request.expected_last_seq != current) {
      results[i] = status::aborted(describe(request.match_id) + ": expected last seq " +
                                   std::to_string(request.expected_last_seq) + ", stored " +
                                   std::to_string(current));
      continue;
    }
    put_request(request, &batch, &key, &value);
    batch_last[request.match_id] = current + request.events.size();
    accepted.push_back(i);
  }
  if (batch.Count() == 0) return results;

  rocksdb::WriteOptions write_options;
  write_options.sync = options_.sync;
  rocksdb::Status written = db_->Write(write_options, &batch);
  set_write_health(from_rocksdb(written, "write batch"));
  std::lock_guard<std::mutex> cache_lock(cache_mutex_);
  if (!written.ok()) {
    status failure = from_rocksdb(written, "write batch");
    for (size_t i : accepted) results[i] = failure;
    // Whether any of it reached the disk is unknown after a failed write; reload on next use.
    for (const auto& [match_id, seq] : batch_last) {
      auto entry = last_seq_cache_.find(match_id);
      if (entry != last_seq_cache_.end()) last_seq_cache_.erase(entry);
    }
    return results;
  }
  for (const auto& [match_id, seq] : batch_last) {
    auto entry = last_seq_cache_.find(match_id);
    if (entry != last_seq_cache_.end()) {
      entry->second = seq;
    } else {
      last_seq_cache_.emplace(std::string(match_id), seq);
    }
  }
  return results;
}

status rocksdb_journal::write_health() const {
  std::lock_guard<std::mutex> lock(health_mutex_);
  return write_failure_;
}

void rocksdb_journal::set_write_health(status s) {
  std::lock_guard<std::mutex> lock(health_mutex_);
  write_failure_ = std::move(s);
}

status rocksdb_journal::resume() {
  if (write_health().ok()) return status::success();
  std::lock_guard<std::mutex> write_lock(write_mutex_);
  return resume_locked();
}

status rocksdb_journal::resume_locked() {
  // After ENOSPC RocksDB recovers by itself: its SstFileManager polls the free space (every 5 s)
  // and resumes once there is room for a full memtable (write_buffer_size, 64 MiB). Meanwhile
  // Resume answers Busy and the disk is still, as far as anyone knows, full. Resume is a no-op
  // for a database that never stopped; the next write then tells whether the cause is gone.
  rocksdb::Status resumed = db_->Resume();
  if (resumed.IsBusy()) return write_health();
  status s = resumed.IsNotSupported() ? status::success() : from_rocksdb(resumed, "resume writing");
  set_write_health(s);
  return s;
}

uint64_t rocksdb_journal::last_seq(std::string_view match_id) const {
  uint64_t seq = 0;
  if (check_match_id(match_id).ok() && stored_last_seq(match_id, &seq).ok()) return seq;
  return 0;
}

status rocksdb_journal::stored_last_seq(std::string_view match_id, uint64_t* out) const {
  {
    std::lock_guard<std::mutex> lock(cache_mutex_);
    auto entry = last_seq_cache_.find(match_id);
    if (entry != last_seq_cache_.end()) {
      *out = entry->second;
      return status::success();
    }
  }
  // Seek without the lock. Publishing with emplace never overwrites: an append always holds the
  // entry in the cache before it writes, so an entry present now is at least as new as the seek.
  status s = find_last_seq(match_id, out);
  if (!s.ok()) return s;
  std::lock_guard<std::mutex> lock(cache_mutex_);
  auto [entry, inserted] = last_seq_cache_.emplace(std::string(match_id), *out);
  *out = entry->second;
  return s;
}

}  // namespace wordhall::storage
