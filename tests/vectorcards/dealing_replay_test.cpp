// Rounds dealt before the curated dealing replay with exactly the cards they were dealt: a
// deal is recorded whole in vc.round_started, so a replay never deals again.
#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/game.hpp"
#include "tests/vectorcards/deal_fixture.hpp"
#include "tests/vectorcards/match_table.hpp"

using namespace wordhall;
using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::table;

TEST_CASE("a match dealt the classic way replays its old cards on a server that curates",
          "[vectorcards][dealing][events]") {
  table t;
  const std::string create = R"({"type":"create","name":"old","settings":)"
                             R"({"rounds":2,"wildcard_ratio":0,"dealing":"classic"}})";
  REQUIRE(t.run(create).ok());
  auto ann = t.join("Ann");
  t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  const deal dealt = *t.round().dealt;

  // The journal as a server before curated dealing wrote it: settings without the dealing's.
  std::vector<event_envelope> journal;
  uint64_t seq = 0;
  for (auto& e : t.log) {
    auto encoded = encode_event(e);
    if (encoded.type == "vc.match_created") {
      const std::string added =
          R"(,"dealing":"classic","pair_band_low":0.1,"pair_band_high":0.35,"explain_min":0.3)";
      auto at = encoded.payload.find(added);
      REQUIRE(at != std::string::npos);
      encoded.payload.erase(at, added.size());
    }
    journal.push_back(
        event_envelope{encoded.type, encoded.version, ++seq, "id", 0, encoded.payload});
  }

  // Today's server: the curated word space, whose dealing would deal other cards.
  auto slot = std::make_shared<word_space_slot>();
  slot->set(wordhall::vectorcards::testing::role_words());
  auto g = make_game(slot, {});
  auto replayed = g->initial_state();
  for (auto& e : journal) REQUIRE(g->apply(*replayed, e).ok());
  auto s = decode_state(g->encode_state(*replayed));
  REQUIRE(s.ok());
  REQUIRE(s->rounds.size() == 1);
  const deal& again = *s->rounds[0].dealt;
  CHECK(again.start == dealt.start);
  CHECK(again.target == dealt.target);
  CHECK(again.public_cards == dealt.public_cards);
  for (auto& [seat, hand] : dealt.hands) {
    REQUIRE(again.hands.at(seat).size() == hand.size());
    for (size_t i = 0; i < hand.size(); ++i) CHECK(again.hands.at(seat)[i].token == hand[i].token);
    CHECK(again.par.at(seat)->similarity == dealt.par.at(seat)->similarity);
  }
  CHECK(s->rounds[0].moves.count("p1"));
  // The player sees those cards.
  auto view = g->view(*replayed, viewer{ann, false});
  for (auto& card : dealt.public_cards)
    CHECK(view.find("\"token\":\"" + card + "\"") != std::string::npos);
}
