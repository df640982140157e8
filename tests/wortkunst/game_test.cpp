// Whole games through decide/apply: the lobby, moves and their ratings, exchanges, passes, the
// end, views and replays.
#include <algorithm>

#include "tests/wortkunst/game_support.hpp"

using namespace wordhall;
using namespace wordhall::wortkunst;
using namespace wordhall::wortkunst::testing;


TEST_CASE("the lobby: seats, names, the host, starting locks the seats not joined",
          "[wortkunst][game]") {
  table t;
  CHECK(code_of(t.run(R"({"type":"view"})")) == "no_such_game");
  CHECK(code_of(t.run(R"({"type":"join"})", "x")) == "no_such_game");
  for (auto bad : {R"({"type":"create"})", R"({"type":"create","playerCount":0})",
                   R"({"type":"create","playerCount":5})", R"({"type":"create","playerCount":"2"})"})
    CHECK(code_of(t.run(bad)) == "bad_player_count");
  CHECK(code_of(t.run(R"({"type":"create","playerCount":2,"settings":{"pass_rounds":11}})")) ==
        "bad_settings");
  CHECK(code_of(t.run(R"({"type":"create","playerCount":2,"settings":{"rounds":1}})")) ==
        "bad_settings");
  CHECK(t.log.empty());

  auto created = t.run(R"({"type":"create","playerCount":3})");
  REQUIRE(created.ok());
  std::string n = std::to_string(t.decisions);
  CHECK(*created == R"({"seats":[{"seat":0,"token":"token)" + n + R"(_0"},{"seat":1,"token":"token)" +
                        n + R"(_1"},{"seat":2,"token":"token)" + n + R"(_2"}]})");
  CHECK(t.digest(0) == "digest" + n + "_0");
  CHECK_FALSE(contains(t.log.back().payload, "token"));  // secrets only in the reply
  std::string host = t.digest(0), bob = t.digest(1), cas = t.digest(2);
  CHECK(code_of(t.run(R"({"type":"create","playerCount":2})")) == "already_created");

  CHECK(code_of(t.run(R"({"type":"start"})", host)) == "host_not_joined");
  CHECK(code_of(t.run(R"({"type":"join"})", "stranger")) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"join","name":"  "})", bob)) == "name_empty");
  CHECK(code_of(t.run(R"({"type":"join","name":"abcdefghijklmnopqrstuvwxy"})", bob)) == "bad_name");
  CHECK(code_of(t.run(R"({"type":"join","name":7})", bob)) == "bad_name");
  REQUIRE(t.run(R"({"type":"join","name":" Bob "})", bob).ok());
  CHECK(t.st().seats[1].name == "Bob");
  size_t events = t.log.size();
  REQUIRE(t.run(R"({"type":"join"})", bob).ok());  // a re-join: nothing to record
  REQUIRE(t.run(R"({"type":"join","name":"Bob"})", bob).ok());
  // Another seat may not take Bob's name, however it is written; Bob keeps his.
  CHECK(code_of(t.run(R"({"type":"join","name":"bob\u200b"})", cas)) == "name_taken");
  CHECK(code_of(t.run(R"({"type":"join","name":"\u202e"})", cas)) == "name_empty");
  CHECK(t.log.size() == events);
  REQUIRE(t.run(R"({"type":"join"})", host).ok());
  CHECK(t.st().seats[0].name == "Spieler 1");
  // 24 characters, 48 bytes: names count characters.
  REQUIRE(t.run(R"({"type":"join","name":"ÄÖÜÄÖÜÄÖÜÄÖÜÄÖÜÄÖÜÄÖÜÄÖÜ"})", host).ok());
  REQUIRE(t.run(R"({"type":"join","name":"Anna"})", host).ok());  // renamed in the lobby
  CHECK(t.st().seats[0].name == "Anna");
  CHECK(t.st().seats[0].joined);
  CHECK_FALSE(t.st().seats[2].joined);

  CHECK(code_of(t.run(R"({"type":"start"})", bob)) == "not_host");
  CHECK(code_of(t.run(R"({"type":"start"})", "stranger")) == "not_a_seat");
  CHECK(code_of(t.run(place_across("G8", {"A", "B"}), host)) == "not_started");
  auto lobby = t.view(bob);
  CHECK(field_of(lobby, "status") == R"("lobby")");
  CHECK(field_of(lobby, "you") == "1");
  CHECK(field_of(lobby, "rack") == "null");
  CHECK(field_of(lobby, "turn") == "null");

  auto started = t.run(R"({"type":"start"})", host);
  REQUIRE(started.ok());
  CHECK(field_of(*started, "status") == R"("playing")");
  state s = t.st();
  CHECK(s.status == "playing");
  CHECK(s.players == std::vector<int>{0, 1});
  CHECK(s.seats[2].locked);
  CHECK_FALSE(s.seats[1].locked);
  CHECK(s.seats[0].rack.size() == 7);
  CHECK(s.seats[1].rack.size() == 7);
  CHECK(s.seats[2].rack.empty());
  CHECK(s.bag.size() == 88);
  CHECK(s.turn == 0);
  check_tiles_conserved(s);
  // The bag's whole order is in the event, so a replay needs no generator.
  CHECK(t.log.back().type == "wk.started");
  CHECK(field_of(t.log.back().payload, "bag").size() > 102 * 4);

  CHECK(code_of(t.run(R"({"type":"join"})", cas)) == "seat_locked");
  events = t.log.size();
  auto back = t.run(R"({"type":"join","name":"Bobby"})", bob);  // a reconnect: no event
  REQUIRE(back.ok());
  CHECK(t.log.size() == events);
  CHECK(field_of(*back, "you") == "1");
  CHECK(code_of(t.run(R"({"type":"start"})", host)) == "already_started");
  CHECK(code_of(t.run(place_across("G8", {"A", "B"}), cas)) == "seat_locked");
  CHECK(code_of(t.run(place_across("G8", {"A", "B"}), bob)) == "not_your_turn");
  CHECK(code_of(t.run(R"({"type":"pass"})", bob)) == "not_your_turn");
  CHECK(code_of(t.run(R"({"type":"pass"})", "stranger")) == "not_a_seat");
  CHECK(code_of(t.run(R"({"type":"shout"})", host)) == "unknown_command");
  auto summary = t.g->summary(*t.s);
  CHECK(summary.status == "playing");
  CHECK(summary.players == std::vector<std::string>{"Anna", "Bob"});
  CHECK_FALSE(t.g->next_deadline(*t.s));
}

TEST_CASE("a placement waits for its rating; failures are retried; the turn is never lost",
          "[wortkunst][game][rating]") {
  table t;
  auto seats = two_player_game(t);
  std::string host = seats[0], bob = seats[1];
  auto rack = t.rack(0);
  std::string word = letter_of(rack[0]) + letter_of(rack[1]);

  CHECK(code_of(t.run(place_across("A1", {rack[0], rack[1]}), host)) == "first_move_off_centre");
  CHECK(code_of(t.run(place_across("H8", {rack[0]}), host)) == "first_move_too_short");
  CHECK(code_of(t.run(place_across("G8", {rack[0], missing_from(rack)}), host)) ==
        "tile_not_on_rack");
  CHECK(code_of(t.run(R"({"type":"place"})", host)) == "bad_field");
  CHECK(code_of(t.run(R"({"type":"place","tiles":[]})", host)) == "no_tiles");
  CHECK(t.g->pending_effects(*t.s).empty());

  auto placed = t.run(place_across("G8", {rack[0], rack[1]}), host);
  REQUIRE(placed.ok());
  CHECK(field_of(*placed, "pending").find(R"("status":"rating")") != std::string::npos);
  state s = t.st();
  REQUIRE(s.pending);
  CHECK(s.pending->move == 1);
  CHECK(s.pending->words.size() == 1);
  CHECK(s.pending->words[0].word == word);
  CHECK(s.seats[0].rack.size() == 7);  // refilled at once
  CHECK(s.bag.size() == 86);
  CHECK(s.turn == 0);  // the turn waits for the rating
  CHECK(s.tiles_on_board.at({7, 7}).letter == letter_of(rack[1]));
  check_tiles_conserved(s);

  auto effects = t.g->pending_effects(*t.s);
  REQUIRE(effects.size() == 1);
  CHECK(effects[0].key == "rate:1:1");
  CHECK(effects[0].service == "wortkunst.rate");
  CHECK(effects[0].payload == R"({"words":[")" + word + R"("]})");

  CHECK(code_of(t.run(place_across("G9", {rack[2]}), host)) == "rating_pending");
  CHECK(code_of(t.run(R"({"type":"pass"})", host)) == "rating_pending");
  CHECK(code_of(t.run(R"({"type":"exchange","letters":["A"]})", host)) == "rating_pending");
  CHECK(code_of(t.run(R"({"type":"pass"})", bob)) == "not_your_turn");
  CHECK(code_of(t.run(R"({"type":"retry_rating"})", bob)) == "rating_not_failed");
  CHECK(code_of(t.run(rating_ok("rate:1:1", {word}, 50), host)) == "platform_only");
  CHECK(code_of(t.run(rating_ok("rate:1:2", {word}, 50), "", true)) == "stale_effect");
  CHECK(code_of(t.run(rating_ok("rate:0:1", {word}, 50), "", true)) == "stale_effect");

  // A result that misses a word is a failure.
  REQUIRE(t.run(rating_ok("rate:1:1", {"ANDERS"}, 50), "", true).ok());
  CHECK(t.log.back().type == "wk.rating_failed");
  s = t.st();
  CHECK(s.pending->failed);
  CHECK(s.pending->error_code == "bad_rating");
  CHECK(t.g->pending_effects(*t.s).empty());
  auto pending = field_of(t.view(host), "pending");
  CHECK(contains(pending, R"("status":"failed")"));
  CHECK(contains(pending, R"("can_retry":true)"));
  CHECK(contains(field_of(t.view("stranger"), "pending"), R"("can_retry":false)"));
  CHECK(code_of(t.run(rating_ok("rate:1:1", {word}, 50), "", true)) == "stale_effect");
  CHECK(code_of(t.run(R"({"type":"retry_rating"})", "stranger")) == "not_a_seat");

  // Any player may retry (the mover may be gone).
  REQUIRE(t.run(R"({"type":"retry_rating"})", bob).ok());
  CHECK(t.log.back().type == "wk.rating_retried");
  CHECK(t.g->pending_effects(*t.s).at(0).key == "rate:1:2");
  CHECK(code_of(t.run(R"({"type":"retry_rating"})", host)) == "rating_not_failed");

  REQUIRE(t.run(R"({"type":"effect_result","key":"rate:1:2","ok":false,"error":{"code":"judge_unavailable","message":"Mistral antwortet nicht"}})",
                "", true)
              .ok());
  CHECK(t.st().pending->error_code == "judge_unavailable");
  CHECK(contains(field_of(t.view(bob), "pending"), "Mistral antwortet nicht"));
  CHECK(field_of(t.view(bob), "waiting_for_offline") == "null");

  // Scores out of range, or not whole, fail as well.
  for (auto bad : {101, 0}) {
    REQUIRE(t.run(R"({"type":"retry_rating"})", host).ok());
    auto key = t.g->pending_effects(*t.s).at(0).key;
    REQUIRE(t.run(rating_ok(key, {word}, bad), "", true).ok());
    CHECK(t.st().pending->error_code == "bad_rating");
  }
  REQUIRE(t.run(R"({"type":"retry_rating"})", host).ok());
  auto key = t.g->pending_effects(*t.s).at(0).key;
  CHECK(key == "rate:1:5");
  std::string half = R"({"type":"effect_result","key":")" + key +
                     R"(","ok":true,"result":{"evaluations":[{"word":")" + word +
                     R"(","score":42.5,"explanation":""}]}})";
  REQUIRE(t.run(half, "", true).ok());
  CHECK(t.st().pending->failed);
  REQUIRE(t.run(R"({"type":"retry_rating"})", host).ok());
  key = t.g->pending_effects(*t.s).at(0).key;

  // Words match case-insensitively; the judge defaults to "unknown".
  std::string lower = word;
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string good = R"({"type":"effect_result","key":")" + key +
                     R"(","ok":true,"result":{"evaluations":[{"word":"ZZZ","score":3},{"word":")" +
                     lower + R"(","score":42,"explanation":"kurz und gut"}]}})";
  auto rated = t.run(good, "", true);
  REQUIRE(rated.ok());
  CHECK(*rated == "{}");
  CHECK(t.log.back().type == "wk.move_rated");
  s = t.st();
  CHECK_FALSE(s.pending);
  CHECK(s.seats[0].score == 42);
  CHECK(s.turn == 1);
  REQUIRE(s.history.size() == 1);
  CHECK(s.history[0].judge == "unknown");
  CHECK(s.history[0].evaluations.size() == 1);
  CHECK(s.history[0].evaluations[0].word == word);
  CHECK(s.history[0].evaluations[0].explanation == "kurz und gut");
  CHECK(s.tiles_on_board.at({6, 7}).letter == letter_of(rack[0]));  // the tiles stayed
  CHECK(t.g->pending_effects(*t.s).empty());
  CHECK(code_of(t.run(rating_ok(key, {word}, 50), "", true)) == "stale_effect");
  auto moves = field_of(t.view(bob), "moves");
  CHECK(contains(moves, R"("kind":"place")"));
  CHECK(contains(moves, R"("score":42)"));
  CHECK(field_of(t.view(bob), "your_turn") == "true");
}

TEST_CASE("a move scores every word formed: a word formed twice counts twice",
          "[wortkunst][game][rating]") {
  table t;
  t.crafted(1, {"H", "A", "U", "S", "A", "B", "E", "N", "N", "N", "N", "N", "N", "N", "N"});
  REQUIRE(t.run(place_across("H8", {"H", "A", "U", "S"}), "seat0").ok());
  REQUIRE(t.run(rating_ok("rate:1:1", {"HAUS"}, 10), "", true).ok());
  CHECK(t.rack(0) == std::vector<std::string>{"A", "B", "E", "N", "N", "N", "N"});
  REQUIRE(t.run(place_across("H9", {"A", "B"}), "seat0").ok());
  auto effect = t.g->pending_effects(*t.s).at(0);
  CHECK(effect.key == "rate:2:1");
  CHECK(effect.payload == R"({"words":["AB","HA"]})");  // AB twice, rated once
  std::string result = R"({"type":"effect_result","key":"rate:2:1","ok":true,"result":{"judge":"mistral-large-latest","evaluations":[{"word":"HA","score":5,"explanation":"kurz"},{"word":"AB","score":10,"explanation":"ab"}]}})";
  REQUIRE(t.run(result, "", true).ok());
  state s = t.st();
  CHECK(s.history.back().score == 25);  // AB + HA + AB
  CHECK(s.seats[0].score == 35);
  CHECK(s.history.back().judge == "mistral-large-latest");
  REQUIRE(s.history.back().evaluations.size() == 2);
  CHECK(s.history.back().evaluations[0].word == "AB");  // in word order, not the judge's
  CHECK(s.turn == 0);  // solo: always your turn
}
