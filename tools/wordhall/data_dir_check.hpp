// data_dir_check: whether the server can keep its journal in the data directory, asked before
// RocksDB is, so an operator reads one sentence naming the directory instead of RocksDB's
// error about its lock file.
#pragma once

#include <optional>
#include <string>

namespace wordhall {

// Creates `dir` when missing, then creates and removes a file in it. nullopt when that works,
// else what is wrong, naming the directory and the system's reason (read-only file system,
// permission denied, not a directory).
std::optional<std::string> data_dir_problem(const std::string& dir);

}  // namespace wordhall
