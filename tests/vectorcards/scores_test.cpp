// Scores people understand: each played word's share of a score, players who did not move
// ranked last, everyone's move shown after the round, par beside jokers, jokers refused with
// their real reason.
#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/scoring.hpp"
#include "events/vectorcards/view.hpp"
#include "tests/vectorcards/match_table.hpp"

#include <simdjson.h>

#include <cmath>

using namespace wordhall;
using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::code_of;
using wordhall::vectorcards::testing::table;
using wordhall::vectorcards::testing::unit;

namespace {

double sum(const move_shares& s) { return s.start + s.public_card + s.private_card; }

}  // namespace

TEST_CASE("each word's share of a score: sᵢ·(v̂ᵢ·t̂)/‖v*‖, adding up to the score",
          "[vectorcards][scores]") {
  const double r3 = 1 / std::sqrt(3.0);
  struct case_ {
    const char* what;
    std::vector<float> start, pub, priv, target;
    int s1, s2;
    move_shares expected;
  };
  std::vector<case_> cases = {
      {"only the public card points at the target", {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 0},
       1, 1, {0, r3, 0}},
      {"a subtracted card that points at the target costs", {1, 0, 0}, {0, 1, 0}, {0, 0, 1},
       {0, 0, 1}, 1, -1, {0, 0, -r3}},
      {"a subtracted card that points away helps", {1, 0, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, 1,
       -1, {0, 0, r3}},
      {"the start's share is its own cosine over the length", {1, 0, 0}, {0, 1, 0}, {0, 0, 1},
       {1, 0, 0}, -1, 1, {r3, 0, 0}},
      // Lengths of the raw vectors do not count: every word enters as a unit vector.
      {"cards along the target", {1, 0, 0}, {3, 4, 0}, {0, 2, 0}, {0, 1, 0}, 1, 1,
       {0, 0.8 / std::sqrt(1.6 * 1.6 + 1.8 * 1.8), 1 / std::sqrt(1.6 * 1.6 + 1.8 * 1.8)}},
  };
  for (auto& c : cases) {
    INFO(c.what);
    auto start = unit(c.start), pub = unit(c.pub), priv = unit(c.priv), target = unit(c.target);
    auto parts = shares_of(start, c.s1, pub, c.s2, priv, target);
    CHECK(parts.start == Approx(c.expected.start).margin(1e-7));
    CHECK(parts.public_card == Approx(c.expected.public_card).margin(1e-7));
    CHECK(parts.private_card == Approx(c.expected.private_card).margin(1e-7));
    double score = cosine(move_vector(start, c.s1, pub, c.s2, priv), target);
    CHECK(std::fabs(sum(parts) - score) < 1e-12);
  }

  // Every move over the fixture's words: the shares add up to the move's own score.
  auto words = wordhall::vectorcards::testing::fixture_words();
  auto& deck = words->deck();
  for (size_t i = 0; i + 3 < 40; ++i)
    for (int s1 : {1, -1})
      for (int s2 : {1, -1}) {
        auto a = words->unit_vector(deck[i]), b = words->unit_vector(deck[i + 1]),
             c = words->unit_vector(deck[i + 2]), t = words->unit_vector(deck[i + 3]);
        double score = cosine(move_vector(a, s1, b, s2, c), t);
        CHECK(std::fabs(sum(shares_of(a, s1, b, s2, c, t)) - score) < 1e-12);
      }
}

TEST_CASE("a resolution records every move's shares; they add up to its score",
          "[vectorcards][scores]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob"), cas = t.join("Cas");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  REQUIRE(t.run(t.move_for("p1"), ann).ok());
  REQUIRE(t.run(t.move_for("p2", "-", "+"), bob).ok());
  REQUIRE(t.run(R"({"type":"resolve","round_id":"1"})", ann).ok());  // Cas did not move
  auto& shares = t.round().resolved->shares;
  REQUIRE(shares.size() == 2);
  CHECK_FALSE(shares.count("p3"));
  for (auto& [id, parts] : shares)
    CHECK(std::fabs(sum(parts) - t.round().moves.at(id).played.similarity) < 1e-12);
  // The view shows them on each row, null for the player who did not move.
  auto view = view_json(t.s, cas, false);
  simdjson::dom::parser parser;
  auto board = parser.parse(view)["round"]["results"]["leaderboard"].get_array().value();
  for (auto row : board) {
    std::string_view seat = row["player"].get_string().value();
    if (seat == "p3") {
      CHECK(row["shares"].is_null());
      continue;
    }
    auto parts = row["shares"].get_array().value();
    double total = 0;
    for (auto x : parts) total += x.get_double().value();
    CHECK(total == Approx(row["similarity"].get_double().value()).margin(1e-12));
  }

  // The journal keeps them; a resolution written before shares were recorded reads as none.
  for (auto& e : t.log) {
    auto encoded = encode_event(e);
    if (encoded.type != "vc.round_resolved") continue;
    event_envelope stored{encoded.type, encoded.version, 1, "id", 0, encoded.payload};
    auto back = decode_event(stored);
    REQUIRE(back.ok());
    CHECK(std::get<round_resolved>(*back).outcome.shares.size() == 2);
    auto at = encoded.payload.find(",\"shares\"");
    REQUIRE(at != std::string::npos);
    auto end = encoded.payload.find(",\"neighbours\"");
    stored.payload = encoded.payload.substr(0, at) + encoded.payload.substr(end);
    auto old = decode_event(stored);
    REQUIRE(old.ok());
    CHECK(std::get<round_resolved>(*old).outcome.shares.empty());
  }
}

TEST_CASE("a player who did not move never ranks above one who moved", "[vectorcards][scores]") {
  auto row = [](std::string player, double similarity, bool submitted) {
    result_row r;
    r.player = std::move(player);
    r.similarity = similarity;
    r.submitted = submitted;
    return r;
  };
  // p2 and p4 did not move: their start score (0.4) beats p1's and p3's moves, yet they rank
  // below them, sharing the rank after the movers.
  auto ranked = rank_rows({row("p1", 0.1, true), row("p2", 0.4, false), row("p3", -0.2, true),
                           row("p4", 0.4, false), row("p5", 0.9, true)},
                          {});
  std::vector<std::string> order;
  for (auto& r : ranked) order.push_back(r.player);
  CHECK(order == std::vector<std::string>{"p5", "p1", "p3", "p2", "p4"});
  CHECK(ranked[3].rank == 4);
  CHECK(ranked[4].rank == 4);
  CHECK(ranked[2].rank == 3);
  CHECK(ranked[3].points == 0);  // no points for sitting the round out
  CHECK(ranked[4].points == 0);
  CHECK(ranked[2].points == 3);

  // In a match: whoever did not move stands after every mover, whatever the scores.
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  // Ann's worst choice: subtract both cards.
  REQUIRE(t.run(t.move_for("p1", "-", "-"), ann).ok());
  REQUIRE(t.run(R"({"type":"resolve","round_id":"1"})", ann).ok());
  auto& results = t.round().resolved->results;
  REQUIRE(results.size() == 2);
  CHECK(results[0].player == "p1");
  CHECK(results[1].player == "p2");
  CHECK_FALSE(results[1].submitted);
  CHECK(results[1].similarity == t.round().dealt->base_similarity);
  CHECK(results[1].rank == 2);
}

TEST_CASE("after the round every move is everyone's; a joker's par never reads below its score",
          "[vectorcards][scores]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":1}})").ok());
  auto ann = t.join("Ann"), bob = t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  std::string joker = R"({"type":"submit","round_id":"1","public_token":")" +
                      t.round().dealt->public_cards[0] +
                      R"(","public_sign":"+","private_token":"JOKER","private_sign":"+",)"
                      R"("joker_override_token":"juice"})";
  // While the round runs, Bob sees nothing of Ann's move: no results yet.
  REQUIRE(t.run(joker, ann).ok());
  CHECK(view_json(t.s, bob, false).find("\"results\":null") != std::string::npos);
  REQUIRE(t.run(R"({"type":"resolve","round_id":"1"})", ann).ok());
  simdjson::dom::parser parser;
  auto view = view_json(t.s, bob, false);
  auto board = parser.parse(view)["round"]["results"]["leaderboard"].get_array().value();
  bool seen = false;
  for (auto row : board) {
    if (std::string_view(row["player"].get_string().value()) != "p1") {
      CHECK(row["private_token"].is_null());  // Bob did not move: nothing to show
      continue;
    }
    seen = true;
    CHECK(std::string_view(row["private_token"].get_string().value()) == "juice");
    CHECK(std::string_view(row["private_sign"].get_string().value()) == "+");
    CHECK(row["joker"].get_bool().value());
    // Every card was a joker, so the dealt cards have no par, and the row shows none ("–"), as
    // the page's line under it says, rather than the joker's own score.
    CHECK(row["par"].is_null());
  }
  CHECK(seen);

  // The card Ann held but did not play stays hers; the one she played is everyone's.
  table u;
  REQUIRE(u.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":0}})").ok());
  auto cas = u.join("Cas"), dan = u.join("Dan");
  REQUIRE(u.run(R"({"type":"start"})", cas).ok());
  auto hand = u.round().dealt->hands.at("p1");
  REQUIRE(hand.size() == 2);
  REQUIRE(u.run(u.move_for("p1"), cas).ok());
  REQUIRE(u.run(R"({"type":"resolve","round_id":"1"})", cas).ok());
  auto dans = view_json(u.s, dan, false);
  CHECK(dans.find("\"private_token\":\"" + hand[0].token + "\"") != std::string::npos);
  CHECK(dans.find("\"" + hand[1].token + "\"") == std::string::npos);
}

TEST_CASE("a joker that is the start or target word is refused, naming it",
          "[vectorcards][scores]") {
  table t;
  REQUIRE(t.run(R"({"type":"create","name":"x","settings":{"wildcard_ratio":1}})").ok());
  auto ann = t.join("Ann");
  t.join("Bob");
  REQUIRE(t.run(R"({"type":"start"})", ann).ok());
  std::string base = R"({"type":"submit","round_id":"1","public_token":")" +
                     t.round().dealt->public_cards[0] +
                     R"(","public_sign":"+","private_token":"JOKER","private_sign":"+")";
  struct case_ {
    std::string typed, word, role;
  };
  const std::string start = t.round().dealt->start, target = t.round().dealt->target;
  std::string shouted = target;
  for (char& c : shouted) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (auto& c : std::vector<case_>{{start, start, "start"},
                                    {target, target, "target"},
                                    {shouted, target, "target"}}) {
    INFO(c.typed);
    auto refused = t.run(base + R"(,"joker_override_token":")" + c.typed + "\"}", ann);
    CHECK(code_of(refused) == "joker_not_allowed");
    CHECK(refused.err().message.find("\"" + c.word + "\" is this round's " + c.role + " word") !=
          std::string::npos);
  }
  CHECK(t.round().moves.empty());
}
