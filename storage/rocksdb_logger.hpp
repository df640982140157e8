// RocksDB's own diagnostics, as lines on stderr ("<time> rocksdb <message>") beside the server's
// log, warnings and worse only. Internal to storage/.
//
// Why not RocksDB's LOG file: it lives in the journal's directory, and RocksDB 7.8 (as Debian
// builds it, with assertions on) aborts the process when it appends to that file again after the
// disk filled up once. A full disk must cost writes, never the process.
#pragma once

#include <rocksdb/env.h>

#include <memory>

namespace wordhall::storage {

std::shared_ptr<rocksdb::Logger> make_stderr_logger();

}  // namespace wordhall::storage
