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

TEST_CASE("the list readers take only what the field must hold, naming the field otherwise",
          "[events][json]") {
  json_writer out;
  out.begin_object().key("names");
  write_strings(out, {"bank", "ufer"});
  out.key("seats");
  write_ints(out, {0, -3, 2});
  out.field("big", int64_t{1} << 40).field("n", 7).field("text", "x").end_object();
  auto doc = json_document::parse(out.str());
  REQUIRE(doc.ok());
  auto o = as_object(doc->root(), "test");
  REQUIRE(o.ok());

  CHECK(*read_strings(*o, "names") == std::vector<std::string>{"bank", "ufer"});
  CHECK(*read_ints(*o, "seats") == std::vector<int>{0, -3, 2});
  CHECK(*read_int(*o, "n") == 7);
  CHECK(read_array(*o, "seats")->size() == 3);

  auto wrong = [](auto r) { return r.err().code + ": " + r.err().message; };
  CHECK(wrong(read_strings(*o, "seats")) == "bad_field: \"seats\" holds strings");
  CHECK(wrong(read_ints(*o, "names")) == "bad_field: \"names\" holds integers");
  CHECK(wrong(read_array(*o, "text")) == "bad_field: \"text\" must be an array");
  CHECK(wrong(read_array(*o, "missing")) == "bad_field: \"missing\" must be an array");
  // An int field never wraps: 2^40 is refused, not read as 0.
  CHECK(wrong(read_int(*o, "big")) ==
        "bad_field: \"big\" must be an integer from -2147483648 to 2147483647");
  CHECK(wrong(read_int(*o, "text")) == "bad_field: \"text\" must be an integer");
}

TEST_CASE("json_writer writes valid UTF-8 unchanged and replaces invalid bytes with U+FFFD",
          "[events][json]") {
  auto written = [](std::string_view text) {
    std::string out;
    append_json_string(out, text);
    return out;
  };
  const std::string fffd = "\xef\xbf\xbd";
  // Valid text of every length, up to U+10FFFF, is written as it is.
  CHECK(written("a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf") ==
        "\"a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf\"");
  CHECK(written("\xff") == "\"" + fffd + "\"");                       // never a lead byte
  CHECK(written("ab\xff" "cd") == "\"ab" + fffd + "cd\"");
  CHECK(written("\xc3") == "\"" + fffd + "\"");                       // truncated
  CHECK(written("\xc3(") == "\"" + fffd + "(\"");                     // bad continuation
  CHECK(written("\xc0\xaf") == "\"" + fffd + fffd + "\"");            // overlong '/'
  CHECK(written("\xe0\x80\xaf") == "\"" + fffd + fffd + fffd + "\""); // overlong, 3 bytes
  CHECK(written("\xed\xa0\x80") == "\"" + fffd + fffd + fffd + "\""); // a surrogate
  CHECK(written("\xf4\x90\x80\x80") == "\"" + fffd + fffd + fffd + fffd + "\"");  // > U+10FFFF
  CHECK(written("\x80") == "\"" + fffd + "\"");                       // a lone continuation

  // What a URL's %ff becomes in an error body reads back as JSON.
  json_writer out;
  out.begin_object().field("message", std::string_view("no game \"\xff\"")).end_object();
  auto doc = json_document::parse(out.str());
  REQUIRE(doc);
  CHECK(*get_string(*as_object(doc->root(), "body"), "message") == "no game \"" + fffd + "\"");
}

TEST_CASE("error_json: the shape every failure reads as", "[events][json]") {
  CHECK(error_json("no_clue", "every \"clue\" word is ruled out") ==
        R"({"error":{"code":"no_clue","message":"every \"clue\" word is ruled out"}})");
}
