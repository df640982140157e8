// A lease as a JetStream KV entry holding its holder's name; the contract is in
// jetstream_lease.hpp. Releasing writes an empty holder with compare-and-set rather than deleting
// (a KV delete cannot be made conditional), and taking treats an empty holder as a free lease.
#include "storage/jetstream_lease.hpp"

#include <nats/nats.h>

#include <algorithm>
#include <cctype>

#include "storage/nats_connect.hpp"
#include "storage/nats_status.hpp"

namespace wordhall::storage {
namespace {

bool valid_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_';
  });
}

// The entry's holder and revision: not_found when there is no entry.
status read_entry(kvStore* kv, const std::string& key, std::string* holder, uint64_t* revision) {
  kvEntry* entry = nullptr;
  natsStatus s = kvStore_Get(&entry, kv, key.c_str());
  if (s == NATS_NOT_FOUND) return status::not_found("lease " + key + ": nobody holds it");
  if (s != NATS_OK) return from_nats(s, "lease " + key);
  const char* value = kvEntry_ValueString(entry);
  *holder = value ? value : "";
  *revision = kvEntry_Revision(entry);
  kvEntry_Destroy(entry);
  return status::success();
}

}  // namespace

struct jetstream_lease::connection : jetstream_link {
  kvStore* kv = nullptr;
  ~connection() { kvStore_Destroy(kv); }
};

status jetstream_lease::open(const options& opts, std::unique_ptr<jetstream_lease>* out) {
  if (!valid_name(opts.name) || opts.holder.empty() || opts.ttl.count() < 1000 ||
      opts.replicas < 1 || opts.timeout.count() <= 0 || opts.bucket.empty()) {
    return status::invalid_argument(
        "lease: needs a name of letters, digits, '-' and '_', a holder, a TTL of at least 1 s "
        "and at least one replica");
  }
  auto nats = std::make_unique<connection>();
  status connected = connect_jetstream(opts.url, opts.timeout, &nats->nc, &nats->js);
  if (!connected.ok()) return connected;
  status opened = open_bucket(nats->js, {opts.bucket, 1, opts.replicas, opts.ttl}, &nats->kv);
  if (!opened.ok()) return opened;
  kvStatus* bucket = nullptr;
  natsStatus s = kvStore_Status(&bucket, nats->kv);
  if (s != NATS_OK) return from_nats(s, "lease bucket " + opts.bucket);
  // Nanoseconds, as on creation.
  const auto ttl = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::nanoseconds(kvStatus_TTL(bucket)));
  kvStatus_Destroy(bucket);
  if (ttl.count() <= 0) {
    return status::invalid_argument("lease bucket " + opts.bucket +
                                    " has no TTL: its leases would never expire");
  }
  out->reset(new jetstream_lease(std::move(nats), opts, ttl));
  return status::success();
}

jetstream_lease::jetstream_lease(std::unique_ptr<connection> nats, const options& opts,
                                 std::chrono::milliseconds ttl)
    : nats_(std::move(nats)), options_(opts), ttl_(ttl) {}

jetstream_lease::~jetstream_lease() = default;

status jetstream_lease::holder(std::string* out) const {
  uint64_t revision = 0;
  status s = read_entry(nats_->kv, options_.name, out, &revision);
  if (s.ok() && out->empty()) return status::not_found("lease " + options_.name + ": released");
  return s;
}

status jetstream_lease::acquire() {
  const std::string& key = options_.name;
  const std::string& me = options_.holder;
  uint64_t revision = 0;
  natsStatus s = kvStore_CreateString(&revision, nats_->kv, key.c_str(), me.c_str());
  if (s == NATS_OK) {
    revision_ = revision;
    return status::success();
  }
  if (unreachable(s)) return from_nats(s, "take lease " + key);
  // The entry exists: a live holder's, or a released one (empty holder) anyone may take.
  std::string current;
  status read = read_entry(nats_->kv, key, &current, &revision);
  if (!read.ok()) return read.code() == status_code::not_found
                            ? status::unavailable("take lease " + key + ": expired meanwhile")
                            : read;
  if (!current.empty()) {
    return status::aborted("lease " + key + " is held by " + current);
  }
  s = kvStore_UpdateString(&revision, nats_->kv, key.c_str(), me.c_str(), revision);
  if (s != NATS_OK) {
    return unreachable(s) ? from_nats(s, "take lease " + key)
                               : status::aborted("lease " + key + ": taken by another meanwhile");
  }
  revision_ = revision;
  return status::success();
}

status jetstream_lease::renew() {
  const std::string& key = options_.name;
  if (revision_ == 0) return status::aborted("lease " + key + " is not held");
  uint64_t revision = 0;
  natsStatus s = kvStore_UpdateString(&revision, nats_->kv, key.c_str(),
                                      options_.holder.c_str(), revision_);
  if (s == NATS_OK) {
    revision_ = revision;
    return status::success();
  }
  if (unreachable(s)) return from_nats(s, "renew lease " + key);
  revision_ = 0;
  std::string current;
  if (read_entry(nats_->kv, key, &current, &revision).ok() && !current.empty())
    return status::aborted("lease " + key + " was lost to " + current);
  return status::aborted("lease " + key + " was lost (it expired)");
}

status jetstream_lease::release() {
  const std::string& key = options_.name;
  if (revision_ == 0) return status::success();
  uint64_t revision = 0;
  natsStatus s = kvStore_UpdateString(&revision, nats_->kv, key.c_str(), "", revision_);
  if (unreachable(s)) return from_nats(s, "release lease " + key);
  revision_ = 0;  // released, or already lost: either way no longer ours
  return status::success();
}

}  // namespace wordhall::storage
