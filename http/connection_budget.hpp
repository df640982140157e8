// connection_budget: how many connections the server may hold, from its descriptor limit.
//
// Every connection is a descriptor, and so is everything else the process opens: the listener,
// RocksDB's table files and write-ahead log (it keeps its tables open), the log, the judge's
// HTTPS connections, the files read at start-up. Serving connections up to the limit would make
// the next accept() fail, leaving clients in the backlog with no answer, and could make RocksDB
// fail to open a table. So the server keeps `descriptor_reserve` descriptors for the rest and
// answers the connection beyond that 503 server_busy; the refusals in flight come out of the
// reserve too (refused_backlog). A setting may only lower the cap.
#pragma once

#include <cstdint>
#include <string>

namespace wordhall::http {

inline constexpr uint64_t descriptor_reserve = 128;
inline constexpr uint64_t min_connections = 16;  // a descriptor limit below 144 still serves a few

// The cap for a soft descriptor limit of `soft_limit` (0: unknown or unlimited, no cap from it)
// and a setting of `configured` (0: none).
uint64_t max_connections(uint64_t soft_limit, uint64_t configured);

// The process's soft RLIMIT_NOFILE; 0 when it cannot be read or is unlimited.
uint64_t soft_descriptor_limit();

}  // namespace wordhall::http
