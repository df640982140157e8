// connect_jetstream: a NATS connection and JetStream context as the journal and leases use them.
//
// The connection reconnects for as long as it lives, but never holds requests for it: a request
// made while disconnected fails at once (unavailable) instead of waiting in the client's
// reconnect buffer. (What the client had already buffered when the connection dropped is still
// sent on reconnect; the journal's fence applies to it as to any publish.) Each JetStream answer
// is awaited at most `timeout`. On failure nothing is left to destroy.
#pragma once

#include <nats/nats.h>

#include <chrono>
#include <string>

#include "storage/status.hpp"

namespace wordhall::storage {

// `url`: comma-separated server URLs. unavailable when no server answers, invalid_argument when
// `url` names none.
status connect_jetstream(const std::string& url, std::chrono::milliseconds timeout,
                         natsConnection** nc, jsCtx** js);

}  // namespace wordhall::storage
