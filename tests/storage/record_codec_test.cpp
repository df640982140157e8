#include "storage/record_codec.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "storage/crc32c.hpp"

using namespace wordhall;
using namespace wordhall::storage;

namespace {

event_envelope sample_event() {
  return event_envelope{"ttt.mark_placed", 3, 17, "0123456789abcdef", -5,
                        R"({"cell":4, "mark":"x"})"};
}

}  // namespace

TEST_CASE("event values round-trip and keep the payload byte for byte", "[storage][record]") {
  std::string value;
  encode_event_value(sample_event(), &value);
  event_envelope back;
  REQUIRE(decode_event_value(value, &back).ok());
  CHECK(back == sample_event());
  CHECK(back.payload == R"({"cell":4, "mark":"x"})");  // the space survives: no re-serialising

  // Layout: masked crc, format 1, version 3 little-endian.
  CHECK(crc32c::unmask(static_cast<uint8_t>(value[0]) | static_cast<uint8_t>(value[1]) << 8 |
                       static_cast<uint8_t>(value[2]) << 16 |
                       static_cast<uint32_t>(static_cast<uint8_t>(value[3])) << 24) ==
        crc32c::value(value.data() + 4, value.size() - 4));
  CHECK(value[4] == 1);
  CHECK(value.substr(5, 4) == std::string("\x03\0\0\0", 4));
}

TEST_CASE("decoding into a reused envelope overwrites every field", "[storage][record]") {
  std::string a, b;
  encode_event_value(sample_event(), &a);
  event_envelope other{"x.y", 1, 18, "id2", 9, "{}"};
  encode_event_value(other, &b);
  event_envelope reused;
  REQUIRE(decode_event_value(a, &reused).ok());
  REQUIRE(decode_event_value(b, &reused).ok());
  CHECK(reused == other);
}

TEST_CASE("every flipped bit and every truncation of an event is data_loss",
          "[storage][record]") {
  std::string value;
  encode_event_value(sample_event(), &value);
  event_envelope out;
  for (size_t i = 0; i < value.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string bad = value;
      bad[i] = static_cast<char>(bad[i] ^ (1 << bit));
      status s = decode_event_value(bad, &out);
      INFO("byte " << i << " bit " << bit);
      CHECK(s.code() == status_code::data_loss);
    }
  }
  for (size_t n = 0; n < value.size(); ++n) {
    INFO("truncated to " << n);
    CHECK(decode_event_value(value.substr(0, n), &out).code() == status_code::data_loss);
  }
  CHECK(decode_event_value(value.substr(0, 3), &out).message().find("too short") !=
        std::string::npos);
  CHECK(decode_event_value(value.substr(0, 10), &out).message().find("checksum") !=
        std::string::npos);
}

// A body with a valid CRC but inconsistent lengths must be caught by the bounds checks, not read
// past the end: this is what a bug in an older writer would leave behind.
TEST_CASE("a well-checksummed but malformed body is data_loss", "[storage][record]") {
  auto frame = [](std::string body) {
    uint32_t masked = crc32c::mask(crc32c::value(body));
    std::string value(4, '\0');
    for (int i = 0; i < 4; ++i) value[i] = static_cast<char>((masked >> (8 * i)) & 0xff);
    return value + body;
  };
  std::string good;
  encode_event_value(sample_event(), &good);
  std::string body = good.substr(4);
  event_envelope out;

  std::string huge_type = body;
  huge_type[1 + 4 + 8 + 8 + 3] = '\x7f';  // type length's top byte: 2 GB past the end
  status s = decode_event_value(frame(huge_type), &out);
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("truncated at type") != std::string::npos);

  CHECK(decode_event_value(frame(body + "x"), &out).message().find("trailing") !=
        std::string::npos);
  std::string format2 = body;
  format2[0] = 2;
  CHECK(decode_event_value(frame(format2), &out).message().find("format 2") != std::string::npos);
  CHECK(decode_event_value(frame(""), &out).message().find("truncated at format") !=
        std::string::npos);
}

TEST_CASE("snapshot values round-trip and detect damage", "[storage][record]") {
  snapshot_record snap{42, "wortkunst", R"({"board":[[0,1],[1,0]],"turn":"b"})"};
  std::string value;
  encode_snapshot_value(snap, &value);
  snapshot_record back;
  REQUIRE(decode_snapshot_value(value, &back).ok());
  CHECK(back == snap);

  value[value.size() - 2] ^= 0x20;
  CHECK(decode_snapshot_value(value, &back).code() == status_code::data_loss);
  CHECK(decode_snapshot_value(value.substr(0, 3), &back).code() == status_code::data_loss);
}

TEST_CASE("meta values round-trip through JSON and detect damage", "[storage][record]") {
  match_meta meta;
  meta.id = "m-1";
  meta.game = "ttt";
  meta.created_ms = 1763776800000;
  meta.status = "playing";
  meta.players = {"Ada", "Grace \"the admiral\"", "Zoë"};
  meta.last_seq = 12;
  meta.updated_ms = 1763776801234;
  meta.next_deadline_ms = 1763776830000;
  std::string value;
  encode_meta_value(meta, &value);
  CHECK(value.substr(4, 12) == R"({"id":"m-1",)");
  match_meta back;
  REQUIRE(decode_meta_value(value, &back).ok());
  CHECK(back == meta);

  std::string bad = value;
  bad[10] ^= 1;
  CHECK(decode_meta_value(bad, &back).code() == status_code::data_loss);

  // Valid frame, JSON missing a field.
  std::string no_players = value;
  no_players.replace(no_players.find("\"players\""), 9, "\"playerz\"");
  uint32_t masked = crc32c::mask(crc32c::value(no_players.data() + 4, no_players.size() - 4));
  for (int i = 0; i < 4; ++i) no_players[i] = static_cast<char>((masked >> (8 * i)) & 0xff);
  status s = decode_meta_value(no_players, &back);
  CHECK(s.code() == status_code::data_loss);
  CHECK(s.message().find("players") != std::string::npos);
}

TEST_CASE("a meta record without next_deadline_ms reads as no deadline", "[storage][record]") {
  // Records written before timers were indexed lack the field.
  const std::string body =
      R"({"id":"old","game":"ttt","created_ms":1,"status":"playing","players":[],)"
      R"("last_seq":3,"updated_ms":2})";
  uint32_t masked = crc32c::mask(crc32c::value(body));
  std::string value(4, '\0');
  for (int i = 0; i < 4; ++i) value[i] = static_cast<char>((masked >> (8 * i)) & 0xff);
  match_meta meta;
  meta.next_deadline_ms = 99;
  REQUIRE(decode_meta_value(value + body, &meta).ok());
  CHECK(meta.next_deadline_ms == 0);
  CHECK(meta.last_seq == 3);
}
