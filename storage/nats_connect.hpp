// connect_jetstream: a NATS connection and JetStream context as the journal and leases use them;
// open_bucket: one of their key-value buckets, made by whichever node comes first.
//
// The connection reconnects for as long as it lives, but never holds requests for it: a request
// made while disconnected fails at once (unavailable) instead of waiting in the client's
// reconnect buffer. (What the client had already buffered when the connection dropped is still
// sent on reconnect; the journal's fence applies to it as to any publish.) Each JetStream answer
// is awaited at most `timeout`. Every publish goes to the socket at once: the client's flusher
// otherwise holds asynchronous publishes for about a millisecond, which was the whole wait of a
// batch of 16 appends (1.0 ms p50 against 0.33 ms, tools/bench-cluster). On failure nothing is
// left to destroy.
#pragma once

#include <nats/nats.h>

#include <chrono>
#include <cstdint>
#include <string>

#include "storage/status.hpp"

namespace wordhall::storage {

// A NATS connection and its JetStream context, destroyed together (the context first). The
// holders of buckets or subscriptions on it derive from it and destroy those in their own
// destructor, which runs before this one.
struct jetstream_link {
  natsConnection* nc = nullptr;
  jsCtx* js = nullptr;

  jetstream_link() = default;
  jetstream_link(const jetstream_link&) = delete;
  jetstream_link& operator=(const jetstream_link&) = delete;
  ~jetstream_link() {
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
  }
};

// `url`: comma-separated server URLs. unavailable when no server answers, invalid_argument when
// `url` names none.
status connect_jetstream(const std::string& url, std::chrono::milliseconds timeout,
                         natsConnection** nc, jsCtx** js);

struct bucket_spec {
  std::string name;
  uint8_t history = 1;  // values kept per key
  int replicas = 1;
  std::chrono::milliseconds ttl{0};  // 0: entries do not expire
};

// Opens the bucket, creating it (file storage) when it does not exist; a node that creates it
// at the same moment as another opens the other's. The settings apply only to a bucket created
// here: an existing bucket keeps its own.
status open_bucket(jsCtx* js, const bucket_spec& spec, kvStore** out);

}  // namespace wordhall::storage
