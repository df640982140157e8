#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/game.hpp"
#include "events/vectorcards/resolution.hpp"
#include "events/vectorcards/rules.hpp"
#include "events/vectorcards/scoring.hpp"
#include "events/vectorcards/view.hpp"
#include "tests/vectorcards/match_table.hpp"

#include <simdjson.h>

#include <cmath>
#include <set>

using namespace wordhall;
using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::code_of;
using wordhall::vectorcards::testing::table;

TEST_CASE("a match: lobby, host start, moves, resolution when all moved, next round, end",
          "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"Friday","settings":{"rounds":2,"wildcard_ratio":0}})").ok());
  CHECK(code_of(t.run(R"({"type":"create","name":"again"})")) == "already_created");
  auto ann = t.join("Ann"), bob = t.join("Bob"), cas = t.join("Cas");
  CHECK(code_of(t.run(R"({"type":"join","player_name":"ann"})")) == "name_taken");
  CHECK(code_of(t.run(R"({"type":"join","player_name":"   "})")) == "name_empty");
  // Invisible characters do not make a new name: "Ann" plus a zero-width space is Ann.
  CHECK(code_of(t.run(R"({"type":"join","player_name":"Ann\u200b"})")) == "name_taken");
  CHECK(code_of(t.run(R"({"type":"join","player_name":"\u202e"})")) == "name_empty");
  CHECK(t.s.players[0].host);
  CHECK_FALSE(t.s.players[1].host);
  CHECK(code_of(t.run(R"({"type":"start"})", bob)) == "not_host");
  CHECK(code_of(t.run(R"({"type":"start"})", "stranger")) == "not_a_player");
  auto started = t.run(R"({"type":"start"})", ann);
  REQUIRE(started.ok());
  CHECK(started->find("\"round_state\"") != std::string::npos);
  CHECK(code_of(t.run(R"({"type":"start"})", ann)) == "already_started");
  CHECK(t.s.status == "in_progress");
  REQUIRE(t.round().dealt->hands.size() == 3);
  CHECK(code_of(t.run(R"({"type":"next"})", ann)) == "round_open");

  // Wrong moves change nothing.
  size_t events_before = t.log.size();
  std::string m = t.move_for("p1");
  auto wrong_card = m;
  wrong_card.replace(wrong_card.find(t.round().dealt->public_cards[0]),
                     t.round().dealt->public_cards[0].size(), "stone_not_dealt");
  CHECK(code_of(t.run(wrong_card, ann)) == "not_your_card");
  auto other_hand = t.move_for("p2");  // Bob's private card is not Ann's
  CHECK(code_of(t.run(other_hand, ann)) == "not_your_card");
  auto bad_sign = t.move_for("p1", "*");
  CHECK(code_of(t.run(bad_sign, ann)) == "bad_sign");
  auto wrong_round = m;
  wrong_round.replace(wrong_round.find("\"round_id\":\"1\""), 14, "\"round_id\":\"7\"");
  CHECK(code_of(t.run(wrong_round, ann)) == "round_not_current");
  CHECK(code_of(t.run(m, "stranger")) == "not_a_player");
  CHECK(t.log.size() == events_before);

  auto reply = t.run(m, ann);
  REQUIRE(reply.ok());
  auto& made = t.round().moves.at("p1");
  // The recorded score is the formula on the dealt words.
  auto& w = *t.env.words;
  auto expected = cosine(move_vector(w.unit_vector(t.round().dealt->start), 1,
                                     w.unit_vector(made.played.public_token), 1,
                                     w.unit_vector(made.played.private_token)),
                         w.unit_vector(t.round().dealt->target));
  CHECK(made.played.similarity == Approx(expected).epsilon(1e-12));
  CHECK(reply->find("\"rank_preview\":1") != std::string::npos);
  // The nearest word waits for the round's resolution.
  CHECK_FALSE(made.around);
  CHECK(reply->find("\"nearest_token\":null") != std::string::npos);
  CHECK(code_of(t.run(m, ann)) == "already_submitted");
  REQUIRE(t.run(t.move_for("p2", "-", "+"), bob).ok());
  CHECK_FALSE(t.round().resolved);
  REQUIRE(t.run(t.move_for("p3", "+", "-"), cas).ok());
  REQUIRE(t.round().resolved);  // the last move resolved the round
  CHECK(t.round().resolved->reason == "all_submitted");
  auto& rows = t.round().resolved->results;
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].similarity >= rows[1].similarity);
  CHECK(rows[1].similarity >= rows[2].similarity);
  CHECK(t.round().resolved->picture.players.size() == 3);
  // Every move has its nearest word now: never the start, target or the cards played.
  for (auto& [id, done] : t.round().moves) {
    REQUIRE(done.around);
    for (auto& x : {t.round().dealt->start, t.round().dealt->target, done.played.public_token,
                    done.played.private_token})
      CHECK(done.around->nearest != x);
  }
  CHECK(code_of(t.run(t.move_for("p1"), ann)) == "round_closed");
  // Anyone may read the leaderboard of a resolved round; that appends nothing.
  events_before = t.log.size();
  auto board = t.run(R"({"type":"resolve","round_id":"1"})", bob);
  REQUIRE(board.ok());
  CHECK(board->find("\"leaderboard\"") != std::string::npos);
  CHECK(t.log.size() == events_before);

  CHECK(code_of(t.run(R"({"type":"next"})", bob)) == "not_host");
  auto round1 = t.round().dealt;
  REQUIRE(t.run(R"({"type":"next"})", ann).ok());
  CHECK(t.round().dealt->round == 2);
  CHECK((t.round().dealt->public_cards != round1->public_cards || t.round().dealt->start != round1->start));
  // The host ends round 2 early: nobody moved, so everyone scores cos(start, target).
  CHECK(code_of(t.run(R"({"type":"resolve","round_id":"2"})", bob)) == "not_host");
  REQUIRE(t.run(R"({"type":"resolve","round_id":"2"})", ann).ok());
  for (auto& row : t.round().resolved->results) {
    CHECK_FALSE(row.submitted);
    CHECK(row.similarity == t.round().dealt->base_similarity);
    CHECK(row.rank == 1);  // all equal: a shared win
  }
  CHECK(t.s.status == "done");
  CHECK(t.s.final_standings.size() == 3);
  CHECK(code_of(t.run(R"({"type":"next"})", ann)) == "match_finished");
  CHECK(code_of(t.run(R"({"type":"join","player_name":"Late"})")) == "match_finished");
  // Match score: round points summed.
  int64_t total = 0;
  for (auto& p : t.s.players) total += p.points;
  CHECK(total == 6);  // round 1: 3+2+1 (no ties in practice); round 2, nobody moved: none
}

TEST_CASE("nearest words: every move's searched together at resolution, as each alone would be",
          "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob"), cas = t.join("Cas");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  const word_space& w = *t.env.words;

  // A submit that asks (as REST does) has its nearest word at once, in the reply and the event.
  auto asked = t.move_for("p1");
  asked.insert(asked.size() - 1, R"(,"nearest_now":true)");
  auto ann_reply = t.run(asked, ann);
  REQUIRE(ann_reply.ok());
  REQUIRE(t.round().moves.at("p1").around);
  auto ann_found = *t.round().moves.at("p1").around;
  CHECK(ann_reply->find("\"nearest_token\":\"" + ann_found.nearest + "\"") != std::string::npos);
  CHECK(std::get<move_submitted>(t.log.back()).made.around.has_value());
  auto not_bool = t.move_for("p2");
  not_bool.insert(not_bool.size() - 1, R"(,"nearest_now":"yes")");
  CHECK(code_of(t.run(not_bool, bob)) == "bad_field");

  // The others wait for the resolution. The last move closes the round: no more moves, and
  // its search is an effect the platform runs; its outcome resolves the round.
  REQUIRE(t.run(t.move_for("p2", "-", "+"), bob).ok());
  CHECK_FALSE(t.round().moves.at("p2").around);
  CHECK_FALSE(std::get<move_submitted>(t.log.back()).made.around.has_value());
  t.run_effects = false;
  auto cas_reply = t.run(t.move_for("p3", "+", "-"), cas);
  REQUIRE(cas_reply.ok());
  CHECK(cas_reply->find("\"nearest_token\":null") != std::string::npos);
  CHECK_FALSE(t.round().resolved);
  CHECK(t.round().closing == "all_submitted");
  CHECK(std::get<round_closed>(t.log.back()).reason == "all_submitted");
  auto effects = pending_effects(t.s);
  REQUIRE(effects.size() == 1);
  CHECK(effects[0].service == std::string(search_service));
  CHECK(effects[0].key == search_key(1));
  CHECK(code_of(t.run(t.move_for("p1"), ann)) == "round_closed");
  // The state says so after a snapshot too.
  auto decoded = decode_state(encode_state(t.s));
  REQUIRE(decoded.ok());
  CHECK(decoded->rounds.back().closing == "all_submitted");
  // Nothing else may end it meanwhile: no deadline, and a late deadline command changes nothing.
  t.now = t.round().dealt->deadline_ms + 1;
  CHECK(code_of(t.run(R"({"type":"deadline"})", "", true)) == "not_due");
  CHECK(code_of(t.run(R"({"type":"effect_result","key":"search/9","ok":true,"result":{}})", "",
                      true)) == "unknown_effect");
  CHECK(code_of(t.run(R"({"type":"effect_result","key":"search/1","ok":false})", ann)) ==
        "unknown_command");
  t.settle();
  REQUIRE(t.round().resolved);
  CHECK(t.round().resolved->reason == "all_submitted");
  CHECK(pending_effects(t.s).empty());
  auto& resolved = std::get<round_resolved>(t.log.back());
  CHECK(resolved.neighbours.size() == 2);  // Bob's and Cas's; Ann's was found at her submit
  CHECK_FALSE(resolved.neighbours.count("p1"));
  CHECK(t.round().moves.at("p1").around->nearest == ann_found.nearest);
  CHECK(resolved.outcome.picture.players.size() == 3);

  // What the resolution found for each move is what a search of that move alone finds.
  const deal& d = *t.round().dealt;
  for (auto& [id, m] : t.round().moves) {
    INFO(id);
    auto direction = move_vector(w.unit_vector(d.start), sign_value(m.played.public_sign),
                                 w.unit_vector(m.played.public_token),
                                 sign_value(m.played.private_sign),
                                 w.unit_vector(m.played.private_token));
    auto alone = w.neighbours({{direction, exclusions(t.s.config, d, m.played)}}, d.target, false);
    REQUIRE(m.around);
    CHECK(m.around->nearest == alone[0].nearest);
    CHECK(m.around->nearest_similarity == alone[0].nearest_similarity);
    CHECK(m.around->target_rank == alone[0].target_rank);
  }
  // The leaderboard shows every mover's nearest word and target rank.
  auto board = t.run(R"({"type":"resolve","round_id":"1"})", bob);
  REQUIRE(board.ok());
  for (auto& [id, m] : t.round().moves)
    CHECK(board->find("\"nearest_token\":\"" + m.around->nearest + "\"") != std::string::npos);
  CHECK(board->find("\"target_rank\":null") == std::string::npos);
}

TEST_CASE("deadlines resolve a round; a player without a move scores cos(start, target)",
          "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"round_timeout_secs":30,"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann");
  t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  CHECK(t.round().dealt->deadline_ms == t.now + 30'000);
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  CHECK(code_of(t.run(R"({"type":"deadline"})", "", true)) == "not_due");
  CHECK(code_of(t.run(R"({"type":"deadline"})", ann, false)) == "unknown_command");
  t.now += 30'000;
  REQUIRE(t.run(R"({"type":"deadline"})", "", true).ok());
  REQUIRE(t.round().resolved);
  CHECK(t.round().resolved->reason == "deadline");
  for (auto& row : t.round().resolved->results)
    if (row.player == "p2") {
      CHECK_FALSE(row.submitted);
      CHECK(row.similarity == t.round().dealt->base_similarity);
    }
  // Someone joining mid-round plays from the next round.
  REQUIRE(t.run(R"({"type":"next"})", ann).ok());
  auto late = t.join("Late");
  CHECK(code_of(t.run(t.move_for("p1"), late)) == "not_dealt_in");
}

TEST_CASE("a deadline while the vectors load closes the round; its search waits for them",
          "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"round_timeout_secs":30,"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann");
  t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  // A restart: the deadline passed while the server was down and fires before the vectors load.
  auto words = t.env.words;
  t.env.words = nullptr;
  t.run_effects = false;
  t.now += 30'000;
  REQUIRE(t.run(R"({"type":"deadline"})", "", true).ok());
  CHECK_FALSE(t.round().resolved);
  CHECK(t.round().closing == "deadline");
  // The search runs once they have loaded, and finds Ann's nearest word.
  t.env.words = words;
  t.settle();
  REQUIRE(t.round().resolved);
  CHECK(t.round().resolved->reason == "deadline");
  REQUIRE(t.round().moves.at("p1").around);
  CHECK_FALSE(t.round().moves.at("p1").around->nearest.empty());
  CHECK(t.round().resolved->picture.players.count("p1") == 1);

  // Where there are no vectors at all, the search fails and the round resolves without them.
  REQUIRE(t.run(R"({"type":"next"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  t.env.words = nullptr;
  t.now += 30'000;
  REQUIRE(t.run(R"({"type":"deadline"})", "", true).ok());
  t.settle();
  REQUIRE(t.round().resolved);
  CHECK_FALSE(t.round().moves.at("p1").around);
}

TEST_CASE("jokers take any known, allowed word; others get a clear error", "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":1,"stake":true}})").ok());
  auto ann = t.join("Ann");
  t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  auto& hand = t.round().dealt->hands.at("p1");
  REQUIRE(hand[0].joker);
  std::string base = R"({"type":"submit","round_id":"1","public_token":")" +
                     t.round().dealt->public_cards[0] +
                     R"(","public_sign":"+","private_token":"JOKER","private_sign":"+")";
  CHECK(code_of(t.run(base + "}", ann)) == "joker_word_required");
  auto unknown = t.run(base + R"(,"joker_override_token":"aple"})", ann);
  CHECK(code_of(unknown) == "unknown_word");
  CHECK(unknown.err().message.find("apple") != std::string::npos);  // a suggestion
  CHECK(code_of(t.run(base + R"(,"joker_override_token":"badword"})", ann)) == "blocked_word");
  CHECK(code_of(t.run(base + R"(,"joker_override_token":")" + t.round().dealt->target + "\"}", ann)) ==
        "joker_not_allowed");
  CHECK(code_of(t.run(base + R"(,"joker_override_token":"juice","stake":101})", ann)) == "bad_field");
  REQUIRE(t.run(base + R"(,"joker_override_token":"Juice","stake":60})", ann).ok());
  auto& made = t.round().moves.at("p1");
  CHECK(made.joker);
  CHECK(made.played.private_token == "juice");
  CHECK(made.stake == 60);
  REQUIRE(t.run(R"({"type":"resolve","round_id":"1"})", ann).ok());
  for (auto& row : t.round().resolved->results)
    if (row.player == "p1")
      CHECK(row.stake_reward.value() == Approx(1.0 - std::fabs(0.6 - made.played.similarity)));
  CHECK(t.s.players[0].stake_total != 0.0);
}

TEST_CASE("views: own cards only; events replay to the same state; the codec round-trips",
          "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  auto slot = std::make_shared<word_space_slot>();
  auto g = make_game(slot, {});
  // Live state through the codec: encode, decode, encode again gives the same text.
  auto text = encode_state(t.s);
  auto decoded = decode_state(text);
  REQUIRE(decoded.ok());
  CHECK(encode_state(*decoded) == text);
  // Replaying the encoded events through the game interface (no words needed) rebuilds it.
  auto replayed = g->initial_state();
  uint64_t seq = 0;
  for (auto& e : t.log) {
    auto encoded = encode_event(e);
    REQUIRE(g->apply(*replayed, event_envelope{encoded.type, encoded.version, ++seq, "id", 0,
                                               encoded.payload}).ok());
  }
  CHECK(g->encode_state(*replayed) == text);
  // Bob's view shows his cards and never Ann's private ones; a stranger sees no hand at all.
  auto bob_view = g->view(*replayed, viewer{bob, false});
  for (auto& c : t.round().dealt->hands.at("p2")) CHECK(bob_view.find(c.token) != std::string::npos);
  for (auto& c : t.round().dealt->hands.at("p1")) {
    bool also_bobs_or_public = false;
    for (auto& b : t.round().dealt->hands.at("p2")) also_bobs_or_public |= b.token == c.token;
    for (auto& p : t.round().dealt->public_cards) also_bobs_or_public |= p == c.token;
    if (!also_bobs_or_public) CHECK(bob_view.find("\"" + c.token + "\"") == std::string::npos);
  }
  auto stranger = g->view(*replayed, viewer{"", false});
  CHECK(stranger.find("\"private_cards\":[]") != std::string::npos);
  // Ann's move stays hers until the results.
  CHECK(g->view(*replayed, viewer{ann, false}).find("\"your_move\":{") != std::string::npos);
  CHECK(bob_view.find("\"your_move\":null") != std::string::npos);
  // Without words, a move cannot be scored: a clear error, nothing appended.
  t.env.words = nullptr;
  CHECK(code_of(t.run(t.move_for("p2"), bob)) == "embeddings_unavailable");
}

TEST_CASE("an update's views and events, rendered together, are each viewer's own",
          "[vectorcards][game]") {
  table t;
  auto g = make_game(std::make_shared<word_space_slot>(), {});
  auto same = [&] {
    std::vector<viewer> who{viewer{"", false}, viewer{"stranger", false}};
    for (auto& p : t.s.players) who.push_back(viewer{p.digest, false});
    auto boxed = g->initial_state();
    std::vector<event_envelope> stored;
    for (auto& e : t.log) {
      auto encoded = encode_event(e);
      stored.push_back(event_envelope{encoded.type, encoded.version, stored.size() + 1, "id", 0,
                                      encoded.payload});
      REQUIRE(g->apply(*boxed, stored.back()).ok());
    }
    auto together = g->views(*boxed, who);
    REQUIRE(together.size() == who.size());
    for (size_t i = 0; i < who.size(); ++i) CHECK(together[i] == g->view(*boxed, who[i]));
    for (auto& e : stored) {
      auto seen = g->visible_events(*boxed, e, who);
      REQUIRE(seen.size() == who.size());
      for (size_t i = 0; i < who.size(); ++i) CHECK(seen[i] == g->visible_event(*boxed, e, who[i]));
    }
  };
  t.run_presearches = true;  // their findings are each author's own too
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0,"stake":true}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob");
  same();
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  auto staked = t.move_for("p1");
  staked.insert(staked.size() - 1, R"(,"stake":30)");
  REQUIRE(t.run(staked, ann).ok());
  REQUIRE(std::holds_alternative<moves_searched>(t.log.back()));
  same();
  REQUIRE(t.run(t.move_for("p2", "-", "-"), bob).ok());
  REQUIRE(t.round().resolved);
  same();  // the leaderboard marks each viewer's own row
}

TEST_CASE("settings are checked", "[vectorcards][game]") {
  table t;
  CHECK(code_of(t.run(R"({"type":"create","name":"x","settings":{"rounds":0}})")) == "bad_settings");
  CHECK(code_of(t.run(R"({"type":"create","name":"x","settings":{"n_public":"ten"}})")) == "bad_settings");
  CHECK(code_of(t.run(R"({"type":"create","name":"x","settings":{"nearest_vocab":"all"}})")) == "bad_settings");
  CHECK(code_of(t.run(R"({"type":"create","name":"x","settings":{"colour":"red"}})")) == "bad_settings");
  CHECK(code_of(t.run(R"({"type":"create","name":"x","settings":{"theme":"space"}})")) == "bad_settings");
  CHECK(code_of(t.run(R"({"type":"create","name":""})")) == "name_empty");
  CHECK(code_of(t.run(R"({"type":"join","player_name":"Ann"})")) == "no_such_match");
  CHECK(code_of(t.run(R"({"type":"dance"})")) == "no_such_match");
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"max_players":1}})").ok());
  CHECK(code_of(t.run(R"({"type":"dance"})")) == "unknown_command");
  t.join("Ann");
  CHECK(code_of(t.run(R"({"type":"join","player_name":"Bob"})")) == "match_full");
}

TEST_CASE("a closing round whose search failed resolves without nearest words",
          "[vectorcards][game]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0,"rounds":1}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  t.run_effects = false;
  REQUIRE(t.run(t.move_for("p2", "-", "-"), bob).ok());
  REQUIRE(t.round().closing == "all_submitted");
  REQUIRE(t.run(R"({"type":"effect_result","key":"search/1","ok":false,"error":{"code":"embeddings_unavailable","message":"gone"}})",
                "", true).ok());
  REQUIRE(t.round().resolved);
  CHECK(t.round().resolved->results.size() == 2);
  CHECK(t.round().resolved->picture.players.empty());
  CHECK_FALSE(t.round().moves.at("p1").around);
  CHECK(t.s.status == "done");  // its only round: the match ends with it
}

namespace {

// The array at `pointer` in `doc`, empty (and failing the test) where there is none.
simdjson::dom::array array_at(simdjson::dom::element doc, std::string_view pointer) {
  simdjson::dom::array out;
  CHECK(doc.at_pointer(pointer).get(out) == simdjson::SUCCESS);
  return out;
}

bool has(simdjson::dom::element object, std::string_view key) {
  return object[key].error() == simdjson::SUCCESS;
}

}  // namespace

TEST_CASE("a view says each thing once: names and scores in players, stakes only when played",
          "[vectorcards][game]") {
  for (bool stake : {false, true}) {
    INFO("stake " << stake);
    table t;
    REQUIRE(t.run(std::string(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0,"stake":)") +
                  (stake ? "true" : "false") + "}}").ok());
    auto ann = t.join("Ann"), bob = t.join("Bob");
    REQUIRE(t.run(R"({"type":"start"})", ann).ok());
    REQUIRE(t.run(t.move_for("p1"), ann).ok());
    REQUIRE(t.run(t.move_for("p2", "-", "-"), bob).ok());
    REQUIRE(t.round().resolved);

    simdjson::dom::parser parser;
    std::string view = view_json(t.s, ann, false);
    simdjson::dom::element v;
    REQUIRE(parser.parse(view).get(v) == simdjson::SUCCESS);
    for (auto p : array_at(v, "/players")) {
      CHECK(has(p, "name"));
      CHECK(has(p, "score"));
      CHECK(has(p, "points") == stake);
      CHECK(has(p, "stake_total") == stake);
    }
    for (auto row : array_at(v, "/round/results/leaderboard")) {
      CHECK_FALSE(has(row, "name"));
      CHECK(has(row, "stake") == stake);
      CHECK(has(row, "stake_reward") == stake);
    }
    auto standings = array_at(v, "/standings");
    CHECK(standings.size() == 2);
    for (auto row : standings) {
      CHECK(has(row, "rank"));
      CHECK_FALSE(has(row, "name"));
      CHECK_FALSE(has(row, "score"));
    }
    // The picture's coordinates have at most four decimals.
    for (auto p : array_at(v, "/round/results/projection/players")) {
      double x = 0;
      REQUIRE(p["x"].get(x) == simdjson::SUCCESS);
      CHECK(std::abs(x * 1e4 - std::round(x * 1e4)) < 1e-6);
    }

    // Rows that stand alone (REST round_state and the resolve reply) name their players.
    simdjson::dom::parser alone_parser;
    std::string round = round_json(t.s, t.round(), ann, false);
    simdjson::dom::element r;
    REQUIRE(alone_parser.parse(round).get(r) == simdjson::SUCCESS);
    std::set<std::string> names;
    for (auto row : array_at(r, "/results/leaderboard")) {
      std::string_view name;
      REQUIRE(row["name"].get(name) == simdjson::SUCCESS);
      names.insert(std::string(name));
    }
    CHECK(names == std::set<std::string>{"Ann", "Bob"});
  }
}
