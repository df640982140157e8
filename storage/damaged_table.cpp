#include "storage/damaged_table.hpp"

#include <rocksdb/db.h>
#include <rocksdb/metadata.h>
#include <rocksdb/table_properties.h>

#include <algorithm>

namespace wordhall::storage {

std::optional<damaged_table> find_damaged_table(rocksdb::DB& db, const rocksdb::Status& failure) {
  const std::string message = failure.ToString();
  std::vector<rocksdb::LiveFileMetaData> files;
  db.GetLiveFilesMetaData(&files);
  for (const auto& f : files) {
    // The message holds the file's full path: "/" before the name keeps 1.sst from matching
    // 11.sst.
    if (message.find("/" + f.relative_filename) == std::string::npos) continue;
    return damaged_table{f.relative_filename, f.file_number, f.smallestkey, f.largestkey};
  }
  return std::nullopt;
}

bool outside_tables(const std::vector<damaged_table>& tables,
                    const rocksdb::TableProperties& properties) {
  // The journal never ingests or imports table files: each was written by a flush or a
  // compaction of this DB, so the number it was created with is its live file number.
  return std::none_of(tables.begin(), tables.end(), [&](const damaged_table& t) {
    return t.number == properties.orig_file_number;
  });
}

bool within_tables(const std::vector<damaged_table>& tables, std::string_view key) {
  return std::any_of(tables.begin(), tables.end(), [&](const damaged_table& t) {
    return key >= std::string_view(t.smallest_key) && key <= std::string_view(t.largest_key);
  });
}

}  // namespace wordhall::storage
