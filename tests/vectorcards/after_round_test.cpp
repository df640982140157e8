// After a round: "Why?" (the words nearest a result), rematches, and the daily round's deal.
#include "events/vectorcards/after_round.hpp"
#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/game.hpp"
#include "events/vectorcards/view.hpp"
#include "tests/vectorcards/match_table.hpp"

#include <simdjson.h>

using namespace wordhall;
using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::code_of;
using wordhall::vectorcards::testing::table;

TEST_CASE("why: the words nearest a move's result, the recorded nearest first",
          "[vectorcards][after_round]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob"), cas = t.join("Cas");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  CHECK(code_of(t.run(R"({"type":"why","round_id":"1","player":"p1"})", bob)) == "round_open");
  REQUIRE(t.run(t.move_for("p2", "-"), bob).ok());
  REQUIRE(t.run(R"({"type":"resolve","round_id":"1"})", ann).ok());
  size_t events = t.log.size();

  for (const char* seat : {"p1", "p2"}) {
    INFO(seat);
    // Anyone may ask, a spectator too; it changes nothing.
    auto reply = t.run(std::string(R"({"type":"why","round_id":"1","player":")") + seat + "\"}");
    REQUIRE(reply.ok());
    simdjson::dom::parser parser;
    auto nearest = parser.parse(*reply)["nearest"].get_array().value();
    const move& m = t.round().moves.at(seat);
    std::vector<std::string> words;
    double previous = 2.0;
    for (auto w : nearest) {
      words.emplace_back(std::string_view(w["token"].get_string().value()));
      double similarity = w["similarity"].get_double().value();
      CHECK(similarity <= previous);  // best first
      previous = similarity;
    }
    REQUIRE(words.size() == why_words);
    CHECK(words[0] == m.around->nearest);
    for (auto& w : words) {
      CHECK(w != t.round().dealt->start);
      CHECK(w != t.round().dealt->target);
      CHECK(w != m.played.public_token);
      CHECK(w != m.played.private_token);
      CHECK(w != "badword");
    }
    CHECK(std::set<std::string>(words.begin(), words.end()).size() == words.size());
  }
  CHECK(code_of(t.run(R"({"type":"why","round_id":"1","player":"p3"})", cas)) == "no_move");
  CHECK(code_of(t.run(R"({"type":"why","round_id":"2","player":"p1"})", cas)) ==
        "round_not_current");
  CHECK(t.log.size() == events);

  // Without the vectors there is nothing to search.
  t.env.words = nullptr;
  CHECK(code_of(t.run(R"({"type":"why","round_id":"1","player":"p1"})")) ==
        "embeddings_unavailable");
}

TEST_CASE("rematch: a finished match names its next one, once", "[vectorcards][after_round]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"rounds":1,"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  CHECK(code_of(t.run(R"({"type":"rematch","match_id":"m2"})", bob)) == "match_not_over");
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  REQUIRE(t.run(t.move_for("p2"), bob).ok());
  REQUIRE(t.s.status == "done");

  CHECK(code_of(t.run(R"({"type":"rematch","match_id":"m2"})", "stranger")) == "not_a_player");
  CHECK(code_of(t.run(R"({"type":"rematch","match_id":"../x"})", bob)) == "bad_field");
  CHECK(code_of(t.run(R"({"type":"rematch","match_id":""})", bob)) == "bad_field");
  CHECK(code_of(t.run(R"({"type":"rematch"})", bob)) == "bad_field");
  auto first = t.run(R"({"type":"rematch","match_id":"m2"})", bob);
  REQUIRE(first.ok());
  CHECK(*first == R"({"match_id":"m2"})");
  CHECK(t.s.rematch == "m2");
  // Ann asked at the same moment and created m3: she is sent to m2 too, and nothing changes.
  size_t events = t.log.size();
  auto second = t.run(R"({"type":"rematch","match_id":"m3"})", ann);
  REQUIRE(second.ok());
  CHECK(*second == R"({"match_id":"m2"})");
  CHECK(t.log.size() == events);
  CHECK(view_json(t.s, ann, false).find("\"rematch\":\"m2\"") != std::string::npos);

  // The journal and a snapshot keep it.
  auto g = make_game(std::make_shared<word_space_slot>(), {});
  auto replayed = g->initial_state();
  uint64_t seq = 0;
  for (auto& e : t.log) {
    auto encoded = encode_event(e);
    REQUIRE(g->apply(*replayed, event_envelope{encoded.type, encoded.version, ++seq, "id", 0,
                                                encoded.payload}).ok());
  }
  CHECK(g->encode_state(*replayed) == encode_state(t.s));
  auto restored = decode_state(encode_state(t.s));
  REQUIRE(restored.ok());
  CHECK(restored->rematch == "m2");
}

TEST_CASE("a daily round: one round for one, the same deal for everyone on a date",
          "[vectorcards][after_round]") {
  auto daily = [](const std::string& date, uint64_t seed) {
    table t;
    t.seed = seed;  // each match's own randomness differs; the date's deal does not
    auto made = t.run(R"({"type":"create","name":"d","settings":{"daily":")" + date +
                      R"(","rounds":9,"n_public":3,"stake":true}})");
    REQUIRE(made.ok());
    auto me = t.join("Ann");
    REQUIRE(t.run(R"({"type":"start"})", me).ok());
    return t;
  };
  auto a = daily("2026-11-24", 1), b = daily("2026-11-24", 977), c = daily("2026-11-25", 1);
  // The date fixes the settings: one round, one seat, the default cards.
  CHECK(a.s.config.rounds == 1);
  CHECK(a.s.config.max_players == 1);
  CHECK(a.s.config.n_public == settings{}.n_public);
  CHECK_FALSE(a.s.config.stake);
  CHECK(a.s.config.daily == "2026-11-24");
  CHECK(code_of(a.run(R"({"type":"join","player_name":"Bob"})")) == "match_full");

  auto& da = *a.round().dealt;
  auto& db = *b.round().dealt;
  CHECK(da.seed == daily_seed("2026-11-24"));
  CHECK(da.seed == db.seed);
  CHECK(da.start == db.start);
  CHECK(da.target == db.target);
  CHECK(da.public_cards == db.public_cards);
  CHECK(da.hands.at("p1")[0].token == db.hands.at("p1")[0].token);
  CHECK(c.round().dealt->seed != da.seed);

  table t;
  for (const char* bad : {"2026-13-01", "2026-02-30", "2025-02-29", "26-11-24", "today", ""}) {
    INFO(bad);
    auto refused = t.run(R"({"type":"create","name":"d","settings":{"daily":")" +
                         std::string(bad) + "\"}}");
    // An empty date is no daily round at all.
    if (std::string(bad).empty()) {
      CHECK(refused.ok());
      continue;
    }
    CHECK(code_of(refused) == "bad_settings");
  }
  CHECK(valid_date("2024-02-29"));
  CHECK_FALSE(valid_date("2100-02-29"));
}
