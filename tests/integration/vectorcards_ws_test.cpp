// Vector cards over the WebSocket protocol against the real binary: each player's stream has
// increasing seq numbers, carries their own private cards and never anyone else's, and a
// reconnecting player gets a snapshot at the newest seq.
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <set>
#include <thread>

using namespace wordhall;
using namespace wordhall::testing;

namespace {

// Sends a command and returns its ack (failing the test on an error frame).
json_probe send_command(ws_client& ws, int seq, const std::string& route, const std::string& token,
                        const std::string& body) {
  std::string token_field = token.empty() ? "" : R"(,"token":")" + token + "\"";
  ws.send(R"({"type":"command","clientSeq":)" + std::to_string(seq) + "," + route + token_field +
          R"(,"command":)" + body + "}");
  for (;;) {
    json_probe frame(ws.receive());
    auto type = frame.str("/type");
    if (type == "ack" || type == "error") {
      INFO(frame.text());
      REQUIRE(type == "ack");
      REQUIRE(frame.num("/clientSeq") == seq);
      return frame;
    }
  }
}

std::vector<std::string> private_tokens(const json_probe& frame, const char* round_pointer) {
  std::vector<std::string> out;
  auto cards = frame.at(round_pointer);
  for (auto c : array_of(cards)) out.emplace_back(std::string_view(c["token"].get_string().value()));
  return out;
}

}  // namespace

TEST_CASE("vector cards stream: seq numbers, own cards only, snapshot on reconnect",
          "[integration][vectorcards]") {
  const std::string root = WORDHALL_SOURCE_DIR;
  if (!std::ifstream(root + "/data/embeddings/glove-6b-100d.whv")) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors missing: run tools/prepare-data");
    return;
  }
  temp_dir dir;
  server_process server(dir.path());
  for (int i = 0; i < 600 && http_call(server.port(), "GET", "/api/words/queen").status != 200; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));

  // The themes a match may name, as config/vectorcards-themes.json lists them.
  json_probe themes(http_call(server.port(), "GET", "/api/vectorcards/themes").body);
  CHECK(themes.str("/themes/0/name") == "kitchen");
  CHECK(themes.str("/themes/0/label_nl") == "Keuken");
  CHECK(themes.num("/themes/0/words") > 10);

  ws_client ann_ws(server.port()), bob_ws(server.port());
  auto created = send_command(ann_ws, 1, R"("game":"vectorcards")", "",
                         R"({"type":"create","name":"ws","settings":{"wildcard_ratio":0}})");
  std::string match = created.str("/matchId");
  std::string route = R"("matchId":")" + match + "\"";
  auto ann = send_command(ann_ws, 2, route, "", R"({"type":"join","player_name":"Ann"})");
  auto bob = send_command(bob_ws, 1, route, "", R"({"type":"join","player_name":"Bob"})");
  std::string ann_id = ann.str("/reply/player_id"), bob_id = bob.str("/reply/player_id");
  CHECK(ann_id.size() == 22);
  CHECK(ann_id != bob_id);

  bob_ws.send(R"({"type":"subscribe","matchId":")" + match + R"(","token":")" + bob_id + "\"}");
  json_probe lobby(bob_ws.receive_containing("\"snapshot\""));
  CHECK(lobby.str("/view/status") == "lobby");
  CHECK(lobby.str("/view/you/player") == "p2");
  int64_t last_seq = lobby.num("/seq");

  auto started = send_command(ann_ws, 3, route, ann_id, R"({"type":"start"})");
  auto ann_cards = private_tokens(started, "/reply/round_state/private_cards");
  REQUIRE(ann_cards.size() == 2);
  json_probe update(bob_ws.receive_containing("vc.round_started"));
  CHECK(update.num("/seq") > last_seq);
  last_seq = update.num("/seq");
  auto bob_cards = private_tokens(update, "/view/round/private_cards");
  REQUIRE(bob_cards.size() == 2);
  std::set<std::string> visible_to_bob(bob_cards.begin(), bob_cards.end());
  for (auto c : array_of(update.at("/view/round/public_cards")))
    visible_to_bob.emplace(std::string_view(c["token"].get_string().value()));
  std::vector<std::string> ann_only;
  for (auto& c : ann_cards)
    if (!visible_to_bob.count(c)) ann_only.push_back(c);

  // Ann moves; Bob hears that she did, not what she played. A move is a minor event: its update
  // carries no view, the event says whose box to tick. Ann's own page learns her move in full.
  ws_client ann_page(server.port());
  ann_page.send(R"({"type":"subscribe","matchId":")" + match + R"(","token":")" + ann_id + "\"}");
  ann_page.receive_containing("\"snapshot\"");
  std::string pub = std::string(std::string_view(update.at("/view/round/public_cards/0/token").get_string().value()));
  auto acked = send_command(ann_ws, 4, route, ann_id,
                       R"({"type":"submit","round_id":"1","public_token":")" + pub +
                           R"(","public_sign":"+","private_token":")" + ann_cards[0] +
                           R"(","private_sign":"-"})");
  CHECK(acked.at("/reply/nearest_token").is_null());  // searched when the round resolves
  CHECK(acked.at("/reply/target_rank").is_null());
  json_probe moved(bob_ws.receive_containing("vc.move_submitted"));
  const size_t events_in_update = array_of(moved.at("/events")).size();
  CHECK(moved.num("/seq") == last_seq + static_cast<int64_t>(events_in_update));
  CHECK(moved.str("/events/0/player") == "p1");
  CHECK_FALSE(moved.has("/events/0/your_move"));
  CHECK_FALSE(moved.has("/view"));
  json_probe own(ann_page.receive_containing("vc.move_submitted"));
  CHECK(own.str("/events/0/your_move/private_token") == ann_cards[0]);
  CHECK(own.at("/events/0/your_move/similarity").get_double().value() ==
        acked.at("/reply/similarity").get_double().value());
  CHECK_FALSE(own.has("/view"));
  // Her move's nearest word is searched while the round runs (a presearch, maybe in the same
  // update): her page gets it with her move, Bob only hears that moves were searched.
  auto presearched = [](ws_client& page, const json_probe& seen) {
    const std::string type = "\"vc.moves_searched\"";
    return seen.text().find(type) != std::string::npos ? seen.text() : page.receive_containing(type);
  };
  json_probe found_own(presearched(ann_page, own));
  json_probe found_bob(presearched(bob_ws, moved));
  const std::string last = "/events/" + std::to_string(array_of(found_own.at("/events")).size() - 1);
  CHECK(found_own.str((last + "/type").c_str()) == "vc.moves_searched");
  CHECK_FALSE(found_own.str((last + "/your_move/nearest_token").c_str()).empty());
  CHECK(found_own.num((last + "/your_move/target_rank").c_str()) >= 1);
  CHECK(found_bob.text().find("nearest_token") == std::string::npos);
  for (auto& c : ann_only) {
    INFO(c);
    CHECK(lobby.text().find("\"" + c + "\"") == std::string::npos);
    CHECK(update.text().find("\"" + c + "\"") == std::string::npos);
    CHECK(moved.text().find("\"" + c + "\"") == std::string::npos);
    CHECK(found_bob.text().find("\"" + c + "\"") == std::string::npos);
  }

  // Bob reconnects: a snapshot at the newest seq, with his cards again.
  ws_client again(server.port());
  again.send(R"({"type":"subscribe","matchId":")" + match + R"(","token":")" + bob_id + "\"}");
  json_probe snapshot(again.receive_containing("\"snapshot\""));
  CHECK(snapshot.num("/seq") == found_bob.num("/seq"));
  CHECK(private_tokens(snapshot, "/view/round/private_cards") == bob_cards);
  // A spectator (no token) sees the round but no private cards.
  ws_client spectator(server.port());
  spectator.send(R"({"type":"subscribe","matchId":")" + match + "\"}");
  json_probe watched(spectator.receive_containing("\"snapshot\""));
  CHECK(private_tokens(watched, "/view/round/private_cards").empty());
  CHECK(watched.at("/view/you").is_null());
}
