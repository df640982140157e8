// A damaged journal: one match's record that fails its CRC, and bytes flipped in a table file.
// The matches touched answer data_loss, the admin API says which, every other match plays on
// and the server starts as usual.
#include "storage/key_codec.hpp"
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/tictactoe_ws.hpp"

#include <catch2/catch.hpp>
#include <rocksdb/db.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

// The admin listing's entry for `id`, as JSON text ("" when not listed).
std::string listed(const json_probe& list, const std::string& id) {
  for (auto entry : list.at("/matches").get_array()) {
    std::string_view entry_id;
    if (!entry["id"].get(entry_id) && entry_id == id) return simdjson::minify(entry);
  }
  return "";
}

// Asserts that a command to `m` is refused as damaged, with its clientSeq.
void check_damaged(ws_client& ws, ttt_match& m, long long& client_seq) {
  json_probe refused(play_ttt_move(ws, m, client_seq));
  INFO(refused.text());
  CHECK(refused.str("/type") == "error");
  CHECK(refused.num("/clientSeq") == client_seq);
  CHECK(refused.str("/error/code") == "data_loss");
  CHECK(refused.str("/error/message").find("history is damaged") != std::string::npos);

  // Watching it is refused the same way, never answered with the snapshot of an empty game.
  ws.send(R"({"type":"subscribe","clientSeq":)" + std::to_string(++client_seq) +
          R"(,"matchId":")" + m.id + R"("})");
  json_probe watch(ws.receive_containing("\"clientSeq\":" + std::to_string(client_seq) + ","));
  INFO(watch.text());
  CHECK(watch.str("/type") == "error");
  CHECK(watch.str("/matchId") == m.id);
  CHECK(watch.str("/error/code") == "data_loss");
}

}  // namespace

TEST_CASE("a record failing its CRC: that match answers data_loss, the others play on",
          "[integration][disk]") {
  temp_dir dir;
  long long client_seq = 0;
  ttt_match damaged, healthy;
  std::string damaged_game;  // a Wortkunst game, for the REST answers
  {
    server_process server(dir.path());
    auto created = http_call(server.port(), "POST", "/api/games", R"({"playerCount":2})");
    REQUIRE(created.status == 201);
    damaged_game = json_probe(created.body).str("/gameId");
    ws_client ws(server.port());
    damaged = start_ttt_match(ws, client_seq);
    for (int i = 0; i < 3; ++i) REQUIRE(play_ttt_move(ws, damaged, client_seq).str("/type") == "ack");
    healthy = start_ttt_match(ws, client_seq);
    REQUIRE(play_ttt_move(ws, healthy, client_seq).str("/type") == "ack");
    REQUIRE(server.terminate() == 0);
  }
  // One byte of the damaged match's third event changes on the way to the disk (a bad sector,
  // a bug): RocksDB's block checksums are fine, the record's own CRC is not.
  {
    rocksdb::DB* raw = nullptr;
    rocksdb::Options options;
    REQUIRE(rocksdb::DB::Open(options, dir.path() + "/journal", &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    std::string key, value;
    REQUIRE(storage::encode_event_key(damaged.id, 3, &key).ok());
    REQUIRE(db->Get(rocksdb::ReadOptions(), key, &value).ok());
    value[value.size() / 2] ^= 0x20;
    REQUIRE(db->Put(rocksdb::WriteOptions(), key, value).ok());
    REQUIRE(storage::encode_event_key(damaged_game, 1, &key).ok());
    REQUIRE(db->Get(rocksdb::ReadOptions(), key, &value).ok());
    value[value.size() - 1] ^= 0x01;
    REQUIRE(db->Put(rocksdb::WriteOptions(), key, value).ok());
    REQUIRE(db->Close().ok());
  }

  server_process server(dir.path());  // starts: damage is no reason to refuse
  const auto port = server.port();
  const auto token = server.admin_token();
  ws_client ws(port);
  check_damaged(ws, damaged, client_seq);
  json_probe played(play_ttt_move(ws, healthy, client_seq));
  CHECK(played.str("/type") == "ack");

  auto list = http_call(port, "GET", "/admin/matches", "", token);
  REQUIRE(list.status == 200);
  json_probe matches(list.body);
  std::string damaged_entry = listed(matches, damaged.id);
  INFO(list.body);
  CHECK(damaged_entry.find(R"("damaged":")") != std::string::npos);
  CHECK(damaged_entry.find("seq 3") != std::string::npos);
  CHECK(listed(matches, healthy.id).find(R"("damaged":null)") != std::string::npos);

  auto events = http_call(port, "GET", "/admin/matches/" + damaged.id + "/events", "", token);
  CHECK(events.status == 500);
  CHECK(json_probe(events.body).str("/error/code") == "data_loss");
  auto state = http_call(port, "GET", "/admin/matches/" + damaged.id + "/state", "", token);
  CHECK(state.status == 500);
  auto view = http_call(port, "GET", "/api/games/" + damaged_game);
  CHECK(view.status == 500);
  CHECK(json_probe(view.body).str("/error/code") == "data_loss");
  CHECK(json_probe(view.body).str("/error/message").find("history is damaged") != std::string::npos);
  CHECK(http_call(port, "GET", "/healthz").status == 200);
  CHECK(http_call(port, "GET", "/admin/matches/" + healthy.id + "/state", "", token).status == 200);
}

TEST_CASE("bytes flipped in a table file: its match answers data_loss, new matches play and list",
          "[integration][disk]") {
  temp_dir dir;
  const std::string journal_dir = dir.path() + "/journal";
  long long client_seq = 0;
  ttt_match damaged;
  {
    server_process server(dir.path());
    ws_client ws(server.port());
    damaged = start_ttt_match(ws, client_seq);
    for (int i = 0; i < 3; ++i) REQUIRE(play_ttt_move(ws, damaged, client_seq).str("/type") == "ack");
    server.kill_hard();
  }
  // Opening replays the write-ahead log into a table file, which then holds the whole match.
  { server_process replaying(dir.path()); REQUIRE(replaying.terminate() == 0); }
  std::vector<std::filesystem::path> tables;
  for (auto& f : std::filesystem::directory_iterator(journal_dir))
    if (f.path().extension() == ".sst") tables.push_back(f.path());
  REQUIRE(tables.size() == 1);
  {
    // The first data block starts the file; its checksum no longer matches.
    std::fstream table(tables[0], std::ios::in | std::ios::out | std::ios::binary);
    for (std::streamoff at = 8; at < 16; ++at) {
      table.seekg(at);
      char c = static_cast<char>(table.get() ^ 0xff);
      table.seekp(at);
      table.put(c);
    }
  }

  server_process server(dir.path());
  const auto port = server.port();
  const auto token = server.admin_token();
  ws_client ws(port);
  check_damaged(ws, damaged, client_seq);
  std::vector<std::string> fresh_ids;
  for (int round = 0; round < 3; ++round) {
    auto fresh = start_ttt_match(ws, client_seq);
    fresh_ids.push_back(fresh.id);
    for (int i = 0; i < 4; ++i) CHECK(play_ttt_move(ws, fresh, client_seq).str("/type") == "ack");
  }
  // The damaged block held every match's meta record there was. The listing reads around its
  // table file: it lists the matches it can read, and names the file and the ids it spans.
  auto list = http_call(port, "GET", "/admin/matches", "", token);
  INFO(list.body);
  REQUIRE(list.status == 200);
  json_probe matches(list.body);
  // Each fresh match is listed and sound. Seeks for its events pass through the damaged block
  // (a seek reads the block holding the first key at or after it, and this small table is one
  // block); the reads leave the damaged file out, as it holds none of the fresh match's records.
  for (auto& id : fresh_ids) {
    const std::string entry = listed(matches, id);
    CHECK(entry.find(R"("damaged":null)") != std::string::npos);
    CHECK(http_call(port, "GET", "/admin/matches/" + id + "/state", "", token).status == 200);
  }
  CHECK(listed(matches, damaged.id).empty());
  CHECK(matches.str("/skipped/0/file") == tables[0].filename().string());
  CHECK(matches.str("/skipped/0/lastId") == damaged.id);
  const std::string sentence = matches.str("/skipped/0/damaged");
  CHECK(sentence.find(tables[0].filename().string() + " is damaged") != std::string::npos);
  CHECK(sentence.find("missing here") != std::string::npos);
  CHECK(matches.at("/stopped").is_null());
  // Paging goes on past the damage too.
  auto second = http_call(port, "GET", "/admin/matches?limit=1&after=" + fresh_ids[0], "", token);
  CHECK(second.status == 200);
  CHECK(http_call(port, "GET", "/healthz").status == 200);
  // The matches that are not damaged play on after the listing as before.
  auto after_listing = start_ttt_match(ws, client_seq);
  CHECK(play_ttt_move(ws, after_listing, client_seq).str("/type") == "ack");
  CHECK(server.terminate() == 0);
}
