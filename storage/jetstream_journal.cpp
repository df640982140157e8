// Opening the JetStream journal and its write path: checks, the fenced publish (one at a time or
// asynchronously for a batch), and the snapshot and meta writes that follow. Reads live in
// jetstream_journal_read.cpp.
#include "storage/jetstream_journal.hpp"

#include <condition_variable>
#include <functional>
#include <set>

#include "storage/append_check.hpp"
#include "storage/jetstream_codec.hpp"
#include "storage/jetstream_connection.hpp"
#include "storage/nats_connect.hpp"
#include "storage/nats_status.hpp"

namespace wordhall::storage {
namespace {

constexpr const char* expected_subject_seq_header = "Nats-Expected-Last-Subject-Sequence";

status ensure_stream(jsCtx* js, const jetstream_journal::options& opts) {
  jsStreamInfo* info = nullptr;
  jsErrCode code = static_cast<jsErrCode>(0);
  natsStatus s = js_GetStreamInfo(&info, js, opts.stream.c_str(), nullptr, &code);
  jsStreamInfo_Destroy(info);
  if (s == NATS_OK) return status::success();
  if (s != NATS_NOT_FOUND) return from_nats(s, code, "stream " + opts.stream);

  const std::string subjects = opts.subject_prefix + ".*";
  const char* subject_list[] = {subjects.c_str()};
  jsStreamConfig config;
  jsStreamConfig_Init(&config);
  config.Name = opts.stream.c_str();
  config.Subjects = subject_list;
  config.SubjectsLen = 1;
  config.Storage = js_FileStorage;
  config.Replicas = opts.replicas;
  // Reads walk a subject with direct gets (NextBySubject), which need this.
  config.AllowDirect = true;
  info = nullptr;
  s = js_AddStream(&info, js, &config, nullptr, &code);
  jsStreamInfo_Destroy(info);
  // Another node created it between our look and our add.
  if (s != NATS_OK && code == JSStreamNameExistErr) return status::success();
  return from_nats(s, code, "create stream " + opts.stream);
}

status make_message(const std::string& subject, const append_request& request,
                    uint64_t last_stream_seq, natsMsg** out) {
  std::string body;
  encode_append_message(request.events, &body);
  natsStatus s = natsMsg_Create(out, subject.c_str(), nullptr, body.data(),
                                static_cast<int>(body.size()));
  // The client only sends this header for a non-zero value; 0 is the fence of a new match.
  if (s == NATS_OK) {
    s = natsMsgHeader_Set(*out, expected_subject_seq_header,
                          std::to_string(last_stream_seq).c_str());
  }
  return from_nats(s, "build message for match " + request.match_id);
}

// The acknowledgements of one asynchronous batch, filled in on the client's thread.
struct batch_acks {
  std::mutex mutex;
  std::condition_variable answered_cv;
  std::map<std::string, size_t> index_by_subject;
  std::vector<std::string> contexts;
  std::vector<status> results;
  std::vector<uint64_t> stream_seqs;
  std::vector<bool> answered;
  size_t answers = 0;
};

void on_ack(jsCtx*, natsMsg* msg, jsPubAck* ack, jsPubAckErr* error, void* closure) {
  auto* acks = static_cast<batch_acks*>(closure);
  {
    std::lock_guard<std::mutex> lock(acks->mutex);
    auto found = acks->index_by_subject.find(natsMsg_GetSubject(msg));
    if (found != acks->index_by_subject.end() && !acks->answered[found->second]) {
      const size_t i = found->second;
      if (ack) {
        acks->stream_seqs[i] = ack->Sequence;
      } else if (error) {
        acks->results[i] = from_nats(error->Err, error->ErrCode, acks->contexts[i],
                                     error->ErrText ? error->ErrText : "");
      } else {
        acks->results[i] = status::unavailable(acks->contexts[i] + ": no acknowledgement");
      }
      acks->answered[i] = true;
      ++acks->answers;
    }
  }
  acks->answered_cv.notify_all();
  natsMsg_Destroy(msg);
}

// One message of an asynchronous batch; the subjects of one batch are distinct.
struct batch_message {
  natsMsg* msg = nullptr;  // publish_batch takes it
  std::string context;     // names the message in errors: "append to match X"
};

// Publishes `messages` asynchronously and waits for every acknowledgement, at most `timeout` in
// all. Per message: (*results)[i], and (*stream_seqs)[i] when it is ok.
void publish_batch(natsConnection* nc, std::chrono::milliseconds timeout,
                   std::vector<batch_message>& messages, std::vector<status>* results,
                   std::vector<uint64_t>* stream_seqs) {
  const size_t n = messages.size();
  results->assign(n, status::success());
  stream_seqs->assign(n, 0);
  batch_acks acks;
  acks.results.resize(n);
  acks.stream_seqs.resize(n);
  acks.answered.resize(n);
  for (size_t k = 0; k < n; ++k) {
    acks.index_by_subject.emplace(natsMsg_GetSubject(messages[k].msg), k);
    acks.contexts.push_back(messages[k].context);
  }
  jsPubOptions publish_options;
  jsPubOptions_Init(&publish_options);
  publish_options.MaxWait = timeout.count();
  jsOptions batch_options;
  jsOptions_Init(&batch_options);
  batch_options.Wait = timeout.count();
  batch_options.PublishAsync.AckHandler = on_ack;
  batch_options.PublishAsync.AckHandlerClosure = &acks;
  jsCtx* batch_js = nullptr;
  natsStatus s = natsConnection_JetStream(&batch_js, nc, &batch_options);
  if (s != NATS_OK) {
    status failure = from_nats(s, "JetStream context for a batch");
    for (auto& result : *results) result = failure;
    for (auto& m : messages) natsMsg_Destroy(m.msg);
    return;
  }
  size_t sent = 0;
  for (size_t k = 0; k < n; ++k) {
    status published = from_nats(js_PublishMsgAsync(batch_js, &messages[k].msg, &publish_options),
                                 messages[k].context);
    natsMsg_Destroy(messages[k].msg);  // no-op once the client owns it
    messages[k].msg = nullptr;
    std::lock_guard<std::mutex> lock(acks.mutex);
    if (published.ok()) {
      ++sent;
    } else {
      acks.results[k] = std::move(published);
      acks.answered[k] = true;
    }
  }
  size_t abandoned = 0;
  if (js_PublishAsyncComplete(batch_js, &publish_options) != NATS_OK) {
    // No answer in time: stop waiting for the rest; their handlers will not run.
    natsMsgList pending{};
    if (js_PublishAsyncGetPendingList(&pending, batch_js) == NATS_OK) {
      abandoned = static_cast<size_t>(pending.Count);
      natsMsgList_Destroy(&pending);
    }
  }
  {
    // The client counts a message done just before its handler runs; wait for those handlers.
    std::unique_lock<std::mutex> lock(acks.mutex);
    acks.answered_cv.wait_for(lock, timeout, [&] { return acks.answers + abandoned >= sent; });
    for (size_t k = 0; k < n; ++k) {
      if (!acks.answered[k]) {
        (*results)[k] = status::unavailable(messages[k].context + ": no acknowledgement in time");
        // Late handlers must find nothing to write into.
        acks.answered[k] = true;
      } else {
        (*results)[k] = acks.results[k];
        (*stream_seqs)[k] = acks.stream_seqs[k];
      }
    }
    acks.index_by_subject.clear();
  }
  jsCtx_Destroy(batch_js);
}

bool snapshot_seq_of(std::string_view stored, uint64_t* stored_seq) {
  snapshot_record snapshot;
  read_hint ignored;
  if (!decode_snapshot_entry(stored, &snapshot, &ignored).ok()) return false;
  *stored_seq = snapshot.seq;
  return true;
}

bool meta_seq_of(std::string_view stored, uint64_t* stored_seq) {
  match_meta stored_meta;
  if (!decode_meta_value(stored, &stored_meta).ok()) return false;
  *stored_seq = stored_meta.last_seq;
  return true;
}

}  // namespace

status jetstream_journal::open(const options& opts, std::unique_ptr<jetstream_journal>* out) {
  if (opts.stream.empty() || opts.subject_prefix.empty() || opts.replicas < 1 ||
      opts.snapshot_history < 1 || opts.snapshot_history > 64 || opts.timeout.count() <= 0) {
    return status::invalid_argument("jetstream journal: bad options");
  }
  auto nats = std::make_unique<connection>();
  status connected = connect_jetstream(opts.url, opts.timeout, &nats->nc, &nats->js);
  if (!connected.ok()) return connected;
  status st = ensure_stream(nats->js, opts);
  if (st.ok()) {
    st = open_bucket(nats->js,
                     {opts.snapshot_bucket, uint8_t(opts.snapshot_history), opts.replicas, {}},
                     &nats->snapshots);
  }
  if (st.ok()) st = open_bucket(nats->js, {opts.meta_bucket, 1, opts.replicas, {}}, &nats->meta);
  if (!st.ok()) return st;
  out->reset(new jetstream_journal(std::move(nats), opts));
  return st;
}

jetstream_journal::jetstream_journal(std::unique_ptr<connection> nats, const options& opts)
    : nats_(std::move(nats)), options_(opts) {}

jetstream_journal::~jetstream_journal() = default;

std::string jetstream_journal::subject(std::string_view match_id) const {
  return options_.subject_prefix + "." + match_token(match_id);
}

status jetstream_journal::append(const append_request& request) {
  return commit({&request}).front();
}

std::vector<status> jetstream_journal::append_batch(const std::vector<append_request>& requests) {
  std::vector<const append_request*> pointers;
  pointers.reserve(requests.size());
  for (const auto& request : requests) pointers.push_back(&request);
  return commit(pointers);
}

std::vector<status> jetstream_journal::commit(const std::vector<const append_request*>& requests) {
  std::vector<status> results(requests.size());
  std::lock_guard<std::mutex> write_lock(write_mutex_);
  std::vector<size_t> remaining(requests.size());
  for (size_t i = 0; i < requests.size(); ++i) remaining[i] = i;
  // Each round takes the first remaining request of every match: the next one of a match can
  // only be fenced once the stream sequence of the one before is known.
  while (!remaining.empty()) {
    std::set<std::string_view> in_round;
    std::vector<size_t> round, deferred;
    for (size_t i : remaining) {
      (in_round.insert(requests[i]->match_id).second ? round : deferred).push_back(i);
    }
    std::vector<size_t> to_publish;
    std::vector<const append_request*> publishing;
    std::vector<derived_write> derived;  // the round's snapshots and metas, stored together
    std::vector<match_position> before;
    for (size_t i : round) {
      const append_request& request = *requests[i];
      status s = check_append_request(request);
      match_position current;
      if (s.ok()) s = position(request.match_id, &current);
      if (s.ok() && request.expected_last_seq != current.last_seq) {
        // Another node may have appended since the cache was filled: ask the stream once.
        forget(request.match_id);
        s = position(request.match_id, &current);
      }
      if (s.ok() && request.expected_last_seq != current.last_seq) {
        s = status::aborted("match " + request.match_id + ": expected last seq " +
                            std::to_string(request.expected_last_seq) + ", stored " +
                            std::to_string(current.last_seq));
      }
      if (!s.ok()) {
        results[i] = std::move(s);
      } else if (request.events.empty()) {
        derived_writes_of(request, current, current, &derived);
      } else {
        to_publish.push_back(i);
        publishing.push_back(&request);
        before.push_back(current);
      }
    }
    std::vector<status> published(publishing.size());
    std::vector<match_position> after(publishing.size());
    if (!publishing.empty()) publish(publishing, before, &published, &after);
    for (size_t k = 0; k < publishing.size(); ++k) {
      const append_request& request = *publishing[k];
      if (published[k].ok()) {
        {
          std::lock_guard<std::mutex> lock(cache_mutex_);
          positions_.insert_or_assign(request.match_id, after[k]);
        }
        derived_writes_of(request, before[k], after[k], &derived);
      } else {
        // Refused by the fence, or unknown whether stored: reload from the stream next time.
        forget(request.match_id);
      }
      results[to_publish[k]] = std::move(published[k]);
    }
    store_derived(derived);
    remaining = std::move(deferred);
  }
  return results;
}

void jetstream_journal::publish(const std::vector<const append_request*>& requests,
                                const std::vector<match_position>& before,
                                std::vector<status>* results, std::vector<match_position>* after) {
  jsPubOptions publish_options;
  jsPubOptions_Init(&publish_options);
  publish_options.MaxWait = options_.timeout.count();
  auto new_position = [&](size_t k, uint64_t stream_seq) {
    (*after)[k] = match_position{requests[k]->events.back().seq, stream_seq};
  };

  if (requests.size() == 1) {
    natsMsg* msg = nullptr;
    status s = make_message(subject(requests[0]->match_id), *requests[0],
                            before[0].last_stream_seq, &msg);
    if (s.ok()) {
      jsPubAck* ack = nullptr;
      jsErrCode code = static_cast<jsErrCode>(0);
      natsStatus sent = js_PublishMsg(&ack, nats_->js, msg, &publish_options, &code);
      s = from_nats(sent, code, "append to match " + requests[0]->match_id);
      if (s.ok()) new_position(0, ack->Sequence);
      jsPubAck_Destroy(ack);
    }
    natsMsg_Destroy(msg);
    (*results)[0] = std::move(s);
    return;
  }

  std::vector<batch_message> messages;
  std::vector<size_t> index;  // messages[m] is requests[index[m]]'s
  for (size_t k = 0; k < requests.size(); ++k) {
    natsMsg* msg = nullptr;
    status built = make_message(subject(requests[k]->match_id), *requests[k],
                                before[k].last_stream_seq, &msg);
    if (!built.ok()) {
      (*results)[k] = std::move(built);
      continue;
    }
    messages.push_back({msg, "append to match " + requests[k]->match_id});
    index.push_back(k);
  }
  std::vector<status> published;
  std::vector<uint64_t> stream_seqs;
  publish_batch(nats_->nc, options_.timeout, messages, &published, &stream_seqs);
  for (size_t m = 0; m < index.size(); ++m) {
    (*results)[index[m]] = std::move(published[m]);
    if ((*results)[index[m]].ok()) new_position(index[m], stream_seqs[m]);
  }
}

void jetstream_journal::derived_writes_of(const append_request& request,
                                          const match_position& before,
                                          const match_position& after,
                                          std::vector<derived_write>* out) const {
  const std::string token = match_token(request.match_id);
  if (request.snapshot) {
    // The snapshot's events end inside this append or before it; an older one gets no hint.
    const uint64_t seq = request.snapshot->seq;
    read_hint hint;
    if (seq == after.last_seq) {
      hint = read_hint{after.last_seq, after.last_stream_seq};
    } else if (seq >= before.last_seq) {
      hint = read_hint{before.last_seq, before.last_stream_seq};
    }
    derived_write w{bucket::snapshots, token, {}, seq, "snapshot of match " + request.match_id};
    encode_snapshot_entry(*request.snapshot, hint, &w.value);
    out->push_back(std::move(w));
  }
  if (request.meta) {
    match_meta meta = *request.meta;
    meta.id = request.match_id;
    meta.last_seq = after.last_seq;
    derived_write w{bucket::meta, token, {}, meta.last_seq, "meta of match " + request.match_id};
    encode_meta_value(meta, &w.value);
    out->push_back(std::move(w));
  }
}

void jetstream_journal::store_derived(const std::vector<derived_write>& writes) {
  // An entry whose revision this node knows is updated over it with the bucket's compare-and-set,
  // all of them published together; an entry it does not know yet, or that another node wrote
  // since, goes through put_unless_newer, one round trip or more each.
  std::vector<batch_message> messages;
  std::vector<size_t> batched;  // messages[m] is writes[batched[m]]
  std::vector<size_t> one_by_one;
  for (size_t i = 0; i < writes.size(); ++i) {
    const derived_write& w = writes[i];
    const kv_versions& versions = w.which == bucket::snapshots ? snapshot_versions_ : meta_versions_;
    auto known = versions.find(w.key);
    if (known == versions.end()) {
      one_by_one.push_back(i);
      continue;
    }
    if (known->second.seq > w.seq) continue;  // a record of a later seq stays
    const std::string& name =
        w.which == bucket::snapshots ? options_.snapshot_bucket : options_.meta_bucket;
    const std::string kv_subject = "$KV." + name + "." + w.key;
    natsMsg* msg = nullptr;
    natsStatus s = natsMsg_Create(&msg, kv_subject.c_str(), nullptr, w.value.data(),
                                  static_cast<int>(w.value.size()));
    if (s == NATS_OK) {
      s = natsMsgHeader_Set(msg, expected_subject_seq_header,
                            std::to_string(known->second.revision).c_str());
    }
    if (s != NATS_OK) {
      natsMsg_Destroy(msg);
      one_by_one.push_back(i);
      continue;
    }
    messages.push_back({msg, w.context});
    batched.push_back(i);
  }
  if (!messages.empty()) {
    std::vector<status> results;
    std::vector<uint64_t> revisions;
    publish_batch(nats_->nc, options_.timeout, messages, &results, &revisions);
    for (size_t m = 0; m < batched.size(); ++m) {
      const derived_write& w = writes[batched[m]];
      if (results[m].ok()) {
        kv_versions& versions = w.which == bucket::snapshots ? snapshot_versions_ : meta_versions_;
        versions.insert_or_assign(w.key, kv_version{revisions[m], w.seq});
      } else if (results[m].code() == status_code::aborted) {
        one_by_one.push_back(batched[m]);  // another node wrote it since
      } else {
        ++derived_write_failures_;
      }
    }
  }
  for (size_t i : one_by_one) {
    const derived_write& w = writes[i];
    if (!put_unless_newer(w.which, w.key, w.value, w.seq,
                          w.which == bucket::snapshots ? snapshot_seq_of : meta_seq_of, w.context)
             .ok()) {
      ++derived_write_failures_;
    }
  }
}

status jetstream_journal::put_unless_newer(
    bucket which, const std::string& key, const std::string& value, uint64_t seq,
    const std::function<bool(std::string_view, uint64_t*)>& seq_of, const std::string& context) {
  kvStore* kv = which == bucket::snapshots ? nats_->snapshots : nats_->meta;
  kv_versions* versions = which == bucket::snapshots ? &snapshot_versions_ : &meta_versions_;
  const int size = static_cast<int>(value.size());
  for (int attempt = 0; attempt < 4; ++attempt) {
    auto known = versions->find(key);
    if (known != versions->end() && known->second.seq > seq) return status::success();
    uint64_t revision = 0;
    natsStatus s =
        known != versions->end()
            ? kvStore_Update(&revision, kv, key.c_str(), value.data(), size,
                             known->second.revision)
            : kvStore_Create(&revision, kv, key.c_str(), value.data(), size);
    if (s == NATS_OK) {
      versions->insert_or_assign(key, kv_version{revision, seq});
      return status::success();
    }
    if (unreachable(s)) return from_nats(s, context);
    // Another node wrote it: learn what it holds, then keep it if newer or update over it.
    kvEntry* entry = nullptr;
    s = kvStore_Get(&entry, kv, key.c_str());
    if (s == NATS_NOT_FOUND) {
      versions->erase(key);
      continue;
    }
    if (s != NATS_OK) return from_nats(s, context);
    const std::string_view stored(static_cast<const char*>(kvEntry_Value(entry)),
                                  static_cast<size_t>(kvEntry_ValueLen(entry)));
    uint64_t stored_seq = 0;
    // A record that does not decode is overwritten.
    if (!seq_of(stored, &stored_seq)) stored_seq = 0;
    versions->insert_or_assign(key, kv_version{kvEntry_Revision(entry), stored_seq});
    kvEntry_Destroy(entry);
  }
  return status::unavailable(context + ": kept changing while written");
}

void jetstream_journal::forget(std::string_view match_id) {
  std::lock_guard<std::mutex> lock(cache_mutex_);
  auto entry = positions_.find(match_id);
  if (entry != positions_.end()) positions_.erase(entry);
}

status jetstream_journal::write_health() const {
  if (natsConnection_Status(nats_->nc) == NATS_CONN_STATUS_CONNECTED) return status::success();
  return status::unavailable("not connected to NATS at " + options_.url +
                             " (reconnecting by itself)");
}

status jetstream_journal::resume() { return write_health(); }

}  // namespace wordhall::storage
