// cluster_protocol: what the nodes of a cluster say to each other over NATS (cluster_bus), as
// one flat JSON object per message. A node forwards to a match's owner what its own browsers
// and HTTP clients ask of that match, and the owner sends back what the match says.
//
// Requests, to the subjects of node N (node_subject):
//   command      {match, caller, command}    -> outcome {ok, seq, reply | code, message} | moved
//   subscribe    {match, caller, sub, to, from}  -> outcome {ok} | moved; then deliveries to
//                `to`; `from` is the asking node's holder, whose departure ends the subscription
//   unsubscribe  {sub}                        (no answer)
//   inspect      {match}                     -> report {game, seq, hash, state}
//                                               | outcome {ok: false, code, message} | moved
// Deliveries, to the subscriber's node, in the match's order:
//   snapshot {sub, match, seq, view}   update {sub, match, seq, events, view?}
//   refused {sub, match, code, message}   ended {sub} (the match stopped on its owner: ask again)
// `moved`: the node asked does not own the match (any more): the asker looks the owner up again.
// `caller` is a credential digest, never a token. Empty fields are left out.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "events/result.hpp"

namespace wordhall {

struct wire_message {
  std::string kind;
  std::string match, caller, sub, to, from, command;
  std::string view, events, reply, code, message;
  std::string game, hash, state;
  uint64_t seq = 0;
  bool ok = false;
};

std::string encode_wire_message(const wire_message& m);
result<wire_message> decode_wire_message(std::string_view text);

// The subject on which node `node` hears `what` ("command", "subscribe", "unsubscribe",
// "inspect", "deliver").
std::string node_subject(const std::string& node, std::string_view what);

}  // namespace wordhall
