#include "storage/jetstream_codec.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <string>
#include <vector>

#include "test_util.hpp"

using namespace wordhall;
using namespace wordhall::storage;
using namespace wordhall::storage::testing;

TEST_CASE("match tokens are subject- and key-safe and decode back", "[storage][jetstream]") {
  CHECK(match_token("9f2c-aa_01") == "9f2c-aa_01");  // generated ids pass through
  CHECK(match_token("m.1") == "m=2E1");
  CHECK(match_token("a b*>") == "a=20b=2A=3E");
  CHECK(match_token("x=y") == "x=3Dy");
  std::string every_byte;
  for (int c = 1; c < 256; ++c) every_byte.push_back(static_cast<char>(c));
  for (std::string id : {std::string("m.1"), std::string("a b*>"), std::string("x=y"),
                         std::string(1, '\0'), every_byte.substr(0, 255)}) {
    const std::string token = match_token(id);
    for (char c : token) {
      INFO("token " << token);
      CHECK((std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '='));
    }
    std::string back;
    REQUIRE(decode_match_token(token, &back));
    CHECK(back == id);
  }
  std::string ignored;
  CHECK_FALSE(decode_match_token("", &ignored));
  CHECK_FALSE(decode_match_token("a.b", &ignored));
  CHECK_FALSE(decode_match_token("a=2", &ignored));   // cut short
  CHECK_FALSE(decode_match_token("a=zz", &ignored));  // not hex
  CHECK_FALSE(decode_match_token("=61", &ignored));   // 'a' is never escaped
}

TEST_CASE("append messages round-trip and damage reads as data_loss", "[storage][jetstream]") {
  std::vector<event_envelope> events = {make_event(4), make_event(5), make_event(6)};
  std::string message;
  encode_append_message(events, &message);
  std::vector<event_envelope> back;
  REQUIRE(decode_append_message(message, &back).ok());
  CHECK(back == events);

  std::string flipped = message;
  flipped[flipped.size() - 3] ^= 0x20;  // inside the last event's payload: its CRC fails
  CHECK(decode_append_message(flipped, &back).code() == status_code::data_loss);
  CHECK(decode_append_message(message.substr(0, message.size() - 1), &back).code() ==
        status_code::data_loss);
  CHECK(decode_append_message(message + "x", &back).code() == status_code::data_loss);
  CHECK(decode_append_message("", &back).code() == status_code::data_loss);
  std::string other_format = message;
  other_format[0] = 9;
  CHECK(decode_append_message(other_format, &back).code() == status_code::data_loss);

  std::string gap;
  encode_append_message({make_event(1), make_event(3)}, &gap);
  CHECK(decode_append_message(gap, &back).code() == status_code::data_loss);
}

TEST_CASE("listing order is by id length, then bytewise", "[storage][jetstream]") {
  CHECK(match_id_before("b", "aa"));
  CHECK(match_id_before("aa", "ab"));
  CHECK_FALSE(match_id_before("ab", "ab"));
  CHECK_FALSE(match_id_before("abc", "zz"));
}
