#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/envelope.hpp"

#include <catch2/catch.hpp>

#include <limits>

using namespace wordhall;

TEST_CASE("json_writer places commas and escapes strings", "[events][json]") {
  json_writer out;
  out.begin_object()
      .field("a", 1)
      .field("s", std::string_view("q\"\\\n\x01"))
      .key("list")
      .begin_array()
      .value(true)
      .null()
      .value(-5L)
      .begin_object()
      .end_object()
      .end_array()
      .field("d", 0.1)
      .field("nan", std::numeric_limits<double>::quiet_NaN())
      .end_object();
  CHECK(out.str() ==
        R"({"a":1,"s":"q\"\\\n\u0001","list":[true,null,-5,{}],"d":0.1,"nan":null})");
  auto doc = json_document::parse(out.str());
  REQUIRE(doc.ok());
}

TEST_CASE("envelope JSON codec round-trips and rejects bad input", "[events][json]") {
  event_envelope e{"ttt.mark_placed", 2, 7, "00ff", 1763776800000, R"({"cell":4,"who":"x"})"};
  auto text = encode_envelope_json(e);
  auto back = decode_envelope_json(text);
  REQUIRE(back.ok());
  CHECK(*back == e);

  CHECK(decode_envelope_json("{").err().code == "bad_json");
  CHECK(decode_envelope_json(R"({"type":"x","v":1,"seq":1,"id":"a","ts":1,"payload":3})")
            .err()
            .code == "bad_field");
  CHECK(decode_envelope_json(R"({"type":"x","v":-1,"seq":1,"id":"a","ts":1,"payload":{}})")
            .err()
            .message.find("\"v\"") != std::string::npos);
}
