// The NATS handles a jetstream_journal owns: one connection, its JetStream context and the two
// KV buckets. Private to jetstream_journal*.cpp.
#pragma once

#include <nats/nats.h>

#include "storage/jetstream_journal.hpp"

namespace wordhall::storage {

struct jetstream_journal::connection {
  natsConnection* nc = nullptr;
  jsCtx* js = nullptr;
  kvStore* snapshots = nullptr;
  kvStore* meta = nullptr;

  connection() = default;
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;
  ~connection() {
    kvStore_Destroy(meta);
    kvStore_Destroy(snapshots);
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
  }
};

}  // namespace wordhall::storage
