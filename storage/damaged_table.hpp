// damaged_table: which live table file a RocksDB Corruption names, so a scan can read around it.
//
// RocksDB reports a block that fails its checksum as Corruption with the file's path in the
// message ("block checksum mismatch: ... in /dir/000012.sst offset 0 size 4061"). An iterator
// that meets such a block stops for good: it cannot step over it, as nothing tells it where the
// block's keys end, and re-seeking lands in the same block. A scan goes on instead with a new
// iterator whose ReadOptions::table_filter leaves the whole file out, sought just past the last
// key it handled. The file is the smallest unit RocksDB lets a reader leave out (block
// boundaries are not public), so the keys of its healthy blocks are lost to the scan too; its
// key range is kept so the caller can say which keys those are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocksdb {
class DB;
class Status;
struct TableProperties;
}  // namespace rocksdb

namespace wordhall::storage {

struct damaged_table {
  std::string file;    // its name in the DB's directory, e.g. "000012.sst"
  uint64_t number = 0;  // its file number
  std::string smallest_key, largest_key;  // the user keys it spans, inclusive
};

// The live table file that `failure` names, or nothing (no table path in it, or not a live one).
std::optional<damaged_table> find_damaged_table(rocksdb::DB& db, const rocksdb::Status& failure);

// For ReadOptions::table_filter: false for one of `tables`, true for any other.
bool outside_tables(const std::vector<damaged_table>& tables,
                    const rocksdb::TableProperties& properties);

// Whether `key` lies in the key range of one of `tables`.
bool within_tables(const std::vector<damaged_table>& tables, std::string_view key);

}  // namespace wordhall::storage
