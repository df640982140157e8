// The NATS handles a jetstream_journal owns: one connection, its JetStream context and the two
// KV buckets. Private to jetstream_journal*.cpp.
#pragma once

#include <nats/nats.h>

#include "storage/jetstream_journal.hpp"
#include "storage/nats_connect.hpp"

namespace wordhall::storage {

struct jetstream_journal::connection : jetstream_link {
  kvStore* snapshots = nullptr;
  kvStore* meta = nullptr;
  ~connection() {
    kvStore_Destroy(meta);
    kvStore_Destroy(snapshots);
  }
};

}  // namespace wordhall::storage
