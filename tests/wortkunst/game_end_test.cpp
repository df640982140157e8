// The end of a game (passes, an empty rack), solo games, what viewers see, and replays.
#include <algorithm>

#include "tests/wortkunst/game_support.hpp"

#include "events/wortkunst/view.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;
using namespace wordhall::wortkunst::testing;

namespace {

std::vector<std::string> start_game(table& t, int seats, int joined, int pass_rounds = 1) {
  REQUIRE(t.run(R"({"type":"create","playerCount":)" + std::to_string(seats) +
                R"(,"settings":{"pass_rounds":)" + std::to_string(pass_rounds) + "}}")
              .ok());
  std::vector<std::string> digests;
  for (int i = 0; i < seats; ++i) digests.push_back(t.digest(i));
  for (int i = 0; i < joined; ++i) REQUIRE(t.run(R"({"type":"join"})", digests[i]).ok());
  REQUIRE(t.run(R"({"type":"start"})", digests[0]).ok());
  return digests;
}

// The rack's first two tiles across G8-H8 (a legal first move), rated `score` per word.
void first_move(table& t, const std::string& who, int seat, int score) {
  auto rack = t.rack(seat);
  REQUIRE(t.run(place_across("G8", {rack[0], rack[1]}), who).ok());
  auto effect = t.g->pending_effects(*t.s).at(0);
  auto doc = json_document::parse(effect.payload);
  std::vector<std::string> words;
  for (auto w : array_of(doc->root()["words"].value())) words.emplace_back(w.get_string().value());
  REQUIRE(t.run(rating_ok(effect.key, words, score), "", true).ok());
}

}  // namespace

TEST_CASE("consecutive passes end the game; every tile left costs 100", "[wortkunst][game][end]") {
  table t;
  auto seats = start_game(t, 2, 2, 2);  // pass_rounds 2: four passes in a row
  CHECK(field_of(t.view(seats[0]), "passes_to_end") == "4");
  REQUIRE(t.run(R"({"type":"pass"})", seats[0]).ok());
  REQUIRE(t.run(R"({"type":"pass"})", seats[1]).ok());
  REQUIRE(t.run(R"({"type":"pass"})", seats[0]).ok());
  CHECK(t.st().status == "playing");
  CHECK(field_of(t.view(seats[0]), "passes") == "3");
  auto last = t.run(R"({"type":"pass"})", seats[1]);
  REQUIRE(last.ok());
  CHECK(t.log.back().type == "wk.game_ended");
  state s = t.st();
  CHECK(s.status == "ended");
  REQUIRE(s.result);
  CHECK(s.result->reason == "passes");
  REQUIRE(s.result->results.size() == 2);
  for (auto& row : s.result->results) {
    CHECK(row.penalty == 700);
    CHECK(row.score == -700);
  }
  CHECK(s.result->winners == std::vector<int>{0, 1});  // a shared win
  CHECK(s.seats[0].score == -700);
  auto result = field_of(*last, "result");
  CHECK(contains(result, R"("reason":"passes")"));
  CHECK(contains(result, R"("rank":1)"));

  for (auto cmd : {R"({"type":"pass"})", R"({"type":"start"})", R"({"type":"retry_rating"})",
                   R"({"type":"exchange","letters":["A"]})"})
    CHECK(code_of(t.run(cmd, seats[0])) == "game_over");
  CHECK(code_of(t.run(rating_ok("rate:1:1", {"AB"}, 5), "", true)) == "game_over");
  CHECK(t.run(R"({"type":"join"})", seats[1]).ok());
  CHECK(t.run(R"({"type":"view"})", seats[1]).ok());
  CHECK(t.g->summary(*t.s).status == "finished");
}

TEST_CASE("an exchange or a placement resets the pass count", "[wortkunst][game][end]") {
  table t;
  auto seats = start_game(t, 2, 2);
  REQUIRE(t.run(R"({"type":"pass"})", seats[0]).ok());
  first_move(t, seats[1], 1, 20);
  CHECK(t.st().passes == 0);
  REQUIRE(t.run(R"({"type":"pass"})", seats[0]).ok());
  CHECK(t.st().status == "playing");
  REQUIRE(t.run(R"({"type":"pass"})", seats[1]).ok());
  CHECK(t.st().status == "ended");
  CHECK(t.st().result->winners == std::vector<int>{1});
}

TEST_CASE("the game ends when a rated mover's rack and the bag are empty", "[wortkunst][game][end]") {
  table t;
  // 14 tiles: each player is dealt 7 and the bag is empty.
  t.crafted(2, {"W", "O", "R", "T", "E", "N", "?", "Q", "X", "Y", "?", "A", "B", "C"});
  CHECK(t.st().bag.empty());
  CHECK(field_of(t.view("seat0"), "can_exchange") == "false");
  REQUIRE(t.run(place_across("G8", {"W", "O", "R", "T", "E", "N", "?"}), "seat0").ok());
  CHECK(t.rack(0).empty());
  CHECK(t.st().status == "playing");  // not before the rating
  REQUIRE(t.run(rating_ok("rate:1:1", {"WORTENE"}, 60), "", true).ok());
  state s = t.st();
  CHECK(s.status == "ended");
  CHECK(s.result->reason == "rack_empty");
  CHECK(s.result->results[0].penalty == 0);
  CHECK(s.result->results[0].score == 60);
  CHECK(s.result->results[1].penalty == 700);  // blanks cost 100 too
  CHECK(s.result->results[1].score == -700);
  CHECK(s.result->results[1].rack.size() == 7);
  CHECK(s.result->winners == std::vector<int>{0});
  CHECK(s.tiles_on_board.rows()[7] == "......WORTENe..");
  CHECK(s.tiles_on_board.blank_squares() == std::vector<std::string>{"M8"});
  auto ended = t.g->visible_event(*t.s, t.log.back(), viewer{"seat0"});
  CHECK(contains(*ended, R"("rack":["Q","X","Y","?","A","B","C"])"));  // public at the end
}

TEST_CASE("a solo game: one seat, every turn its own, one pass ends it", "[wortkunst][game][end]") {
  table t;
  auto seats = start_game(t, 1, 1);
  CHECK(t.st().players == std::vector<int>{0});
  first_move(t, seats[0], 0, 30);
  CHECK(t.st().turn == 0);
  CHECK(t.st().seats[0].score == 30);
  CHECK(field_of(t.view(seats[0]), "your_turn") == "true");
  REQUIRE(t.run(R"({"type":"pass"})", seats[0]).ok());
  state s = t.st();
  CHECK(s.status == "ended");
  CHECK(s.seats[0].score == 30 - 700);
  CHECK(s.result->winners == std::vector<int>{0});
}

TEST_CASE("views: your rack only, no credentials anywhere, who is online",
          "[wortkunst][game][view]") {
  table t;
  auto seats = start_game(t, 3, 2);
  std::string host = seats[0], bob = seats[1];
  first_move(t, host, 0, 40);
  REQUIRE(t.run(place_across("A1", {"A"}), bob).ok() == false);
  auto bob_rack = t.rack(1);

  auto for_bob = t.view(bob);
  CHECK(field_of(for_bob, "you") == "1");
  std::string rack_json = "[";
  for (size_t i = 0; i < bob_rack.size(); ++i) rack_json += (i ? ",\"" : "\"") + bob_rack[i] + "\"";
  CHECK(field_of(for_bob, "rack") == rack_json + "]");
  CHECK(field_of(for_bob, "racks") == "<absent>");
  CHECK(field_of(t.view("stranger"), "rack") == "null");
  CHECK(field_of(t.view("stranger"), "you") == "null");
  auto admin = t.view("", true);
  CHECK(contains(field_of(admin, "racks"), rack_json + "]"));
  CHECK(field_of(admin, "bag_count") == "86");

  // No view and no event seen by anyone carries a credential or its digest, or the bag.
  std::vector<viewer> everyone{viewer{host}, viewer{bob}, viewer{seats[2]}, viewer{"x"},
                               viewer{"", true}};
  for (auto& who : everyone) {
    auto v = t.g->view(*t.s, who);
    CHECK_FALSE(contains(v, "digest"));
    CHECK_FALSE(contains(v, "token"));
    CHECK(field_of(v, "bag") == "<absent>");
    for (auto& e : t.log) {
      auto seen = t.g->visible_event(*t.s, e, who);
      REQUIRE(seen);
      CHECK_FALSE(contains(*seen, "digest"));
      CHECK_FALSE(contains(*seen, "\"bag\""));
    }
  }
  // Drawn tiles are the drawer's.
  const event_envelope* placed = nullptr;
  for (auto& e : t.log)
    if (e.type == "wk.move_placed") placed = &e;
  REQUIRE(placed);
  CHECK(contains(*t.g->visible_event(*t.s, *placed, viewer{host}), "\"drawn\""));
  CHECK_FALSE(contains(*t.g->visible_event(*t.s, *placed, viewer{bob}), "\"drawn\""));
  CHECK(contains(*t.g->visible_event(*t.s, *placed, viewer{bob}), "\"words\""));

  // Online: Bob is to move and offline.
  std::vector<std::string> online{host};
  auto seen_online = t.view(host, false, &online);
  CHECK(contains(field_of(seen_online, "seats"), R"("seat":0,"name":"Spieler 1","joined":true,"locked":false,"online":true)"));
  CHECK(contains(field_of(seen_online, "seats"), R"("seat":1,"name":"Spieler 2","joined":true,"locked":false,"online":false)"));
  CHECK(contains(field_of(seen_online, "seats"), R"("seat":2,"name":"Spieler 3","joined":false,"locked":true)"));
  CHECK(field_of(seen_online, "waiting_for_offline") == R"("Spieler 2")");
  CHECK(field_of(seen_online, "turn") == "1");
  CHECK(field_of(seen_online, "your_turn") == "false");
  online.push_back(bob);
  CHECK(field_of(t.view(host, false, &online), "waiting_for_offline") == "null");
  CHECK(field_of(t.view(host), "waiting_for_offline") == "null");  // nobody says who is online
}

TEST_CASE("replaying the events rebuilds the same state", "[wortkunst][game][replay]") {
  table t;
  auto seats = start_game(t, 3, 3);
  first_move(t, seats[0], 0, 12);
  auto rack = t.rack(1);
  REQUIRE(t.run(R"({"type":"exchange","letters":[")" + rack[0] + R"("]})", seats[1]).ok());
  REQUIRE(t.run(R"({"type":"pass"})", seats[2]).ok());
  // Seat 0 plays one tile under G8, then the rating fails once.
  auto r0 = t.rack(0);
  std::string tile = r0[0] == "?" ? R"({"square":"G9","letter":"Ü","blank":true})"
                                  : R"({"square":"G9","letter":")" + r0[0] + R"("})";
  REQUIRE(t.run(R"({"type":"place","tiles":[)" + tile + "]}", seats[0]).ok());
  REQUIRE(t.run(R"({"type":"effect_result","key":"rate:4:1","ok":false,"error":{"code":"timeout","message":"zu langsam"}})", "", true).ok());
  REQUIRE(t.run(R"({"type":"retry_rating"})", seats[2]).ok());

  auto replayed = t.g->initial_state();
  for (auto& e : t.log) REQUIRE(t.g->apply(*replayed, e).ok());
  CHECK(t.g->encode_state(*replayed) == t.g->encode_state(*t.s));
  CHECK(state_hash(*t.g, *replayed) == state_hash(*t.g, *t.s));
  auto decoded = t.g->decode_state(t.g->encode_state(*t.s));
  REQUIRE(decoded.ok());
  CHECK(t.g->encode_state(**decoded) == t.g->encode_state(*t.s));
  CHECK(t.g->pending_effects(**decoded).at(0).key == "rate:4:2");
  auto clone = t.g->clone(*t.s);
  CHECK(t.g->encode_state(*clone) == t.g->encode_state(*t.s));
}

TEST_CASE("events that cannot be applied are errors, never crashes", "[wortkunst][game][replay]") {
  table t;
  auto g = make_game();
  auto s = g->initial_state();
  auto apply = [&](std::string type, std::string payload, uint32_t v = 1) {
    return g->apply(*s, event_envelope{type, v, 1, "id", 0, payload});
  };
  CHECK(apply("wk.seat_joined", R"({"seat":0,"name":"A"})").err().code == "bad_event");
  CHECK(apply("wk.nonsense", "{}").err().code == "unknown_event");
  CHECK(apply("wk.game_created", "{}").err().code == "bad_field");
  CHECK(apply("wk.game_created", "not json").err().code == "bad_json");
  CHECK(apply("wk.game_created", R"({"player_count":1,"settings":{"pass_rounds":1},"seats":[]})", 2)
            .err().code == "bad_event");
  REQUIRE(apply("wk.game_created",
                R"({"player_count":1,"settings":{"pass_rounds":1},"seats":[{"seat":0,"digest":"d"}]})")
              .ok());
  CHECK(apply("wk.seat_joined", R"({"seat":3,"name":"A"})").err().code == "bad_event");
  CHECK(apply("wk.passed", R"({"move":1,"seat":-1})").err().code == "bad_event");
  CHECK(apply("wk.game_created",
              R"({"player_count":1,"settings":{"pass_rounds":1},"seats":[{"seat":0,"digest":"d"}]})")
            .err().code == "bad_event");
  CHECK_FALSE(g->decode_state(R"({"status":"lobby"})").ok());
}
