// The nodes' messages (cluster_protocol.hpp): every field survives the trip, empty ones are left
// out, and a message without a kind, or with a field of the wrong type, is refused.
#include "actors/cluster_protocol.hpp"

#include <catch2/catch.hpp>

using namespace wordhall;

TEST_CASE("cluster protocol: a message survives encoding and decoding", "[actors][cluster]") {
  wire_message m;
  m.kind = "update";
  m.match = "abc";
  m.sub = "5e1f";
  m.events = R"([{"type":"vc.move_submitted","player":"p1"}])";
  m.view = R"({"round":{"phase":"playing","note":"quote \" and \\ and ü"}})";
  m.seq = 18446744073709551615ull;
  m.ok = true;
  std::string text = encode_wire_message(m);
  CHECK(text.find("caller") == std::string::npos);  // empty fields are left out
  auto back = decode_wire_message(text);
  REQUIRE(back);
  CHECK(back->kind == "update");
  CHECK(back->match == "abc");
  CHECK(back->sub == "5e1f");
  CHECK(back->events == m.events);
  CHECK(back->view == m.view);
  CHECK(back->seq == m.seq);
  CHECK(back->ok);
  CHECK(back->caller.empty());
}

TEST_CASE("cluster protocol: malformed messages are refused", "[actors][cluster]") {
  CHECK_FALSE(decode_wire_message("not json"));
  CHECK_FALSE(decode_wire_message(R"({"match":"abc"})"));  // no kind
  CHECK_FALSE(decode_wire_message(R"({"kind":"command","seq":"7"})"));
  CHECK_FALSE(decode_wire_message(R"({"kind":"command","ok":1})"));
  CHECK(node_subject("web1", "command") == "wh.node.web1.command");
}
