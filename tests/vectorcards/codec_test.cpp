// Vector cards' events as journals hold them: the v1 shapes of servers that searched nearest
// words at each submit are upcast on read, so their matches replay to the same state; versions
// newer than this server are refused.
#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/game.hpp"
#include "tests/vectorcards/match_table.hpp"

#include <algorithm>

using namespace wordhall;
using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::table;

namespace {

// A two-round match: everyone moves in round 1; in round 2 only Ann, and the host ends it.
table played_match() {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"old","settings":{"rounds":2,"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob"), cas = t.join("Cas");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  REQUIRE(t.run(t.move_for("p2", "-", "+"), bob).ok());
  REQUIRE(t.run(t.move_for("p3", "+", "-"), cas).ok());
  REQUIRE(t.run(R"({"type":"next"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1", "-", "-"), ann).ok());
  REQUIRE(t.run(R"({"type":"resolve","round_id":"2"})", ann).ok());
  REQUIRE(t.s.status == "done");
  return t;
}

event_envelope stored(const new_event& e, uint32_t version, uint64_t seq) {
  return event_envelope{e.type, version, seq, "id", 0, e.payload};
}

// The match's events as a server before v2 wrote them: each move with the nearest word and
// target rank it was given (found at the submit then), resolutions without "neighbours".
std::vector<event_envelope> as_v1_journal(const table& t) {
  std::vector<event_envelope> out;
  uint64_t seq = 0;
  for (auto e : t.log) {
    if (auto* m = std::get_if<move_submitted>(&e)) {
      m->made.around = t.s.rounds.at(static_cast<size_t>(m->round - 1)).moves.at(m->player).around;
      REQUIRE(m->made.around);
      out.push_back(stored(encode_event(e), 1, ++seq));
    } else if (auto* r = std::get_if<round_resolved>(&e)) {
      r->neighbours.clear();
      auto v2 = encode_event(e);
      const std::string tail = R"(,"neighbours":{}})";
      REQUIRE(v2.payload.size() > tail.size());
      REQUIRE(v2.payload.compare(v2.payload.size() - tail.size(), tail.size(), tail) == 0);
      v2.payload.replace(v2.payload.size() - tail.size(), tail.size(), "}");
      out.push_back(stored(v2, 1, ++seq));
    } else {
      out.push_back(stored(encode_event(e), 1, ++seq));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("moves and resolutions are v2; a v1 journal replays to the same state",
          "[vectorcards][events]") {
  table t = played_match();
  for (auto& e : t.log) {
    auto encoded = encode_event(e);
    bool newer = encoded.type == "vc.move_submitted" || encoded.type == "vc.round_resolved";
    CHECK(encoded.version == (newer ? 2u : 1u));
    if (encoded.type == "vc.move_submitted")
      CHECK(encoded.payload.find("nearest_token") == std::string::npos);
  }

  auto old = as_v1_journal(t);
  auto first = [&](const std::string& type) {
    auto it = std::find_if(old.begin(), old.end(), [&](auto& e) { return e.type == type; });
    REQUIRE(it != old.end());
    return *it;
  };
  CHECK(first("vc.move_submitted").payload.find("\"target_rank\":") != std::string::npos);
  auto g = make_game(std::make_shared<word_space_slot>(), {});
  auto replayed = g->initial_state();
  for (auto& e : old) {
    INFO(e.type << " " << e.payload);
    REQUIRE(g->apply(*replayed, e).ok());
  }
  CHECK(g->encode_state(*replayed) == encode_state(t.s));
  // Both rounds' leaderboards show the movers' nearest words, as they did on the old server.
  auto view = g->view(*replayed, viewer{"digest2", false});
  CHECK(view.find("\"nearest_token\":\"" + t.s.rounds[1].moves.at("p1").around->nearest + "\"") !=
        std::string::npos);

  // Upcast on their own: a v1 resolution has no neighbours, a v1 move keeps its own.
  auto resolution = decode_event(first("vc.round_resolved"));
  REQUIRE(resolution.ok());
  CHECK(std::get<round_resolved>(*resolution).neighbours.empty());
  CHECK(std::get<round_resolved>(*resolution).outcome.results.size() == 3);
  auto move = decode_event(first("vc.move_submitted"));
  REQUIRE(move.ok());
  CHECK(std::get<move_submitted>(*move).made.around->nearest ==
        t.s.rounds[0].moves.at("p1").around->nearest);
}

TEST_CASE("vector cards refuses event versions it does not know, and v2 without neighbours",
          "[vectorcards][events]") {
  table t = played_match();
  for (auto& e : t.log) {
    auto encoded = encode_event(e);
    auto future = stored(encoded, encoded.version + 1, 1);
    CHECK(decode_event(future).err().code == "unknown_event_version");
    if (encoded.type != "vc.round_resolved") continue;
    auto cut = encoded.payload.substr(0, encoded.payload.find(",\"neighbours\"")) + "}";
    CHECK(decode_event(stored(new_event{encoded.type, 2, cut}, 2, 1)).err().code == "bad_field");
  }
}

TEST_CASE("a presearch's findings survive the journal", "[vectorcards][events]") {
  table t;
  t.run_presearches = true;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  REQUIRE(t.run(t.move_for("p2", "-", "-"), bob).ok());
  auto g = make_game(std::make_shared<word_space_slot>(), {});
  auto replayed = g->initial_state();
  int searched = 0;
  uint64_t seq = 0;
  for (auto& e : t.log) {
    auto encoded = encode_event(e);
    if (encoded.type == "vc.moves_searched") {
      ++searched;
      CHECK(encoded.version == 1u);
      auto decoded = decode_event(stored(encoded, 1, 1));
      REQUIRE(decoded.ok());
      auto& read = std::get<moves_searched>(*decoded).neighbours;
      auto& written = std::get<moves_searched>(e).neighbours;
      REQUIRE(read.size() == written.size());
      for (auto& [id, found] : written) {
        CHECK(read.at(id).nearest == found.nearest);
        CHECK(read.at(id).nearest_similarity == found.nearest_similarity);
        CHECK(read.at(id).target_rank == found.target_rank);
      }
    }
    REQUIRE(g->apply(*replayed, stored(encoded, encoded.version, ++seq)).ok());
  }
  CHECK(searched == 1);  // Ann's; Bob's move ended the round, whose search found it
  CHECK(g->encode_state(*replayed) == encode_state(t.s));
}
