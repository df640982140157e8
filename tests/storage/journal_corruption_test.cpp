// Damage the database behind the journal's back with the raw RocksDB API, then check that every
// read path reports data_loss naming the match and seq, and that nothing crashes.
#include <rocksdb/db.h>

#include <rocksdb/filter_policy.h>
#include <rocksdb/table.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "storage/rocksdb_journal.hpp"
#include "storage/key_codec.hpp"
#include "test_util.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using namespace wordhall::storage::testing;

namespace {

// Opens the database directly, hands `edit` the DB, closes it again.
template <class Edit>
void edit_raw(const std::string& path, Edit edit) {
  rocksdb::DB* raw = nullptr;
  REQUIRE(rocksdb::DB::Open(rocksdb::Options(), path, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  edit(*db);
  REQUIRE(db->Close().ok());
}

std::string key_of_event(std::string_view id, uint64_t seq) {
  std::string key;
  REQUIRE(encode_event_key(id, seq, &key).ok());
  return key;
}

std::string get(rocksdb::DB& db, const std::string& key) {
  std::string value;
  REQUIRE(db.Get(rocksdb::ReadOptions(), key, &value).ok());
  return value;
}

void put(rocksdb::DB& db, const std::string& key, const std::string& value) {
  REQUIRE(db.Put(rocksdb::WriteOptions(), key, value).ok());
}

// Five events for "m1" (with a snapshot at 5 and a meta record) and three for "m2".
void populate(const std::string& path) {
  auto j = open_journal(path);
  append_request m1 = make_request("m1", 0, 5);
  m1.snapshot = snapshot_record{5, "ttt", "{\"turn\":\"o\"}"};
  m1.meta = match_meta{"m1", "ttt", 1, "playing", {"Ada"}, 0, 2};
  REQUIRE(j->append(m1).ok());
  REQUIRE(j->append(make_request("m2", 0, 3)).ok());
}

void check_event_damage_reported(const std::string& path, std::string_view detail) {
  auto j = open_journal(path);
  std::vector<event_envelope> events;
  status s = j->read_events("m1", 1, 100, &events);
  INFO(s.to_string());
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("match m1 seq 3") != std::string::npos);
  CHECK(s.message().find(std::string(detail)) != std::string::npos);
  CHECK(events.size() == 2);  // what came before the damage was read

  int visited = 0;
  s = j->for_each_event("m1", 1, 5, [&](const event_envelope&) { return ++visited, true; });
  CHECK(s.code() == status_code::data_loss);
  CHECK(visited == 2);

  // Undamaged ranges and other matches still read.
  REQUIRE(j->read_events("m1", 4, 100, &events).ok());
  CHECK(events.size() == 2);
  REQUIRE(j->read_events("m2", 1, 100, &events).ok());
  CHECK(events.size() == 3);
  CHECK(j->last_seq("m1") == 5);
}

}  // namespace

TEST_CASE("a flipped byte in an event is data_loss naming match and seq",
          "[storage][journal][corruption]") {
  temp_dir dir;
  populate(dir.db());
  edit_raw(dir.db(), [](rocksdb::DB& db) {
    std::string value = get(db, key_of_event("m1", 3));
    value[value.size() - 3] ^= 0x01;  // inside the payload
    put(db, key_of_event("m1", 3), value);
  });
  check_event_damage_reported(dir.db(), "checksum mismatch");
}

TEST_CASE("a truncated or empty event is data_loss", "[storage][journal][corruption]") {
  temp_dir dir;
  populate(dir.db());
  SECTION("truncated") {
    edit_raw(dir.db(), [](rocksdb::DB& db) {
      std::string value = get(db, key_of_event("m1", 3));
      put(db, key_of_event("m1", 3), value.substr(0, value.size() - 5));
    });
    check_event_damage_reported(dir.db(), "checksum");
  }
  SECTION("empty") {
    edit_raw(dir.db(), [](rocksdb::DB& db) { put(db, key_of_event("m1", 3), ""); });
    check_event_damage_reported(dir.db(), "too short");
  }
}

TEST_CASE("a missing or misplaced event is data_loss", "[storage][journal][corruption]") {
  temp_dir dir;
  populate(dir.db());
  SECTION("gap") {
    edit_raw(dir.db(), [](rocksdb::DB& db) {
      REQUIRE(db.Delete(rocksdb::WriteOptions(), key_of_event("m1", 3)).ok());
    });
    check_event_damage_reported(dir.db(), "missing");
  }
  SECTION("record stored under another seq's key") {
    edit_raw(dir.db(), [](rocksdb::DB& db) {
      put(db, key_of_event("m1", 3), get(db, key_of_event("m1", 2)));
    });
    check_event_damage_reported(dir.db(), "claims seq 2");
  }
}

TEST_CASE("a damaged snapshot or meta record is data_loss", "[storage][journal][corruption]") {
  temp_dir dir;
  populate(dir.db());
  edit_raw(dir.db(), [](rocksdb::DB& db) {
    std::string key;
    REQUIRE(encode_snapshot_key("m1", 5, &key).ok());
    std::string value = get(db, key);
    value[6] ^= 0x40;
    put(db, key, value);
    REQUIRE(encode_meta_key("m1", &key).ok());
    put(db, key, get(db, key).substr(0, 9));
  });
  auto j = open_journal(dir.db());
  snapshot_record snap;
  status s = j->latest_snapshot("m1", 10, &snap);
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("match m1 seq 5") != std::string::npos);

  match_meta meta;
  s = j->read_meta("m1", &meta);
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("m1") != std::string::npos);
  std::vector<match_meta> page;
  CHECK(j->list_matches("", 10, &page).code() == status_code::data_loss);
}

TEST_CASE("a listing that asks for them skips damaged meta records and names their matches",
          "[storage][journal][corruption]") {
  temp_dir dir;
  {
    auto j = open_journal(dir.db());
    for (std::string id : {"m1", "m2", "m3"}) {
      append_request r = make_request(id, 0, 2);
      r.meta = match_meta{id, "ttt", 1, "playing", {"Ada"}, 0, 2};
      REQUIRE(j->append(r).ok());
    }
  }
  edit_raw(dir.db(), [](rocksdb::DB& db) {
    std::string key;
    REQUIRE(encode_meta_key("m2", &key).ok());
    std::string value = get(db, key);
    value[value.size() - 3] ^= 0x01;
    put(db, key, value);
  });
  auto j = open_journal(dir.db());
  std::vector<match_meta> page;
  listing_damage damage;
  REQUIRE(j->list_matches("", 10, &page, &damage).ok());
  REQUIRE(page.size() == 2);
  CHECK(page[0].id == "m1");
  CHECK(page[1].id == "m3");
  CHECK(damage.records == std::vector<std::string>{"m2"});
  CHECK(damage.tables.empty());
  CHECK(j->list_matches("", 10, &page).code() == status_code::data_loss);
}

TEST_CASE("verify_match reads a match in full and reports the first damaged record",
          "[storage][journal][corruption]") {
  temp_dir dir;
  populate(dir.db());
  {
    auto j = open_journal(dir.db());
    CHECK(j->verify_match("m1").ok());
    CHECK(j->verify_match("zz").code() == status_code::not_found);
  }
  edit_raw(dir.db(), [](rocksdb::DB& db) {
    std::string value = get(db, key_of_event("m1", 4));
    value[value.size() - 1] ^= 0x08;
    put(db, key_of_event("m1", 4), value);
  });
  auto j = open_journal(dir.db());
  status s = j->verify_match("m1");
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("match m1 seq 4") != std::string::npos);
  // The match's last seq, and a new match's, still read without the damaged record.
  CHECK(j->last_seq("m1") == 5);
  CHECK(j->last_seq("new") == 0);
  CHECK(j->append(make_request("new", 0, 1)).ok());
}

namespace {

// Opens the database with the journal's table options (bloom filters), which writes what the
// write-ahead log holds into a new table file, and closes it again. Returns that file's path.
std::filesystem::path flush_to_new_table(const std::string& path) {
  auto tables = [&] {
    std::set<std::filesystem::path> found;
    for (auto& f : std::filesystem::directory_iterator(path))
      if (f.path().extension() == ".sst") found.insert(f.path());
    return found;
  };
  const auto before = tables();
  rocksdb::Options options;
  rocksdb::BlockBasedTableOptions table;
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  rocksdb::DB* raw = nullptr;
  REQUIRE(rocksdb::DB::Open(options, path, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  REQUIRE(db->Flush(rocksdb::FlushOptions()).ok());
  REQUIRE(db->Close().ok());
  std::vector<std::filesystem::path> added;
  for (auto& f : tables())
    if (!before.count(f)) added.push_back(f);
  REQUIRE(added.size() == 1);
  return added[0];
}

// Flips bytes in the table's first data block, which starts the file: its checksum fails.
void damage_first_block(const std::filesystem::path& table) {
  std::fstream file(table, std::ios::in | std::ios::out | std::ios::binary);
  for (std::streamoff at = 8; at < 16; ++at) {
    file.seekg(at);
    char c = static_cast<char>(file.get() ^ 0xff);
    file.seekp(at);
    file.put(c);
  }
}

void append_match(journal& j, const std::string& id, uint64_t expected, const std::string& status) {
  append_request r = make_request(id, expected, 2);
  r.meta = meta_for(id, status);
  REQUIRE(j.append(r).ok());
}

}  // namespace

TEST_CASE("a listing reads around a table file with a damaged block and names it",
          "[storage][journal][corruption]") {
  temp_dir dir;
  {
    auto j = open_journal(dir.db());
    for (std::string id : {"m4", "m5", "m9"}) append_match(*j, id, 0, "playing");
  }
  flush_to_new_table(dir.db());
  {
    auto j = open_journal(dir.db());
    for (std::string id : {"m1", "m2", "m3"}) append_match(*j, id, 0, "playing");
    append_match(*j, "m9", 2, "finished");  // its newest meta record lands in the newer table
  }
  const auto damaged = flush_to_new_table(dir.db());
  damage_first_block(damaged);

  auto j = open_journal(dir.db());
  std::vector<match_meta> page;
  listing_damage damage;
  REQUIRE(j->list_matches("", 10, &page, &damage).ok());
  std::vector<std::string> ids;
  for (auto& m : page) ids.push_back(m.id);
  // m1-m3 live only in the damaged table; m9's older record in the healthy one is not shown as
  // if it were current: its newest version is the unreadable one.
  CHECK(ids == std::vector<std::string>{"m4", "m5"});
  CHECK(damage.records == std::vector<std::string>{"m9"});
  REQUIRE(damage.tables.size() == 1);
  CHECK(damage.tables[0].file == damaged.filename().string());
  CHECK(damage.tables[0].first_id.empty());  // the table starts with event keys
  CHECK(damage.tables[0].last_id == "m9");
  CHECK(damage.tables[0].reason.find("Corruption") != std::string::npos);
  CHECK(damage.stopped.empty());

  // A later page reads around it too; without `damage` the listing still ends with data_loss.
  damage = {};
  REQUIRE(j->list_matches("m4", 10, &page, &damage).ok());
  REQUIRE(page.size() == 1);
  CHECK(page[0].id == "m5");
  CHECK(damage.tables.size() == 1);
  CHECK(j->list_matches("", 10, &page).code() == status_code::data_loss);
}

TEST_CASE("event reads leave a damaged table file out: other matches read, its own are data_loss",
          "[storage][journal][corruption]") {
  temp_dir dir;
  {
    auto j = open_journal(dir.db());
    append_request b = make_request("mb", 0, 3);
    b.snapshot = snapshot_record{2, "ttt", "{\"turn\":\"x\"}"};
    b.meta = meta_for("mb", "playing");
    REQUIRE(j->append(b).ok());
  }
  flush_to_new_table(dir.db());
  {
    auto j = open_journal(dir.db());
    append_request a = make_request("ma", 0, 4);
    a.snapshot = snapshot_record{4, "ttt", "{\"turn\":\"o\"}"};
    a.meta = meta_for("ma", "playing");
    REQUIRE(j->append(a).ok());
  }
  // The table holds only ma's records, yet its key range, from ma's events to its meta record,
  // spans mb's event and snapshot keys: seeks for those pass through its damaged block.
  damage_first_block(flush_to_new_table(dir.db()));

  auto j = open_journal(dir.db());
  std::vector<event_envelope> events;
  REQUIRE(j->read_events("mb", 1, 100, &events).ok());
  CHECK(events.size() == 3);
  int visited = 0;
  REQUIRE(j->for_each_event("mb", 2, 3, [&](const event_envelope&) { return ++visited, true; })
              .ok());
  CHECK(visited == 2);
  snapshot_record snap;
  REQUIRE(j->latest_snapshot("mb", 10, &snap).ok());
  CHECK(snap.seq == 2);
  CHECK(j->verify_match("mb").ok());
  CHECK(j->last_seq("mb") == 3);
  REQUIRE(j->append(make_request("mb", 3, 2)).ok());
  REQUIRE(j->read_events("mb", 1, 100, &events).ok());
  CHECK(events.size() == 5);

  status s = j->read_events("ma", 1, 100, &events);
  INFO(s.to_string());
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("match ma") != std::string::npos);
  s = j->verify_match("ma");
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("ma") != std::string::npos);
  CHECK(j->last_seq("ma") == 0);  // unreadable, and an append is refused for it:
  s = j->append(make_request("ma", 4, 1));
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("match ma") != std::string::npos);
  // A new match is unaffected.
  CHECK(j->append(make_request("mc", 0, 1)).ok());
}

TEST_CASE("a match whose last events are in a damaged table file is data_loss, not shorter",
          "[storage][journal][corruption]") {
  temp_dir dir;
  {
    auto j = open_journal(dir.db());
    REQUIRE(j->append(make_request("mb", 0, 3)).ok());
  }
  flush_to_new_table(dir.db());
  {
    auto j = open_journal(dir.db());
    REQUIRE(j->append(make_request("mb", 3, 2)).ok());
  }
  damage_first_block(flush_to_new_table(dir.db()));

  auto j = open_journal(dir.db());
  std::vector<event_envelope> events;
  status s = j->read_events("mb", 1, 100, &events);
  INFO(s.to_string());
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("match mb seq 4") != std::string::npos);
  CHECK(events.size() == 3);
  // Its last seq cannot be told, so no append may write over events 4 and 5.
  s = j->append(make_request("mb", 3, 1));
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("match mb") != std::string::npos);
  // Events before the damage still read on their own.
  REQUIRE(j->read_events("mb", 1, 3, &events).ok());
  CHECK(events.size() == 3);
}
