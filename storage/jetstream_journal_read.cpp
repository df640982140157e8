// The JetStream journal's read path: a match's position from its subject's last message, events
// by walking the subject with direct gets, snapshots and meta from their buckets.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "storage/jetstream_codec.hpp"
#include "storage/jetstream_connection.hpp"
#include "storage/jetstream_journal.hpp"
#include "storage/key_codec.hpp"
#include "storage/nats_status.hpp"

namespace wordhall::storage {
namespace {

std::string_view body(natsMsg* msg) {
  return {natsMsg_GetData(msg), static_cast<size_t>(natsMsg_GetDataLength(msg))};
}

std::string_view value_of(kvEntry* entry) {
  return {static_cast<const char*>(kvEntry_Value(entry)),
          static_cast<size_t>(kvEntry_ValueLen(entry))};
}

// A direct get's stream sequence travels in a header.
uint64_t stream_seq_of(natsMsg* msg) {
  uint64_t seq = natsMsg_GetSequence(msg);
  if (seq != 0) return seq;
  const char* value = nullptr;
  if (natsMsgHeader_Get(msg, "Nats-Sequence", &value) == NATS_OK && value) {
    return std::strtoull(value, nullptr, 10);
  }
  return 0;
}

std::string where_in_stream(std::string_view match_id, uint64_t stream_seq) {
  return "match " + std::string(match_id) + " stream seq " + std::to_string(stream_seq);
}

}  // namespace

void jetstream_journal::remember_hint(std::string_view match_id, const read_hint& hint) const {
  if (hint.seq == 0) return;
  std::lock_guard<std::mutex> lock(cache_mutex_);
  snapshot_hints_.insert_or_assign(std::string(match_id), hint);
}

// What the stream holds now, not this server's cached position: in a cluster another node may
// have appended since. Its callers (the admin pages, new match ids) are not on the append path.
uint64_t jetstream_journal::last_seq(std::string_view match_id) const {
  match_position current;
  if (check_match_id(match_id).ok() && load_position(match_id, &current).ok())
    return current.last_seq;
  return 0;
}

status jetstream_journal::position(std::string_view match_id, match_position* out) const {
  {
    std::lock_guard<std::mutex> lock(cache_mutex_);
    auto entry = positions_.find(match_id);
    if (entry != positions_.end()) {
      *out = entry->second;
      return status::success();
    }
  }
  status s = load_position(match_id, out);
  if (!s.ok()) return s;
  // emplace never overwrites: an append publishes its new position under the write lock, so an
  // entry present now is at least as new as what was loaded.
  std::lock_guard<std::mutex> lock(cache_mutex_);
  auto [entry, inserted] = positions_.emplace(std::string(match_id), *out);
  *out = entry->second;
  return s;
}

status jetstream_journal::load_position(std::string_view match_id, match_position* out) const {
  *out = match_position{};
  natsMsg* msg = nullptr;
  jsErrCode code = static_cast<jsErrCode>(0);
  natsStatus got = js_GetLastMsg(&msg, nats_->js, options_.stream.c_str(),
                                 subject(match_id).c_str(), nullptr, &code);
  if (got == NATS_NOT_FOUND || code == JSNoMessageFoundErr) return status::success();
  if (got != NATS_OK) return from_nats(got, code, "last event of match " + std::string(match_id));
  std::vector<event_envelope> events;
  status s = decode_append_message(body(msg), &events);
  const uint64_t stream_seq = stream_seq_of(msg);
  natsMsg_Destroy(msg);
  if (!s.ok()) return s.with_context(where_in_stream(match_id, stream_seq));
  if (events.empty())
    return status::data_loss(where_in_stream(match_id, stream_seq) + ": no events");
  *out = match_position{events.back().seq, stream_seq};
  return s;
}

status jetstream_journal::for_each_event(
    std::string_view match_id, uint64_t from_seq, uint64_t to_seq,
    const std::function<bool(const event_envelope&)>& visit) const {
  status s = check_match_id(match_id);
  if (!s.ok()) return s;
  if (from_seq == 0) from_seq = 1;
  if (to_seq < from_seq) return s;
  match_position known;
  s = position(match_id, &known);
  if (!s.ok()) return s;

  // Start after the nearest known place before from_seq.
  read_hint start;
  if (known.last_seq < from_seq) start = read_hint{known.last_seq, known.last_stream_seq};
  {
    std::lock_guard<std::mutex> lock(cache_mutex_);
    auto hint = snapshot_hints_.find(match_id);
    if (hint != snapshot_hints_.end() && hint->second.seq < from_seq &&
        hint->second.seq > start.seq) {
      start = hint->second;
    }
  }
  const std::string match_subject = subject(match_id);
  std::vector<event_envelope> events;
  uint64_t next_stream_seq = start.stream_seq + 1, expected = start.seq + 1;
  for (;;) {
    jsDirectGetMsgOptions get;
    jsDirectGetMsgOptions_Init(&get);
    get.Sequence = next_stream_seq;
    get.NextBySubject = match_subject.c_str();
    natsMsg* msg = nullptr;
    natsStatus got = js_DirectGetMsg(&msg, nats_->js, options_.stream.c_str(), nullptr, &get);
    if (got == NATS_NOT_FOUND) break;
    if (got != NATS_OK) return from_nats(got, "read events of match " + std::string(match_id));
    const uint64_t stream_seq = stream_seq_of(msg);
    s = decode_append_message(body(msg), &events);
    natsMsg_Destroy(msg);
    if (!s.ok()) return s.with_context(where_in_stream(match_id, stream_seq));
    if (events.empty() || events.front().seq != expected) {
      return status::data_loss("match " + std::string(match_id) + " seq " +
                               std::to_string(expected) + ": event missing (" +
                               where_in_stream(match_id, stream_seq) + " starts at " +
                               (events.empty() ? "nothing" : std::to_string(events.front().seq)) +
                               ")");
    }
    for (const auto& event : events) {
      if (event.seq > to_seq) return s;
      if (event.seq >= from_seq && !visit(event)) return s;
    }
    expected = events.back().seq + 1;
    if (stream_seq == 0)
      return status::data_loss(where_in_stream(match_id, 0) + ": no stream sequence");
    next_stream_seq = stream_seq + 1;
  }
  // Direct gets may be answered by a replica that has not caught up with what we know is stored.
  if (next_stream_seq <= known.last_stream_seq) {
    return status::unavailable("match " + std::string(match_id) + ": replica behind stream seq " +
                               std::to_string(known.last_stream_seq));
  }
  return s;
}

status jetstream_journal::latest_snapshot(std::string_view match_id, uint64_t at_most_seq,
                                          snapshot_record* out) const {
  status s = check_match_id(match_id);
  if (!s.ok()) return s;
  const std::string token = match_token(match_id);
  const std::string context = "snapshot of match " + std::string(match_id);
  kvEntry* entry = nullptr;
  natsStatus got = kvStore_Get(&entry, nats_->snapshots, token.c_str());
  if (got == NATS_NOT_FOUND) return status::not_found(context + ": none");
  if (got != NATS_OK) return from_nats(got, context);
  read_hint hint;
  s = decode_snapshot_entry(value_of(entry), out, &hint);
  kvEntry_Destroy(entry);
  if (!s.ok()) return s.with_context(context);
  if (out->seq <= at_most_seq) {
    remember_hint(match_id, hint);
    return s;
  }

  // The newest is too new: look through the older ones the bucket keeps.
  kvEntryList history{};
  kvWatchOptions watch;
  kvWatchOptions_Init(&watch);
  watch.IgnoreDeletes = true;
  watch.Timeout = options_.timeout.count();
  got = kvStore_History(&history, nats_->snapshots, token.c_str(), &watch);
  if (got != NATS_OK) return from_nats(got, context);
  s = status::not_found(context + ": none at or before seq " + std::to_string(at_most_seq));
  for (int i = history.Count - 1; i >= 0; --i) {
    snapshot_record candidate;
    status decoded = decode_snapshot_entry(value_of(history.Entries[i]), &candidate, &hint);
    if (!decoded.ok()) {
      s = decoded.with_context(context);
      break;
    }
    if (candidate.seq <= at_most_seq) {
      *out = std::move(candidate);
      remember_hint(match_id, hint);
      s = status::success();
      break;
    }
  }
  kvEntryList_Destroy(&history);
  return s;
}

status jetstream_journal::read_meta(std::string_view match_id, match_meta* out) const {
  status s = check_match_id(match_id);
  if (!s.ok()) return s;
  const std::string context = "meta of match " + std::string(match_id);
  kvEntry* entry = nullptr;
  natsStatus got = kvStore_Get(&entry, nats_->meta, match_token(match_id).c_str());
  if (got == NATS_NOT_FOUND) return status::not_found(context + ": no such match");
  if (got != NATS_OK) return from_nats(got, context);
  s = decode_meta_value(value_of(entry), out);
  kvEntry_Destroy(entry);
  if (!s.ok()) return s.with_context(context);
  if (out->id != match_id) return status::data_loss(context + ": record names match " + out->id);
  return s;
}

status jetstream_journal::list_matches(std::string_view after_id, size_t limit,
                                       std::vector<match_meta>* out,
                                       listing_damage* damage) const {
  out->clear();
  if (!after_id.empty()) {
    status s = check_match_id(after_id);
    if (!s.ok()) return s;
  }
  kvKeysList keys{};
  kvWatchOptions watch;
  kvWatchOptions_Init(&watch);
  watch.Timeout = options_.timeout.count();
  natsStatus got = kvStore_Keys(&keys, nats_->meta, &watch);
  if (got == NATS_NOT_FOUND) return status::success();  // an empty bucket
  if (got != NATS_OK) return from_nats(got, "list matches");
  std::vector<std::string> ids;
  std::string id;
  for (int i = 0; i < keys.Count; ++i) {
    if (decode_match_token(keys.Keys[i], &id) &&
        (after_id.empty() || match_id_before(after_id, id))) {
      ids.push_back(id);
    }
  }
  kvKeysList_Destroy(&keys);
  std::sort(ids.begin(), ids.end(),
            [](const std::string& a, const std::string& b) { return match_id_before(a, b); });
  for (const auto& match_id : ids) {
    if (out->size() >= limit) break;
    match_meta meta;
    status s = read_meta(match_id, &meta);
    if (s.code() == status_code::not_found) continue;  // deleted since the listing
    if (s.code() == status_code::data_loss && damage) {
      damage->records.push_back(match_id);
      continue;
    }
    if (!s.ok()) return s;
    out->push_back(std::move(meta));
  }
  return status::success();
}

}  // namespace wordhall::storage
