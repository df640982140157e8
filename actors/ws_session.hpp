// ws_session: one browser connection's actor, translating the WebSocket protocol to matches.
//
// Client -> server (one JSON object per text frame):
//   {"type":"command","clientSeq":n,"matchId":id,"token":t?,"command":{"type":...}}
//   {"type":"command","clientSeq":n,"game":"tictactoe","token":t?,"command":{"type":"create",...}}
//       (no matchId: creates a match of that game)
//   {"type":"subscribe","matchId":id,"token":t?}      {"type":"unsubscribe","matchId":id}
//   {"type":"ping"}
// Server -> client:
//   {"type":"ack","clientSeq":n,"matchId":id,"seq":s,"reply":{...}}
//   {"type":"error","clientSeq":n?,"error":{"code":c,"message":m}}   (nothing changed; clientSeq
//       whenever the frame holds one, even a frame that is not valid JSON)
//   {"type":"snapshot","matchId":id,"seq":s,"view":{...}}          (on subscribe and re-subscribe)
//   {"type":"update","matchId":id,"seq":s,"events":[...],"view":{...}}
//   {"type":"update","matchId":id,"seq":s,"events":[...]}     (minor events only: no view)
//   {"type":"pong"}   {"type":"restarting"}
// Every message about a match carries its seq, so a client can tell a stale update from a new one.
// An update with no events and the seq the client already has carries a fresh view (someone
// connected or left, in games that show presence). An update of minor events (game::urgent) has
// no view: the client applies the events to the view it has.
// Tokens are hashed here; only their digest travels further.
// Limits: more than `messages_per_second` frames a second on one connection (a burst of twice
// that after a quiet while), of any type (commands, subscribes, pings, malformed ones), are
// answered {"type":"error","clientSeq":n?,"error":{"code":"rate_limited",...}} and not handled;
// a create command over the client's creation limit gets the same code. The connection stays
// open either way.
//
// The session knows no HTTP: it writes through a function and is fed through its handle, which
// the server's WebSocket handler calls (tools/wordhall/serve.cpp).
#pragma once

#include <caf/all.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "actors/messages.hpp"

namespace wordhall {

struct ws_session_limits {
  int64_t messages_per_second = 0;  // every client frame counts; <= 0: unlimited
  // The refusal's sentence when this connection's client may not create a match now, or nothing
  // when it may (and the creation is counted); empty: unlimited.
  std::function<std::optional<std::string>()> take_creation;
  std::atomic<uint64_t>* messages_limited = nullptr;  // counts frames refused for the rate
};

// Writes one text frame to the browser; called from the session's actor, frames in order. Dropped
// after the session closes, so whatever it holds (the connection) is let go.
using ws_send_fn = std::function<void(std::shared_ptr<const std::string> text)>;

// The session's inbox: every text frame of the connection in order, then on_close() once when the
// connection is gone. Each call becomes a message to the session's actor, so it never blocks.
class ws_session {
 public:
  explicit ws_session(caf::actor session) : session_(std::move(session)) {}
  void on_message(std::string text) const;
  void on_close() const;

 private:
  caf::actor session_;
};

// Spawns the session actor writing through `send`.
std::shared_ptr<ws_session> open_ws_session(caf::actor_system& system, caf::actor directory,
                                            ws_send_fn send, ws_session_limits limits = {});

}  // namespace wordhall
