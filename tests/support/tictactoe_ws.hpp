// Tic-tac-toe over the WebSocket for end-to-end tests: a two-player match and its moves, with
// a move sequence that never ends a round early, so a test can keep writing for as long as the
// match has rounds.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"

namespace wordhall::testing {

struct ttt_match {
  std::string id, x_token, o_token;
  int moves_acked = 0;  // moves of this match the server acknowledged, over all rounds
};

inline std::string ttt_command(const std::string& match_id, const std::string& token,
                               const std::string& command, long long client_seq) {
  return R"({"type":"command","clientSeq":)" + std::to_string(client_seq) + R"(,"matchId":")" +
         match_id + R"(","token":")" + token + R"(","command":)" + command + "}";
}

// Creates a match of `rounds` rounds with long turns and joins it as the second player.
inline ttt_match start_ttt_match(ws_client& ws, long long& client_seq, int rounds = 99) {
  ws.send(R"({"type":"command","clientSeq":)" + std::to_string(++client_seq) +
          R"(,"game":"tictactoe","command":{"type":"create","name":"Ann","rounds":)" +
          std::to_string(rounds) + R"(,"turnSecs":600}})");
  json_probe created(ws.receive_containing("\"clientSeq\":" + std::to_string(client_seq) + ","));
  REQUIRE(created.str("/type") == "ack");
  ttt_match m{created.str("/matchId"), created.str("/reply/token"), ""};
  ws.send(R"({"type":"command","clientSeq":)" + std::to_string(++client_seq) + R"(,"matchId":")" +
          m.id + R"(","command":{"type":"join","name":"Bob"}})");
  json_probe joined(ws.receive_containing("\"clientSeq\":" + std::to_string(client_seq) + ","));
  REQUIRE(joined.str("/type") == "ack");
  m.o_token = joined.str("/reply/token");
  return m;
}

// The frame that makes the match's next move: each round fills the board to a draw (cells 4 0 8
// 2 1 7 6 3 5), x opening odd rounds and o even ones, as the rules alternate the first mover.
inline std::string next_ttt_move(const ttt_match& m, long long client_seq) {
  static constexpr int cells[9] = {4, 0, 8, 2, 1, 7, 6, 3, 5};
  const int round = m.moves_acked / 9;  // 0-based
  const int k = m.moves_acked % 9;
  const bool x_moves = (k % 2 == 0) == (round % 2 == 0);
  return ttt_command(m.id, x_moves ? m.x_token : m.o_token,
                     R"({"type":"place","cell":)" + std::to_string(cells[k]) + "}", client_seq);
}

// Sends the next move and returns the answer to it (an ack or an error frame); counts an ack.
inline json_probe play_ttt_move(ws_client& ws, ttt_match& m, long long& client_seq) {
  ws.send(next_ttt_move(m, ++client_seq));
  json_probe answer(ws.receive_containing("\"clientSeq\":" + std::to_string(client_seq) + ","));
  if (answer.str("/type") == "ack") ++m.moves_acked;
  return answer;
}

}  // namespace wordhall::testing
