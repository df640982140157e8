// Wortkunst end to end through the real binary, over HTTP and the WebSocket: the seed's test
// scenarios (seed 001 "Test Scenarios"): create 1–4 seats, join by URL, start (the host first;
// seats not joined are locked), the first move over the centre, a move forming several words
// whose ratings sum, an exchange and a pass for 0 points, a solo game, disconnecting and
// reconnecting by the same URL, the end after everyone passed with 100 points off per tile left,
// refused input that changes nothing, and seat tokens of ≥ 128 bits that no other seat sees.
// The server runs without MISTRAL_API_KEY, so the offline judge rates the words.
#include "actors/secrets.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/wortkunst_rest.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <set>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

bool is_base62(const std::string& s) {
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return !s.empty();
}

// A server with no Mistral key in its environment: the offline judge rates.
std::unique_ptr<server_process> offline_server(const temp_dir& dir) {
  unsetenv("MISTRAL_API_KEY");
  return std::make_unique<server_process>(dir.path());
}

// The move's score is the sum over every word formed (twice formed, twice counted) of its rating.
void check_rated_move(const json_probe& v, size_t index, size_t words) {
  std::string base = "/moves/" + std::to_string(index);
  INFO(v.text());
  REQUIRE(v.str((base + "/kind").c_str()) == "place");
  CHECK(v.str((base + "/judge").c_str()) == "offline");
  std::map<std::string, int64_t> rated;
  for (auto e : v.at((base + "/evaluations").c_str()).get_array()) {
    int64_t score = e["score"].get_int64().value();
    CHECK(score >= 1);
    CHECK(score <= 100);
    rated.emplace(std::string(std::string_view(e["word"].get_string().value())), score);
  }
  auto formed = v.at((base + "/words").c_str()).get_array();
  CHECK(formed.size() == words);
  int64_t sum = 0;
  std::set<std::string> distinct;
  for (auto w : formed) {
    std::string word(std::string_view(w["word"].get_string().value()));
    distinct.insert(word);
    REQUIRE(rated.count(word));
    sum += rated[word];
  }
  CHECK(rated.size() == distinct.size());
  CHECK(v.num((base + "/score").c_str()) == sum);
}

std::string word_of(const std::vector<std::string>& rack, size_t from, size_t n) {
  std::string w;
  for (size_t i = from; i < from + n; ++i) w += rack[i] == "?" ? "E" : rack[i];
  return w;
}

}  // namespace

TEST_CASE("wortkunst REST: 1–4 seats, seat URLs with 128-bit tokens, the game page, bad input",
          "[integration][wortkunst]") {
  temp_dir dir;
  auto server = offline_server(dir);
  wk_client c{server->port(), {}};
  std::set<std::string> all_tokens;
  for (int n = 1; n <= 4; ++n) {
    auto g = c.create(n);
    CHECK(is_base62(g.id));
    REQUIRE(g.tokens.size() == static_cast<size_t>(n));
    for (size_t i = 0; i < g.urls.size(); ++i) {
      INFO(g.urls[i]);
      CHECK(g.urls[i] == "http://127.0.0.1/g/" + g.id + "/p/" + g.tokens[i]);
      CHECK(g.tokens[i].size() >= 22);  // 22 base62 characters: 131 bits
      CHECK(is_base62(g.tokens[i]));
      CHECK(all_tokens.insert(g.tokens[i]).second);
      auto page = c.call("GET", "/g/" + g.id + "/p/" + g.tokens[i]);
      CHECK(page.status == 200);
      CHECK(page.content_type.find("text/html") == 0);
      CHECK(page.body.find("/js/wortkunst-game.js") != std::string::npos);
    }
    json_probe lobby = c.view(g, g.tokens[0]);
    CHECK(lobby.str("/status") == "lobby");
    CHECK(lobby.at("/seats").get_array().size() == static_cast<size_t>(n));
    CHECK(lobby.num("/you") == 0);
  }

  for (auto bad : {R"({"playerCount":0})", R"({"playerCount":5})", R"({"playerCount":"2"})",
                   R"({"playerCount":2.5})", R"({})"})
    wk_refused(c.call("POST", "/api/games", bad), 400, "bad_player_count");
  wk_refused(c.call("POST", "/api/games", "{not json"), 400, "bad_json");
  wk_refused(c.call("POST", "/api/games", "[2]"), 400, "bad_json");

  // Unknown games and seats: a 404 page, and 404 for the API.
  auto g = c.create(2);
  for (auto path : {"/g/nosuchgame1/p/" + g.tokens[0], "/g/" + g.id + "/p/notaseattoken0000000000"}) {
    auto page = c.call("GET", path);
    INFO(path);
    CHECK(page.status == 404);
    CHECK(page.content_type.find("text/html") == 0);
    CHECK(page.body.find("Spiel nicht gefunden") != std::string::npos);
  }
  CHECK(c.call("GET", "/api/games/nosuchgame1", "", g.tokens[0]).status == 404);
  wk_refused(c.act(g, "start", "notaseattoken0000000000"), 403, "not_a_seat");
  wk_refused(c.act(g, "join", g.tokens[1], R"({"name":""})"), 400, "name_empty");
  wk_refused(c.act(g, "join", g.tokens[1], "{oops"), 400, "bad_json");
  // A vector cards match is no Wortkunst game.
  auto vc = c.call("POST", "/match", R"({"name":"cards"})");
  REQUIRE(vc.status == 201);
  auto vc_id = json_probe(vc.body).str("/match_id");
  CHECK(c.call("GET", "/g/" + vc_id + "/p/" + g.tokens[0]).status == 404);
}

TEST_CASE("wortkunst REST: the host joins before starting; seats not joined are locked",
          "[integration][wortkunst]") {
  temp_dir dir;
  auto server = offline_server(dir);
  wk_client c{server->port(), {}};
  auto g = c.create(3);
  wk_refused(c.act(g, "start", g.tokens[0]), 409, "host_not_joined");
  c.join(g, 1, "Ben");
  wk_refused(c.act(g, "start", g.tokens[1]), 403, "not_host");
  wk_refused(c.act(g, "start", ""), 403, "not_a_seat");
  c.join(g, 0, "Anna");
  // The token may come in the body too.
  auto started = c.call("POST", "/api/games/" + g.id + "/start", R"({"seatToken":")" + g.tokens[0] + "\"}");
  INFO(started.body);
  REQUIRE(started.status == 200);
  json_probe v(started.body);
  CHECK(v.str("/status") == "playing");
  CHECK(v.num("/turn") == 0);
  CHECK(v.at("/your_turn").get_bool().value());
  CHECK(wk_strings(v, "/rack").size() == 7);
  CHECK(v.num("/bag_count") == 102 - 14);
  CHECK(v.at("/seats/1/playing").get_bool().value());
  CHECK(v.at("/seats/2/locked").get_bool().value());
  CHECK_FALSE(v.at("/seats/2/playing").get_bool().value());

  wk_refused(c.act(g, "join", g.tokens[2], R"({"name":"Cleo"})"), 409, "seat_locked");
  wk_refused(c.act(g, "start", g.tokens[0]), 409, "already_started");
  json_probe locked = c.view(g, g.tokens[2]);
  CHECK(locked.num("/you") == 2);
  CHECK(locked.at("/rack").is_null());
  // Ben rejoins by his URL after the start: his seat, nothing new happens.
  auto again = c.act(g, "join", g.tokens[1]);
  REQUIRE(again.status == 200);
  CHECK(json_probe(again.body).num("/you") == 1);
  CHECK(json_probe(again.body).str("/seats/1/name") == "Ben");
}

TEST_CASE("wortkunst REST: a solo game from the first move to the end after a pass",
          "[integration][wortkunst]") {
  temp_dir dir;
  auto server = offline_server(dir);
  wk_client c{server->port(), {}};
  auto g = c.create(1);
  const std::string& me = g.tokens[0];
  c.join(g, 0, "Solo");
  REQUIRE(c.act(g, "start", me).status == 200);
  json_probe start = c.view(g, me);
  auto rack = wk_strings(start, "/rack");
  REQUIRE(rack.size() == 7);

  // Refused moves change nothing, not even the view.
  bool has_blank = std::find(rack.begin(), rack.end(), "?") != rack.end();
  std::string missing;  // a letter not on the rack
  for (const char* l : {"Q", "X", "Y", "J", "Ä", "Ö", "Ü", "V", "W", "Z", "C", "P", "B", "F", "K"})
    if (std::find(rack.begin(), rack.end(), l) == rack.end()) { missing = l; break; }
  REQUIRE_FALSE(missing.empty());
  struct refusal { std::string action, body; int status; std::string code; };
  std::vector<refusal> refusals = {
      {"place", R"({"tiles":[]})", 422, "no_tiles"},
      {"place", R"({"tiles":"H8"})", 400, "bad_field"},
      {"place", wk_place_body(rack, {"H8"}), 422, "first_move_too_short"},
      {"place", wk_place_body(rack, {"A1", "B1"}), 422, "first_move_off_centre"},
      {"place", wk_place_body(rack, {"H8", "J8"}), 422, "gap_in_word"},
      {"place", wk_place_body(rack, {"H8", "I9"}), 422, "tiles_not_in_line"},
      {"place", wk_place_body(rack, {"H8", "H8"}), 422, "duplicate_square"},
      {"place", wk_place_body(rack, {"P1", "H8"}), 422, "bad_square"},
      {"place", R"({"tiles":[{"square":"H8","letter":"ß"},{"square":"I8","letter":"A"}]})", 422, "bad_letter"},
      {"place", R"({"tiles":[{"square":"H8","blank":true,"letter":"?"},{"square":"I8","letter":"A"}]})", 422,
       "blank_unassigned"},
      {"exchange", R"({"letters":[]})", 422, "no_tiles"},
      {"retry-rating", "{}", 409, "rating_not_failed"},
      {"start", "{}", 409, "already_started"},
  };
  if (!has_blank) {
    refusals.push_back({"place", R"({"tiles":[{"square":"H8","letter":")" + missing +
                                     R"("},{"square":"I8","letter":")" + rack[0] + R"("}]})",
                        422, "tile_not_on_rack"});
    refusals.push_back({"exchange", R"({"letters":[")" + missing + R"("]})", 422, "tile_not_on_rack"});
  }
  for (auto& r : refusals) {
    INFO(r.action << " " << r.body);
    wk_refused(c.act(g, r.action, me, r.body), r.status, r.code);
  }
  CHECK(c.view(g, me).text() == start.text());

  // The first move covers the centre and forms one word.
  REQUIRE(c.act(g, "place", me, wk_place_body(rack, {"G8", "H8", "I8"})).status == 200);
  json_probe first = c.settled(g, me);
  REQUIRE(first.at("/pending").is_null());
  check_rated_move(first, 0, 1);
  CHECK(first.str("/moves/0/words/0/word") == word_of(rack, 0, 3));
  CHECK(wk_board_at(first, "H8") != ".");
  CHECK(first.num("/seats/0/score") == first.num("/moves/0/score"));
  CHECK(first.at("/your_turn").get_bool().value());  // solo: my turn again
  CHECK(wk_strings(first, "/rack").size() == 7);
  CHECK(first.num("/bag_count") == 95 - 3);
  wk_refused(c.act(g, "place", me, wk_place_body(wk_strings(first, "/rack"), {"A1", "A2"})), 422,
             "not_connected");
  wk_refused(c.act(g, "place", me, wk_place_body(wk_strings(first, "/rack"), {"H8", "H9"})), 422,
             "square_taken");

  // Two tiles under the first word form three words: their ratings sum to the move's score.
  rack = wk_strings(first, "/rack");
  REQUIRE(c.act(g, "place", me, wk_place_body(rack, {"H9", "I9"})).status == 200);
  json_probe second = c.settled(g, me);
  check_rated_move(second, 1, 3);
  CHECK(second.str("/moves/1/words/0/word") == word_of(rack, 0, 2));
  CHECK(second.num("/seats/0/score") == first.num("/moves/0/score") + second.num("/moves/1/score"));

  // An exchange (the bag holds ≥ 7) scores 0 and keeps seven tiles on the rack.
  rack = wk_strings(second, "/rack");
  REQUIRE(second.at("/can_exchange").get_bool().value());
  auto exchanged = c.act(g, "exchange", me, R"({"letters":[")" + rack[0] + R"(",")" + rack[1] + "\"]}");
  INFO(exchanged.body);
  REQUIRE(exchanged.status == 200);
  json_probe third(exchanged.body);
  CHECK(third.str("/moves/2/kind") == "exchange");
  CHECK(third.num("/moves/2/score") == 0);
  CHECK(third.num("/moves/2/count") == 2);
  CHECK(third.num("/seats/0/score") == second.num("/seats/0/score"));
  CHECK(third.num("/bag_count") == second.num("/bag_count"));
  CHECK(wk_strings(third, "/rack").size() == 7);

  // One pass ends a solo game (pass_rounds 1 × 1 player): 100 points off per tile left.
  auto passed = c.act(g, "pass", me);
  INFO(passed.body);
  REQUIRE(passed.status == 200);
  json_probe end(passed.body);
  CHECK(end.str("/status") == "ended");
  CHECK(end.str("/moves/3/kind") == "pass");
  CHECK(end.num("/moves/3/score") == 0);
  CHECK(end.str("/result/reason") == "passes");
  CHECK(end.num("/result/standings/0/penalty") == 700);
  CHECK(end.num("/result/standings/0/score") == third.num("/seats/0/score") - 700);
  CHECK(end.num("/seats/0/score") == third.num("/seats/0/score") - 700);
  CHECK(end.num("/result/winners/0") == 0);
  wk_refused(c.act(g, "pass", me), 409, "game_over");
  wk_refused(c.act(g, "place", me, wk_place_body(wk_strings(end, "/rack"), {"A1", "A2"})), 409,
             "game_over");
}

TEST_CASE("wortkunst: two players over REST and WebSocket, offline and back, the end by passes",
          "[integration][wortkunst]") {
  temp_dir dir;
  auto server = offline_server(dir);
  const auto port = server->port();
  wk_client host{port, {}}, guest{port, {}};
  auto g = host.create(2);
  const std::string anna = g.tokens[0], ben = g.tokens[1];
  host.join(g, 0, "Anna");
  guest.join(g, 1, "Ben");
  REQUIRE(host.act(g, "start", anna).status == 200);

  std::vector<std::string> ben_frames;  // everything Ben's WebSocket received
  auto ben_ws = std::make_unique<ws_client>(port);
  // Ben's next frame containing `needle` (every frame is kept); one already received counts.
  size_t ben_read = 0;
  auto ben_until = [&](const std::string& needle) {
    for (;; ++ben_read) {
      if (ben_read == ben_frames.size()) ben_frames.push_back(ben_ws->receive());
      if (ben_frames[ben_read].find(needle) != std::string::npos) return ben_frames[ben_read++];
    }
  };
  auto subscribe = [&](ws_client& ws, const std::string& token) {
    ws.send(R"({"type":"subscribe","matchId":")" + g.id + R"(","token":")" + token + "\"}");
  };
  ws_client anna_ws(port);
  subscribe(anna_ws, anna);
  anna_ws.receive_containing("\"snapshot\"");
  subscribe(*ben_ws, ben);
  json_probe ben_snapshot(ben_until("\"snapshot\""));
  CHECK(ben_snapshot.num("/view/you") == 1);
  CHECK(wk_strings(ben_snapshot, "/view/rack") == wk_strings(guest.view(g, ben), "/rack"));
  CHECK_FALSE(ben_snapshot.has("/view/racks"));

  // Only Anna moves first; Ben is refused and nothing changes.
  auto ben_rack = wk_strings(guest.view(g, ben), "/rack");
  std::string before = guest.view(g, ben).text();
  wk_refused(guest.act(g, "place", ben, wk_place_body(ben_rack, {"H8", "I8"})), 409, "not_your_turn");
  wk_refused(guest.act(g, "pass", ben), 409, "not_your_turn");
  wk_refused(guest.act(g, "exchange", ben, R"({"letters":[")" + ben_rack[0] + "\"]}"), 409,
             "not_your_turn");
  CHECK(guest.view(g, ben).text() == before);

  // Anna's first move over the centre; Ben hears of it over the WebSocket.
  auto anna_rack = wk_strings(host.view(g, anna), "/rack");
  REQUIRE(host.act(g, "place", anna, wk_place_body(anna_rack, {"H7", "H8"})).status == 200);
  REQUIRE(host.settled(g, anna).at("/pending").is_null());  // so the frames below did come
  std::string placed = ben_until("wk.move_placed");
  CHECK(placed.find("\"drawn\"") == std::string::npos);  // Anna's new tiles are hers alone
  json_probe rated(to_json_text(json_probe(ben_until("wk.move_rated")).at("/view")));
  check_rated_move(rated, 0, 1);
  CHECK(rated.num("/turn") == 1);
  CHECK(rated.at("/your_turn").get_bool().value());
  int64_t anna_points = rated.num("/seats/0/score");
  CHECK(anna_points == rated.num("/moves/0/score"));

  // Ben goes offline on his turn: Anna's page hears that the game waits for him (presence lives
  // in the streamed views); he comes back by the same URL.
  ben_ws->close();
  ben_ws.reset();
  json_probe waiting(to_json_text(json_probe(anna_ws.receive_containing(R"("waiting_for_offline":"Ben")")).at("/view")));
  CHECK_FALSE(waiting.at("/seats/1/online").get_bool().value());
  CHECK(waiting.at("/seats/0/online").get_bool().value());
  REQUIRE(guest.call("GET", "/g/" + g.id + "/p/" + ben).status == 200);
  ben_ws = std::make_unique<ws_client>(port);
  ben_read = ben_frames.size();
  subscribe(*ben_ws, ben);
  json_probe back(to_json_text(json_probe(ben_until("\"snapshot\"")).at("/view")));
  CHECK(back.num("/you") == 1);
  CHECK(back.at("/your_turn").get_bool().value());
  CHECK(back.at("/waiting_for_offline").is_null());
  CHECK(wk_board_at(back, "H8") != ".");
  CHECK(wk_strings(back, "/rack") == wk_strings(guest.view(g, ben), "/rack"));
  json_probe present(to_json_text(json_probe(anna_ws.receive_containing(R"("waiting_for_offline":null)")).at("/view")));
  CHECK(present.at("/seats/1/online").get_bool().value());

  // Ben exchanges one tile (0 points), then both pass: two passes in a row end the game.
  ben_rack = wk_strings(guest.view(g, ben), "/rack");
  auto ex = guest.act(g, "exchange", ben, R"({"letters":[")" + ben_rack[0] + "\"]}");
  INFO(ex.body);
  REQUIRE(ex.status == 200);
  CHECK(json_probe(ex.body).num("/seats/1/score") == 0);
  json_probe anna_sees = host.view(g, anna);
  CHECK(anna_sees.str("/moves/1/kind") == "exchange");
  CHECK(anna_sees.num("/moves/1/count") == 1);
  CHECK(anna_sees.at("/moves/1/tiles").get_array().size() == 0);  // not what Ben gave back
  REQUIRE(host.act(g, "pass", anna).status == 200);
  CHECK(host.view(g, anna).str("/status") == "playing");
  auto last = guest.act(g, "pass", ben);
  REQUIRE(last.status == 200);
  json_probe end(last.body);
  CHECK(end.str("/status") == "ended");
  CHECK(end.str("/result/reason") == "passes");
  std::map<int64_t, std::pair<int64_t, int64_t>> final_rows;  // seat -> penalty, score
  for (auto row : end.at("/result/standings").get_array())
    final_rows[row["seat"].get_int64().value()] = {row["penalty"].get_int64().value(),
                                                   row["score"].get_int64().value()};
  CHECK(final_rows[0] == std::pair<int64_t, int64_t>{700, anna_points - 700});
  CHECK(final_rows[1] == std::pair<int64_t, int64_t>{700, -700});
  CHECK(end.num("/result/winners/0") == 0);
  ben_until("wk.game_ended");

  // Neither seat ever received the other's token or its digest, nor anyone's racks.
  for (auto& [mine, theirs, bodies] :
       {std::tuple{anna, ben, host.bodies}, std::tuple{ben, anna, guest.bodies}}) {
    std::vector<std::string> seen = bodies;
    if (mine == ben) seen.insert(seen.end(), ben_frames.begin(), ben_frames.end());
    for (size_t i = 0; i < seen.size(); ++i) {
      const std::string& text = seen[i];
      // Anna's first answer is the create reply, which lists every seat's URL for the host.
      if (mine == anna && i == 0) continue;
      INFO(text);
      CHECK(text.find(theirs) == std::string::npos);
      CHECK(text.find(sha256_hex(theirs)) == std::string::npos);
      CHECK(text.find(sha256_hex(mine)) == std::string::npos);
      CHECK(text.find("\"racks\"") == std::string::npos);
    }
  }
}
