// The RocksDB journal's read path. Every read runs on its own RocksDB iterator or Get, so reads
// need no lock of ours and see a consistent view while appends continue.
#include <rocksdb/db.h>
#include <rocksdb/table_properties.h>

#include <algorithm>
#include <limits>

#include "storage/damaged_table.hpp"
#include "storage/rocksdb_journal.hpp"
#include "storage/key_codec.hpp"
#include "storage/rocksdb_status.hpp"

namespace wordhall::storage {
namespace {

std::string where(std::string_view match_id, uint64_t seq) {
  return "match " + std::string(match_id) + " seq " + std::to_string(seq);
}

std::string_view view(const rocksdb::Slice& s) { return {s.data(), s.size()}; }

bool already_skipped(const std::vector<damaged_table>& tables, uint64_t number) {
  for (const auto& t : tables)
    if (t.number == number) return true;
  return false;
}

// The file and the match ids its key range spans, clipped to the meta keys.
skipped_table describe_skipped(const damaged_table& table, const rocksdb::Status& failure) {
  skipped_table out{table.file, "", "", failure.ToString()};
  std::string_view id;
  if (table.smallest_key > meta_prefix() && decode_meta_key(table.smallest_key, &id))
    out.first_id = id;
  if (table.largest_key < prefix_successor(meta_prefix()) && decode_meta_key(table.largest_key, &id))
    out.last_id = id;
  return out;
}

// Leaves `tables` out of the reads made with `options`; the filter holds its own copy.
void leave_out(const std::vector<damaged_table>& tables, rocksdb::ReadOptions* options) {
  if (tables.empty()) return;
  options->table_filter = [tables](const rocksdb::TableProperties& properties) {
    return outside_tables(tables, properties);
  };
}

// After a read that left damaged tables out: `key`, which that read found absent, must be absent
// from the whole database too. A point lookup is answered by bloom filters without reading the
// damaged block unless the key is in it, and then it fails or finds a record the read missed.
status absent_everywhere(rocksdb::DB& db, const std::string& key, const std::string& context) {
  rocksdb::PinnableSlice ignored;
  rocksdb::Status got = db.Get(rocksdb::ReadOptions(), db.DefaultColumnFamily(), key, &ignored);
  if (got.IsNotFound()) return status::success();
  if (got.ok()) return status::data_loss(context + ": held only by a damaged table file");
  return from_rocksdb(got, context);
}

}  // namespace

std::vector<damaged_table> rocksdb_journal::damaged_tables() const {
  std::lock_guard<std::mutex> lock(damaged_mutex_);
  return damaged_tables_;
}

bool rocksdb_journal::leave_out_table(const rocksdb::Status& failure,
                              const std::vector<damaged_table>& left_out) const {
  if (!failure.IsCorruption()) return false;
  auto table = find_damaged_table(*db_, failure);
  if (!table || already_skipped(left_out, table->number)) return false;
  std::lock_guard<std::mutex> lock(damaged_mutex_);
  if (!already_skipped(damaged_tables_, table->number)) damaged_tables_.push_back(*table);
  return true;
}

status rocksdb_journal::for_each_event(
    std::string_view match_id, uint64_t from_seq, uint64_t to_seq,
    const std::function<bool(const event_envelope&)>& visit) const {
  std::string prefix;
  status s = event_prefix(match_id, &prefix);
  if (!s.ok()) return s;
  if (from_seq == 0) from_seq = 1;
  if (to_seq < from_seq) return s;

  std::string start, limit;
  if (to_seq == std::numeric_limits<uint64_t>::max()) {
    limit = prefix_successor(prefix);
  } else {
    (void)encode_event_key(match_id, to_seq + 1, &limit);
  }
  rocksdb::Slice upper(limit);
  // One envelope for the whole scan: decoding assigns into its strings, so after the first few
  // events their buffers are big enough and the scan stops allocating.
  event_envelope event;
  uint64_t expected = from_seq;
  for (;;) {
    const std::vector<damaged_table> left_out = damaged_tables();
    rocksdb::ReadOptions read_options;
    // The bound stops the scan at the range's end without touching the next match's blocks.
    // Readahead is left to RocksDB's automatic mode, which grows it only for long sequential
    // scans, so reading a short tail after a snapshot stays cheap.
    read_options.iterate_upper_bound = &upper;
    leave_out(left_out, &read_options);
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(read_options));
    (void)encode_event_key(match_id, expected, &start);
    for (it->Seek(start); it->Valid(); it->Next(), ++expected) {
      // Bounds keep the iterator inside this match's prefix, so only the seq needs reading.
      std::string_view key = view(it->key());
      if (key.size() != prefix.size() + 8) {
        return status::data_loss(where(match_id, expected) + ": malformed event key");
      }
      const uint64_t seq = get_u64_be(key.data() + prefix.size());
      if (seq != expected) {
        return status::data_loss(where(match_id, expected) + ": event missing (next stored is " +
                                 std::to_string(seq) + ")");
      }
      s = decode_event_value(view(it->value()), &event);
      if (!s.ok()) return s.with_context(where(match_id, seq));
      if (event.seq != seq) {
        return status::data_loss(where(match_id, seq) + ": record claims seq " +
                                 std::to_string(event.seq));
      }
      if (!visit(event)) return s;
    }
    const rocksdb::Status failed = it->status();
    it.reset();  // no iterator may outlive the filter's pass
    // The events visited so far stay visited: the retry goes on from `expected`.
    if (leave_out_table(failed, left_out)) continue;
    s = from_rocksdb(failed, "read events of match " + std::string(match_id));
    if (!s.ok() || left_out.empty() || expected > to_seq) return s;
    // The scan ended early when the match's last events sit in a table it left out.
    (void)encode_event_key(match_id, expected, &start);
    return absent_everywhere(*db_, start, where(match_id, expected));
  }
}

status rocksdb_journal::latest_snapshot(std::string_view match_id, uint64_t at_most_seq,
                                        snapshot_record* out) const {
  std::string prefix, target;
  status s = snapshot_prefix(match_id, &prefix);
  if (!s.ok()) return s;
  (void)encode_snapshot_key(match_id, at_most_seq, &target);
  rocksdb::Slice lower(prefix);
  std::unique_ptr<rocksdb::Iterator> it;
  for (;;) {
    const std::vector<damaged_table> left_out = damaged_tables();
    rocksdb::ReadOptions read_options;
    read_options.iterate_lower_bound = &lower;
    leave_out(left_out, &read_options);
    it.reset(db_->NewIterator(read_options));
    it->SeekForPrev(target);
    if (it->Valid() || !leave_out_table(it->status(), left_out)) break;
  }
  if (!it->Valid()) {
    s = from_rocksdb(it->status(), "read snapshot of match " + std::string(match_id));
    if (!s.ok()) return s;
    return status::not_found("match " + std::string(match_id) +
                             " has no snapshot at or before seq " + std::to_string(at_most_seq));
  }
  std::string_view key_id;
  uint64_t seq = 0;
  if (!decode_snapshot_key(view(it->key()), &key_id, &seq) || key_id != match_id) {
    return status::data_loss("match " + std::string(match_id) + ": malformed snapshot key");
  }
  const std::string context = "snapshot of " + where(match_id, seq);
  s = decode_snapshot_value(view(it->value()), out);
  if (!s.ok()) return s.with_context(context);
  if (out->seq != seq) {
    return status::data_loss(context + ": record claims seq " + std::to_string(out->seq));
  }
  return s;
}

status rocksdb_journal::read_meta(std::string_view match_id, match_meta* out) const {
  std::string key;
  status s = encode_meta_key(match_id, &key);
  if (!s.ok()) return s;
  rocksdb::PinnableSlice value;
  rocksdb::Status got = db_->Get(rocksdb::ReadOptions(), db_->DefaultColumnFamily(), key, &value);
  const std::string context = "meta of match " + std::string(match_id);
  if (got.IsNotFound()) return status::not_found(context + ": no such match");
  if (!got.ok()) return from_rocksdb(got, context);
  s = decode_meta_value(view(value), out);
  if (!s.ok()) return s.with_context(context);
  if (out->id != match_id) return status::data_loss(context + ": record names match " + out->id);
  return s;
}

status rocksdb_journal::list_matches(std::string_view after_id, size_t limit,
                                     std::vector<match_meta>* out, listing_damage* damage) const {
  out->clear();
  // The scan's position: the key to start from, or, once `past_resume`, the last key handled.
  std::string resume = meta_prefix();
  bool past_resume = false;
  if (!after_id.empty()) {
    status s = encode_meta_key(after_id, &resume);
    if (!s.ok()) return s;
    past_resume = true;
  }
  const std::string end = prefix_successor(meta_prefix());
  // Table files with a damaged block, left out of every iterator after the first failure
  // (damaged_table.hpp says why a whole file).
  std::vector<damaged_table> skipped;
  for (;;) {
    rocksdb::Slice upper(end);
    rocksdb::ReadOptions read_options;
    read_options.iterate_upper_bound = &upper;
    if (!skipped.empty()) {
      read_options.table_filter = [&skipped](const rocksdb::TableProperties& properties) {
        return outside_tables(skipped, properties);
      };
    }
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(read_options));
    it->Seek(resume);
    if (past_resume && it->Valid() && view(it->key()) == resume) it->Next();
    for (; it->Valid() && out->size() < limit; it->Next()) {
      std::string_view key = view(it->key());
      resume.assign(key);
      past_resume = true;
      std::string_view match_id;
      if (!decode_meta_key(key, &match_id)) {
        if (!damage) {
          return status::data_loss("malformed meta key after match " +
                                   (out->empty() ? std::string(after_id) : out->back().id));
        }
        damage->records.emplace_back(key.substr(std::min<size_t>(2, key.size())));  // its id bytes
        continue;
      }
      match_meta meta;
      status s;
      if (within_tables(skipped, key)) {
        // An older table's version: the skipped table may hold a newer one, which the point
        // lookup finds (or fails on, when it sits in the damaged block).
        s = read_meta(match_id, &meta);
        if (s.code() == status_code::not_found) continue;
        if (!s.ok() && s.code() != status_code::data_loss) return s;
      } else {
        s = decode_meta_value(view(it->value()), &meta);
        if (s.ok() && meta.id != match_id) s = status::data_loss("record names match " + meta.id);
        if (!s.ok()) s = s.with_context("meta of match " + std::string(match_id));
      }
      if (!s.ok()) {
        if (!damage) return s;
        damage->records.emplace_back(match_id);
        continue;
      }
      out->push_back(std::move(meta));
    }
    const rocksdb::Status failed = it->status();
    it.reset();  // the next pass's filter changes below; no iterator may still consult it
    if (failed.ok() || !damage || !failed.IsCorruption()) return from_rocksdb(failed, "list matches");
    auto table = find_damaged_table(*db_, failed);
    if (!table || already_skipped(skipped, table->number)) {
      std::string_view last_id;
      if (!past_resume || !decode_meta_key(resume, &last_id)) last_id = "";
      damage->stopped = "the listing stopped " +
                        (last_id.empty() ? std::string("at its start")
                                         : "after match " + std::string(last_id)) +
                        ": " + failed.ToString();
      return status::success();
    }
    damage->tables.push_back(describe_skipped(*table, failed));
    skipped.push_back(std::move(*table));
  }
}

status rocksdb_journal::find_last_seq(std::string_view match_id, uint64_t* out) const {
  std::string prefix, last_possible;
  status s = event_prefix(match_id, &prefix);
  if (!s.ok()) return s;
  // Seqs start at 1 without gaps, so a match without event 1 has none. The point lookup is
  // answered by the tables' bloom filters without reading their data blocks, so a new match is
  // never refused for a damaged block that holds other matches' keys around its own.
  std::string first;
  (void)encode_event_key(match_id, 1, &first);
  rocksdb::PinnableSlice ignored;
  rocksdb::Status got = db_->Get(rocksdb::ReadOptions(), db_->DefaultColumnFamily(), first, &ignored);
  if (got.IsNotFound()) {
    *out = 0;
    return s;
  }
  if (!got.ok()) return from_rocksdb(got, "find last seq of match " + std::string(match_id));
  (void)encode_event_key(match_id, std::numeric_limits<uint64_t>::max(), &last_possible);
  rocksdb::Slice lower(prefix);
  std::unique_ptr<rocksdb::Iterator> it;
  std::vector<damaged_table> left_out;
  for (;;) {
    left_out = damaged_tables();
    rocksdb::ReadOptions read_options;
    read_options.iterate_lower_bound = &lower;
    leave_out(left_out, &read_options);
    it.reset(db_->NewIterator(read_options));
    it->SeekForPrev(last_possible);
    if (it->Valid() || !leave_out_table(it->status(), left_out)) break;
  }
  *out = 0;
  const std::string context = "find last seq of match " + std::string(match_id);
  if (!it->Valid()) {
    s = from_rocksdb(it->status(), context);
    // Event 1 exists, so only a left-out table can hide it from the seek.
    if (s.ok()) s = status::data_loss(context + ": its events are in a damaged table file");
    return s;
  }
  std::string_view key = view(it->key());
  if (key.size() != prefix.size() + 8) {
    return status::data_loss("match " + std::string(match_id) + ": malformed last event key");
  }
  const uint64_t last = get_u64_be(key.data() + prefix.size());
  if (!left_out.empty()) {
    // A left-out table may hold later events: an append must never write over them.
    std::string next;
    (void)encode_event_key(match_id, last + 1, &next);
    s = absent_everywhere(*db_, next, where(match_id, last + 1));
    if (!s.ok()) return s;
  }
  *out = last;
  return s;
}

}  // namespace wordhall::storage
