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

// What JetStream's answer to a publish or API request says about reaching NATS at all.
inline bool unreachable(natsStatus s) {
  return s == NATS_TIMEOUT || s == NATS_NO_SERVER || s == NATS_CONNECTION_CLOSED ||
         s == NATS_CONNECTION_DISCONNECTED || s == NATS_IO_ERROR || s == NATS_NO_RESPONDERS ||
         s == NATS_INSUFFICIENT_BUFFER || s == NATS_STALE_CONNECTION || s == NATS_NOT_YET_CONNECTED;
}

}  // namespace wordhall::storage
