// Translates RocksDB's status into the storage vocabulary (status.hpp). Internal to storage/.
//
// Corruption is data_loss; a full disk (ENOSPC, also when RocksDB repeats it as the reason it
// stopped writing) is resource_exhausted; other I/O trouble of any kind (IOError, Busy, TimedOut, TryAgain,
// Incomplete, a stopped DB after a background error) is unavailable, the code worth retrying.
#pragma once

#include <rocksdb/status.h>

#include <string>
#include <string_view>

#include "storage/status.hpp"

namespace wordhall::storage {

inline status from_rocksdb(const rocksdb::Status& s, std::string_view context) {
  if (s.ok()) return status::success();
  std::string message = std::string(context) + ": " + s.ToString();
  if (s.IsCorruption()) return status::data_loss(std::move(message));
  if (s.IsNoSpace()) return status::resource_exhausted(std::move(message));
  if (s.IsNotFound()) return status::not_found(std::move(message));
  if (s.IsInvalidArgument() || s.IsNotSupported()) {
    return status::invalid_argument(std::move(message));
  }
  return status::unavailable(std::move(message));
}

}  // namespace wordhall::storage
