// Opening a JetStream journal on a test's nats-server, for the JetStream journal's tests.
#pragma once

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>

#include "storage/jetstream_journal.hpp"

namespace wordhall::storage::testing {

inline std::unique_ptr<jetstream_journal> open_jetstream(const std::string& url) {
  jetstream_journal::options opts;
  opts.url = url;
  opts.timeout = std::chrono::milliseconds(1000);
  std::unique_ptr<jetstream_journal> j;
  status s = jetstream_journal::open(opts, &j);
  if (!s.ok()) throw std::runtime_error("open jetstream journal: " + s.to_string());
  return j;
}

}  // namespace wordhall::storage::testing
