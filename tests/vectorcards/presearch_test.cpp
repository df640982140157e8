// Searching ahead: a running round's moves are searched in batches (presearches) whose findings
// each author sees at once, and the round's own search takes only the moves still without.
#include "events/vectorcards/resolution.hpp"
#include "events/vectorcards/rules.hpp"
#include "events/vectorcards/view.hpp"
#include "tests/vectorcards/match_table.hpp"

using namespace wordhall;
using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::table;

TEST_CASE("a running round's moves are searched ahead in batches; its own search takes the rest",
          "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob"), cas = t.join("Cas");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  CHECK(pending_effects(t.s).empty());  // no moves, nothing to search
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  auto first = pending_effects(t.s);
  REQUIRE(first.size() == 1);
  CHECK(first[0].service == std::string(presearch_service));
  CHECK(first[0].key == presearch_key(1, 0));
  CHECK(presearch_round(first[0].key) == 1);
  CHECK_FALSE(presearch_round(search_key(1)));
  CHECK_FALSE(presearch_round("presearch//0"));
  // Bob moves while Ann's search runs: the same key (the platform does not start it again), and
  // the batch that follows will have his move.
  REQUIRE(t.run(t.move_for("p2", "-", "+"), bob).ok());
  auto second = pending_effects(t.s);
  REQUIRE(second.size() == 1);
  CHECK(second[0].key == first[0].key);
  CHECK(second[0].payload.find("\"p2\"") != std::string::npos);

  auto result_of = [&](const effect_request& e, bool ok = true) {
    json_writer out;
    out.begin_object().field("type", "effect_result").field("key", e.key).field("ok", ok);
    if (ok) out.raw_field("result", *run_round_search(e.payload, *t.env.words));
    else out.key("error").begin_object().field("code", "busy").field("message", "m").end_object();
    return out.end_object().take();
  };
  // A failed presearch (a busy lane) changes nothing.
  size_t events_before = t.log.size();
  REQUIRE(t.run(result_of(first[0], false), "", true).ok());
  CHECK(t.log.size() == events_before);
  // Ann's search comes back: her move has its nearest word, Bob's waits for the next batch.
  REQUIRE(t.run(result_of(first[0]), "", true).ok());
  REQUIRE(t.log.size() == events_before + 1);
  auto& searched = std::get<moves_searched>(t.log.back());
  CHECK(searched.round == 1);
  CHECK(searched.neighbours.size() == 1);
  REQUIRE(t.round().moves.at("p1").around);
  CHECK_FALSE(t.round().moves.at("p2").around);
  auto third = pending_effects(t.s);
  REQUIRE(third.size() == 1);
  CHECK(third[0].key == presearch_key(1, 1));
  CHECK(third[0].payload.find("\"p1\"") == std::string::npos);
  // Ann sees her nearest word in her view; Bob sees neither hers nor his.
  const std::string ann_nearest = t.round().moves.at("p1").around->nearest;
  CHECK(view_json(t.s, ann, false).find("\"nearest_token\":\"" + ann_nearest + "\"") !=
        std::string::npos);
  CHECK(view_json(t.s, bob, false).find("\"nearest_token\":\"") == std::string::npos);
  // A batch that comes again finds nothing new: no event.
  events_before = t.log.size();
  REQUIRE(t.run(result_of(first[0]), "", true).ok());
  CHECK(t.log.size() == events_before);

  // Cas's move ends play: the round's own search has only the moves still without (Bob's, Cas's).
  t.run_effects = false;
  REQUIRE(t.run(t.move_for("p3", "+", "-"), cas).ok());
  REQUIRE(t.round().closing == "all_submitted");
  auto closing = pending_effects(t.s);
  REQUIRE(closing.size() == 1);
  CHECK(closing[0].service == std::string(search_service));
  // Bob's batch comes back after the round closed: too late, changes nothing.
  events_before = t.log.size();
  REQUIRE(t.run(result_of(third[0]), "", true).ok());
  CHECK(t.log.size() == events_before);
  t.settle();
  REQUIRE(t.round().resolved);
  auto& resolved = std::get<round_resolved>(t.log.back());
  CHECK(resolved.neighbours.size() == 2);
  CHECK_FALSE(resolved.neighbours.count("p1"));
  // The same nearest words as a round searched only at its end.
  table plain;
  REQUIRE(plain.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann2 = plain.join("Ann"), bob2 = plain.join("Bob"), cas2 = plain.join("Cas");
  REQUIRE(plain.run(R"({"type":"start"})", ann2).ok());
  // The same seeds, the same deal.
  REQUIRE(plain.round().dealt->seed == t.round().dealt->seed);
  REQUIRE(plain.round().dealt->public_cards == t.round().dealt->public_cards);
  REQUIRE(plain.run(plain.move_for("p1"), ann2).ok());
  REQUIRE(plain.run(plain.move_for("p2", "-", "+"), bob2).ok());
  REQUIRE(plain.run(plain.move_for("p3", "+", "-"), cas2).ok());
  REQUIRE(plain.round().resolved);
  for (auto id : {"p1", "p2", "p3"}) {
    REQUIRE(t.round().moves.at(id).around);
    CHECK(t.round().moves.at(id).around->nearest == plain.round().moves.at(id).around->nearest);
    CHECK(t.round().moves.at(id).around->target_rank ==
          plain.round().moves.at(id).around->target_rank);
  }
  CHECK(pending_effects(t.s).empty());

  // A big table searches a tenth of its seats at a time: 20 players, every second move.
  table big;
  REQUIRE(big.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  std::vector<std::string> seats;
  for (int i = 0; i < 20; ++i) seats.push_back(big.join("P" + std::to_string(i)));
  REQUIRE(big.run(R"({"type":"start"})", seats[0]).ok());
  REQUIRE(big.run(big.move_for("p1"), seats[0]).ok());
  CHECK(pending_effects(big.s).empty());
  REQUIRE(big.run(big.move_for("p2"), seats[1]).ok());
  REQUIRE(pending_effects(big.s).size() == 1);
  CHECK(pending_effects(big.s)[0].key == presearch_key(1, 0));
}
