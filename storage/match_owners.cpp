// Owner entries and node entries in JetStream KV buckets; the contract is in match_owners.hpp.
#include "storage/match_owners.hpp"

#include <nats/nats.h>

#include "storage/jetstream_codec.hpp"
#include "storage/nats_connect.hpp"
#include "storage/nats_status.hpp"

namespace wordhall::storage {
namespace {

// The value of `key` and its revision: not_found when there is no entry.
status read_value(kvStore* kv, const std::string& key, std::string* value, uint64_t* revision) {
  kvEntry* entry = nullptr;
  natsStatus s = kvStore_Get(&entry, kv, key.c_str());
  if (s == NATS_NOT_FOUND) return status::not_found(key + ": no entry");
  if (s != NATS_OK) return from_nats(s, "read " + key);
  const char* text = kvEntry_ValueString(entry);
  *value = text ? text : "";
  *revision = kvEntry_Revision(entry);
  kvEntry_Destroy(entry);
  return status::success();
}

// Every key of `kv`; an empty bucket has none.
status all_keys(kvStore* kv, std::chrono::milliseconds timeout, std::vector<std::string>* out) {
  kvKeysList keys{};
  kvWatchOptions watch;
  kvWatchOptions_Init(&watch);
  watch.Timeout = timeout.count();
  natsStatus s = kvStore_Keys(&keys, kv, &watch);
  if (s == NATS_NOT_FOUND) return status::success();
  if (s != NATS_OK) return from_nats(s, "list keys");
  for (int i = 0; i < keys.Count; ++i) out->emplace_back(keys.Keys[i]);
  kvKeysList_Destroy(&keys);
  return status::success();
}

}  // namespace

std::string owner_holder(const std::string& node, const std::string& incarnation) {
  return node + "/" + incarnation;
}

bool split_owner_holder(const std::string& holder, std::string* node, std::string* incarnation) {
  auto slash = holder.find('/');
  if (slash == std::string::npos) return false;
  *node = holder.substr(0, slash);
  *incarnation = holder.substr(slash + 1);
  return true;
}

struct match_owners::connection : jetstream_link {
  kvStore* owners = nullptr;
  mutable kvStore* nodes = nullptr;  // opened on first use once a node made the bucket
  ~connection() {
    kvStore_Destroy(nodes);
    kvStore_Destroy(owners);
  }
};

status match_owners::open(const options& opts, std::unique_ptr<match_owners>* out) {
  if (opts.replicas < 1 || opts.timeout.count() <= 0 || opts.owners_bucket.empty() ||
      opts.nodes_bucket.empty()) {
    return status::invalid_argument("match owners: needs two bucket names and a replica");
  }
  auto nats = std::make_unique<connection>();
  status connected = connect_jetstream(opts.url, opts.timeout, &nats->nc, &nats->js);
  if (!connected.ok()) return connected;
  status opened = open_bucket(nats->js, {opts.owners_bucket, 1, opts.replicas, {}}, &nats->owners);
  if (!opened.ok()) return opened;
  out->reset(new match_owners(std::move(nats), opts));
  return status::success();
}

match_owners::match_owners(std::unique_ptr<connection> nats, const options& opts)
    : nats_(std::move(nats)), options_(opts) {}

match_owners::~match_owners() = default;

status match_owners::owner(const std::string& match_id, owner_entry* out) const {
  status s = read_value(nats_->owners, match_token(match_id), &out->holder, &out->revision);
  if (s.ok() && out->holder.empty()) return status::not_found(match_id + ": no owner");
  return s;
}

status match_owners::claim(const std::string& match_id, const std::string& holder,
                           uint64_t expected_revision, uint64_t* revision) {
  const std::string key = match_token(match_id);
  uint64_t written = 0;
  natsStatus s = expected_revision == 0
                     ? kvStore_CreateString(&written, nats_->owners, key.c_str(), holder.c_str())
                     : kvStore_UpdateString(&written, nats_->owners, key.c_str(), holder.c_str(),
                                            expected_revision);
  if (s == NATS_OK) {
    if (revision) *revision = written;
    return status::success();
  }
  if (unreachable(s)) return from_nats(s, "claim " + match_id);
  return status::aborted("claim " + match_id + ": claimed by another node meanwhile");
}

status match_owners::live_nodes(std::map<std::string, std::string>* incarnation_by_node) const {
  incarnation_by_node->clear();
  if (!nats_->nodes) {
    natsStatus s = js_KeyValue(&nats_->nodes, nats_->js, options_.nodes_bucket.c_str());
    if (s == NATS_NOT_FOUND) return status::success();  // no node has started yet
    if (s != NATS_OK) return from_nats(s, "nodes bucket " + options_.nodes_bucket);
  }
  std::vector<std::string> keys;
  status listed = all_keys(nats_->nodes, options_.timeout, &keys);
  if (!listed.ok()) return listed;
  for (const auto& node : keys) {
    std::string incarnation;
    uint64_t revision = 0;
    status s = read_value(nats_->nodes, node, &incarnation, &revision);
    if (s.code() == status_code::not_found) continue;  // expired since the listing
    if (!s.ok()) return s;
    if (!incarnation.empty()) (*incarnation_by_node)[node] = incarnation;  // empty: released
  }
  return status::success();
}

status match_owners::owned(std::vector<std::pair<std::string, owner_entry>>* out) const {
  std::vector<std::string> keys;
  status listed = all_keys(nats_->owners, options_.timeout, &keys);
  if (!listed.ok()) return listed;
  std::string match_id;
  for (const auto& key : keys) {
    if (!decode_match_token(key, &match_id)) continue;
    owner_entry entry;
    status s = read_value(nats_->owners, key, &entry.holder, &entry.revision);
    if (s.code() == status_code::not_found) continue;
    if (!s.ok()) return s;
    out->emplace_back(match_id, std::move(entry));
  }
  return status::success();
}

}  // namespace wordhall::storage
