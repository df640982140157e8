// Vector cards through its REST routes and the real binary: without word vectors (a match
// gathers but cannot start), then with the default ones: a match of three players and a latecomer
// (errors with their statuses, private cards kept private, results, the next round, a host's
// early resolve), and jokers and stakes in a one-round match.
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/vectorcards_rest.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

// Every string value in `e` that could be a word of the game: not under a key whose values are
// names or states ("phase":"playing"), and not in the settings (whose exclusions are words too).
void collect_words(simdjson::dom::element e, std::set<std::string>& out) {
  static const std::set<std::string_view> not_words = {
      "game", "name", "status", "settings", "player", "round_id", "phase", "type",
      "reason", "label", "label_en"};
  if (e.is_string()) {
    out.emplace(std::string_view(e.get_string().value()));
  } else if (e.is_array()) {
    for (auto item : e.get_array()) collect_words(item, out);
  } else if (e.is_object()) {
    for (auto field : e.get_object())
      if (!not_words.count(field.key)) collect_words(field.value, out);
  }
}

std::set<std::string> words_in(const std::string& body) {
  std::set<std::string> out;
  collect_words(json_probe(body).root(), out);
  return out;
}

}  // namespace

TEST_CASE("vector cards REST: without word vectors a match gathers but cannot start (503)",
          "[integration][vectorcards]") {
  temp_dir dir;
  server_process server(dir.path(), "", {"--vectors", dir.path() + "/none.whv"});
  rest_client c{server.port(), {}};
  const std::string match = create_match(c, "{}");
  seat ann = join(c, match, "Ann");
  check_refused(c.post("/match/" + match + "/start", with_player(ann.id)), 503,
                "embeddings_unavailable");
  json_probe view(c.get("/match/" + match + "?player_id=" + ann.id).body);
  CHECK(view.str("/status") == "lobby");
  CHECK(view.str("/you/name") == "Ann");
  CHECK(view.at("/round").is_null());
}

TEST_CASE("vector cards REST: a match of three from create to the second round",
          "[integration][vectorcards]") {
  auto flags = default_word_flags();
  if (!flags) return;
  temp_dir dir;
  server_process server(dir.path(), "", *flags);
  wait_until_ready(server.port());
  rest_client c{server.port(), {}};

  // Malformed requests are refused before any match exists.
  check_refused(c.post("/match", "{not json"), 400, "bad_json");
  check_refused(c.post("/match", "[1,2]"), 400, "bad_json");
  check_refused(c.post("/match", R"({"name":""})"), 400, "name_empty");
  check_refused(c.post("/match", R"({"name":"x","settings":{"rounds":0}})"), 400, "bad_settings");
  check_refused(c.get("/match/nosuchmatch1?player_id=x"), 404, "no_such_match");
  CHECK(c.post("/match/nosuchmatch1/join", R"({"player_name":"Ann"})").status == 404);

  // Jokers off, so every private card can be played as dealt.
  const std::string match = create_match(c, R"({"rounds":3,"wildcard_ratio":0})");
  const std::string base = "/match/" + match;
  check_refused(c.get(round_url(match, "")), 404, "no_round");
  check_refused(c.post(base + "/join", "{oops"), 400, "bad_json");

  seat ann = join(c, match, "Ann");
  seat bob = join(c, match, "Bob");
  auto cy_joined = c.post(base + "/join", R"({"player_name":"Cy"})");
  REQUIRE(cy_joined.status == 200);
  json_probe cy_reply(cy_joined.body);
  seat cy{cy_reply.str("/player_id"), cy_reply.str("/player")};
  const std::string base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  for (auto* s : {&ann, &bob, &cy}) {
    CHECK(s->id.size() == 22);
    CHECK(s->id.find_first_not_of(base62) == std::string::npos);
  }
  CHECK(ann.player == "p1");
  CHECK(cy.player == "p3");
  CHECK(cy_reply.at("/lobby_state/players").get_array().size() == 3);
  CHECK(cy_reply.str("/lobby_state/players/0/name") == "Ann");
  CHECK(cy_reply.at("/lobby_state/players/0/host").get_bool().value());
  CHECK(cy_reply.str("/lobby_state/you/player") == "p3");
  CHECK(cy_reply.str("/lobby_state/status") == "lobby");
  check_refused(c.post(base + "/join", R"({"player_name":"ann"})"), 409, "name_taken");

  // Only the host starts, and only with a body naming a player.
  check_refused(c.post(base + "/start", with_player(bob.id)), 403, "not_host");
  check_refused(c.post(base + "/start", with_player("forgedforgedforgedforg")), 403,
                "not_a_player");
  check_refused(c.post(base + "/start", "{}"), 400, "bad_field");

  auto started = c.post(base + "/start", with_player(ann.id));
  INFO(started.body);
  REQUIRE(started.status == 200);
  json_probe first(started.body);
  CHECK(first.str("/round_state/round_id") == "1");
  CHECK(first.str("/round_state/phase") == "playing");
  auto publics = tokens(first, "/round_state/public_cards");
  CHECK(publics.size() == 10);
  CHECK(std::set<std::string>(publics.begin(), publics.end()).size() == 10);
  CHECK(tokens(first, "/round_state/private_cards").size() == 2);
  check_refused(c.post(base + "/start", with_player(ann.id)), 409, "already_started");

  // Each player sees their own two cards and nobody else's, in the round and in the view.
  std::map<std::string, std::vector<std::string>> hands;
  for (auto* s : {&ann, &bob, &cy}) {
    auto r = c.get(round_url(match, s->id));
    REQUIRE(r.status == 200);
    json_probe p(r.body);
    hands[s->id] = tokens(p, "/round_state/private_cards");
    CHECK(hands[s->id].size() == 2);
    CHECK(tokens(p, "/round_state/public_cards") == publics);
    CHECK(p.at("/round_state/dealt_in").get_bool().value());
  }
  CHECK(hands[ann.id] == tokens(first, "/round_state/private_cards"));
  for (auto* viewer : {&ann, &bob, &cy}) {
    const auto& own = hands[viewer->id];
    for (auto target : {round_url(match, viewer->id), base + "?player_id=" + viewer->id}) {
      auto body = c.get(target).body;
      auto shown = words_in(body);
      for (auto& card : own) CHECK(shown.count(card));  // the check can see cards
      for (auto& [owner, hand] : hands) {
        if (owner == viewer->id) continue;
        for (auto& card : hand)
          if (std::find(own.begin(), own.end(), card) == own.end()) {
            INFO(target << " shows " << card << ": " << body);
            CHECK_FALSE(shown.count(card));
          }
      }
    }
  }
  json_probe spectator(c.get(round_url(match, "")).body);
  CHECK(spectator.at("/round_state/private_cards").get_array().size() == 0);

  const std::string submit1 = base + "/round/1/submit", submit2 = base + "/round/2/submit";

  // A player who joins during a round plays from the next one.
  seat dee = join(c, match, "Dee");
  json_probe dee_view(c.get(round_url(match, dee.id)).body);
  CHECK_FALSE(dee_view.at("/round_state/dealt_in").get_bool().value());
  CHECK(dee_view.at("/round_state/private_cards").get_array().size() == 0);
  check_refused(c.post(submit1, submit_body(dee.id, publics[0], "+", hands[ann.id][0], "+")), 409,
                "not_dealt_in");

  // Moves that are refused change nothing.
  const std::string ann_card = hands[ann.id][0];
  auto ann_plays = [&](const std::string& sign, const std::string& card) {
    return submit_body(ann.id, publics[0], sign, card, "+");
  };
  check_refused(c.post(submit1, ann_plays("+", publics[1])), 422, "not_your_card");
  check_refused(c.post(submit1, ann_plays("*", ann_card)), 400, "bad_sign");
  check_refused(c.post(submit2, ann_plays("+", ann_card)), 409, "round_not_current");
  check_refused(c.post(submit1, "[]"), 400, "bad_json");
  check_refused(c.post(submit1, submit_body("", publics[0], "+", ann_card, "+")), 403,
                "not_a_player");

  auto moved = c.post(submit1, submit_body(ann.id, publics[0], "+", ann_card, "-"));
  INFO(moved.body);
  REQUIRE(moved.status == 200);
  json_probe ann_move(moved.body);
  double ann_similarity = number(ann_move, "/similarity");
  CHECK(ann_similarity >= -1.0);
  CHECK(ann_similarity <= 1.0);
  CHECK_FALSE(ann_move.str("/nearest_token").empty());
  CHECK(ann_move.num("/rank_preview") == 1);
  check_refused(c.post(submit1, submit_body(ann.id, publics[1], "+", hands[ann.id][1], "+")), 409,
                "already_submitted");

  json_probe waiting(c.get(round_url(match, ann.id)).body);
  CHECK(waiting.str("/round_state/phase") == "playing");
  CHECK(waiting.str("/round_state/your_move/private_token") == ann_card);
  CHECK(number(waiting, "/round_state/your_move/similarity") == ann_similarity);
  json_probe bob_waits(c.get(round_url(match, bob.id)).body);
  CHECK(bob_waits.at("/round_state/your_move").is_null());

  auto bob_moved = c.post(submit1, submit_body(bob.id, publics[1], "-", hands[bob.id][1], "+"));
  REQUIRE(bob_moved.status == 200);
  auto cy_moved = c.post(submit1, submit_body(cy.id, publics[2], "+", hands[cy.id][0], "+"));
  REQUIRE(cy_moved.status == 200);

  // The last move resolved the round.
  json_probe results(c.get(round_url(match, bob.id)).body);
  CHECK(results.str("/round_state/phase") == "results");
  CHECK(results.str("/round_state/results/reason") == "all_submitted");
  auto board = results.at("/round_state/results/leaderboard").get_array();
  REQUIRE(board.size() == 3);
  double previous = 2.0;
  int64_t previous_rank = 0;
  for (auto row : board) {
    double similarity = row["similarity"].get_double().value();
    int64_t rank = row["rank"].get_int64().value();
    CHECK(similarity <= previous);
    CHECK(rank >= previous_rank);
    CHECK(row["submitted"].get_bool().value());
    CHECK(row["private_token"].is_string());  // after the round every move is everyone's
    bool you = !row["you"].error();
    CHECK(you == (std::string_view(row["player"].get_string().value()) == bob.player));
    previous = similarity;
    previous_rank = rank;
  }
  CHECK(board.at(0)["rank"].get_int64().value() == 1);
  json_probe view(c.get(base + "?player_id=" + cy.id).body);
  CHECK(view.num("/rounds_played") == 1);

  // Anyone may read a resolved round's leaderboard; only the host deals the next.
  auto resolved = c.post(base + "/round/1/resolve", with_player(cy.id));
  INFO(resolved.body);
  REQUIRE(resolved.status == 200);
  json_probe cy_board(resolved.body);
  CHECK(cy_board.at("/leaderboard").get_array().size() == 3);
  for (auto row : cy_board.at("/leaderboard").get_array())
    CHECK(row["you"].error() ==
          (std::string_view(row["player"].get_string().value()) == cy.player
               ? simdjson::SUCCESS
               : simdjson::NO_SUCH_FIELD));
  check_refused(c.post(base + "/round/next", with_player(cy.id)), 403, "not_host");
  auto next = c.post(base + "/round/next", with_player(ann.id));
  INFO(next.body);
  REQUIRE(next.status == 200);
  json_probe second(next.body);
  CHECK(second.str("/round_state/round_id") == "2");
  CHECK(second.str("/round_state/phase") == "playing");
  auto publics2 = tokens(second, "/round_state/public_cards");
  CHECK(publics2.size() == 10);
  CHECK(publics2 != publics);
  check_refused(c.post(submit1, submit_body(bob.id, publics2[0], "+", hands[bob.id][0], "+")), 409,
                "round_not_current");

  // Round 2: only Ann moves; the host ends the round and the others score the base similarity.
  auto hand2 = tokens(second, "/round_state/private_cards");
  REQUIRE(c.post(submit2, submit_body(ann.id, publics2[3], "+", hand2[0], "+")).status == 200);
  check_refused(c.post(base + "/round/2/resolve", with_player(bob.id)), 403, "not_host");
  auto ended = c.post(base + "/round/2/resolve", with_player(ann.id));
  INFO(ended.body);
  REQUIRE(ended.status == 200);
  json_probe round2(c.get(round_url(match, ann.id)).body);
  CHECK(round2.str("/round_state/results/reason") == "host");
  double base_similarity = number(round2, "/round_state/base_similarity");
  int moved_rows = 0;
  for (auto row : round2.at("/round_state/results/leaderboard").get_array()) {
    bool submitted = row["submitted"].get_bool().value();
    moved_rows += submitted;
    if (!submitted) {
      CHECK(row["similarity"].get_double().value() == base_similarity);
      CHECK(row["nearest_token"].is_null());
    }
  }
  CHECK(moved_rows == 1);
  CHECK(round2.at("/round_state/results/leaderboard").get_array().size() == 4);  // Dee is dealt in

  // A player_id only ever reaches its owner, in the answer to the join.
  for (auto* s : {&ann, &bob, &cy, &dee}) {
    int seen = 0;
    for (auto& body : c.bodies) seen += body.find(s->id) != std::string::npos;
    CHECK(seen == 1);
  }
}

TEST_CASE("vector cards REST: jokers and stakes in a match of one round",
          "[integration][vectorcards]") {
  auto flags = default_word_flags();
  if (!flags) return;
  temp_dir dir;
  server_process server(dir.path(), "", *flags);
  wait_until_ready(server.port());
  rest_client c{server.port(), {}};

  // Every private card a joker; a lone player's move ends the round and the match.
  const std::string match = create_match(c, R"({"rounds":1,"wildcard_ratio":1,"stake":true})");
  const std::string base = "/match/" + match;
  seat ann = join(c, match, "Ann");
  auto started = c.post(base + "/start", with_player(ann.id));
  REQUIRE(started.status == 200);
  json_probe dealt(started.body);
  CHECK(tokens(dealt, "/round_state/private_cards") == std::vector<std::string>{"JOKER", "JOKER"});
  CHECK(dealt.str("/round_state/private_cards/0/type") == "JOKER");
  const std::string pub = tokens(dealt, "/round_state/public_cards")[0];
  const std::string start_word = dealt.str("/round_state/start_word");
  const std::string target_word = dealt.str("/round_state/target_word");
  const std::string joker = start_word == "queen" || target_word == "queen" ? "king" : "queen";
  auto submit = [&](const std::string& extra) {
    return c.post(base + "/round/1/submit",
                  R"({"player_id":")" + ann.id + R"(","public_token":")" + pub +
                      R"(","public_sign":"+","private_token":"JOKER","private_sign":"+")" + extra +
                      "}");
  };

  struct refused_case {
    std::string extra;
    int status;
    std::string code;
  };
  for (auto& r : std::vector<refused_case>{
           {"", 422, "joker_word_required"},
           {R"(,"joker_override_token":"qeen")", 422, "unknown_word"},
           {R"(,"joker_override_token":"fucking")", 422, "blocked_word"},
           {R"(,"joker_override_token":")" + start_word + "\"", 422, "joker_not_allowed"},
           {R"(,"joker_override_token":")" + joker + R"(","stake":101)", 400, "bad_field"},
           {R"(,"joker_override_token":")" + joker + R"(","stake":"high")", 400, "bad_field"}}) {
    auto answer = submit(r.extra);
    INFO(r.extra << " -> " << answer.body);
    CHECK(answer.status == r.status);
    CHECK(error_code(answer) == r.code);
  }
  auto typo = json_probe(submit(R"(,"joker_override_token":"qeen")").body).str("/error/message");
  CHECK(typo.find("did you mean: ") != std::string::npos);
  CHECK(typo.find("queen") != std::string::npos);

  auto moved = submit(R"(,"joker_override_token":")" + joker + R"(","stake":70)");
  INFO(moved.body);
  REQUIRE(moved.status == 200);
  double similarity = number(json_probe(moved.body), "/similarity");
  CHECK(similarity >= -1.0);
  CHECK(similarity <= 1.0);

  json_probe view(c.get(base + "?player_id=" + ann.id).body);
  CHECK(view.str("/status") == "done");
  CHECK(view.str("/round/results/reason") == "all_submitted");
  CHECK(view.str("/round/your_move/private_token") == joker);
  CHECK(view.at("/round/your_move/joker").get_bool().value());
  CHECK(view.num("/round/your_move/stake") == 70);
  CHECK(view.num("/round/results/leaderboard/0/stake") == 70);
  CHECK(number(view, "/round/results/leaderboard/0/stake_reward") <= 1.0);
  CHECK(view.num("/standings/0/rank") == 1);

  check_refused(c.post(base + "/round/next", with_player(ann.id)), 409, "match_finished");
  check_refused(c.post(base + "/join", R"({"player_name":"Bob"})"), 409, "match_finished");
  CHECK(c.post(base + "/round/1/resolve", with_player(ann.id)).status == 200);
}
