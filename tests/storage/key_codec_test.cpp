#include "storage/key_codec.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace wordhall::storage;

namespace {

std::string event_key(std::string_view id, uint64_t seq) {
  std::string key;
  REQUIRE(encode_event_key(id, seq, &key).ok());
  return key;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

TEST_CASE("event keys sort by seq numerically", "[storage][key_codec]") {
  CHECK(event_key("m1", 255) < event_key("m1", 256));
  CHECK(event_key("m1", 1) < event_key("m1", 2));
  CHECK(event_key("m1", 0xffffffffULL) < event_key("m1", 0x100000000ULL));
  CHECK(event_key("m1", 9) < event_key("m1", 10));
}

TEST_CASE("match ids that extend one another do not mix", "[storage][key_codec]") {
  std::string prefix_ab;
  REQUIRE(event_prefix("ab", &prefix_ab).ok());
  for (uint64_t seq : {0ULL, 1ULL, 0x6300ULL, ~0ULL}) {
    CHECK_FALSE(starts_with(event_key("abc", seq), prefix_ab));
    CHECK(starts_with(event_key("ab", seq), prefix_ab));
  }
  // All of "ab"'s events lie below the upper bound, all of "abc"'s outside [prefix, bound).
  const std::string bound = prefix_successor(prefix_ab);
  CHECK(event_key("ab", ~0ULL) < bound);
  const std::string abc = event_key("abc", 0);
  CHECK((abc < prefix_ab || abc >= bound));
}

TEST_CASE("keys of different kinds live in separate ranges", "[storage][key_codec]") {
  std::string snapshot, meta;
  REQUIRE(encode_snapshot_key("m1", 5, &snapshot).ok());
  REQUIRE(encode_meta_key("m1", &meta).ok());
  CHECK(snapshot[0] == 's');
  CHECK(meta[0] == 'm');
  CHECK(event_key("m1", 5)[0] == 'e');
  CHECK(meta.size() == 1 + 1 + 2);
  CHECK(snapshot.size() == 1 + 1 + 2 + 8);
}

TEST_CASE("key codec round-trips and rejects malformed keys", "[storage][key_codec]") {
  std::string_view id;
  uint64_t seq = 0;
  const std::string long_id(255, 'z');
  const std::string key = event_key(long_id, 0x0102030405060708ULL);
  REQUIRE(decode_event_key(key, &id, &seq));
  CHECK(id == long_id);
  CHECK(seq == 0x0102030405060708ULL);
  CHECK(key.substr(key.size() - 8) == std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8));

  std::string snapshot, meta;
  REQUIRE(encode_snapshot_key("m-7", 42, &snapshot).ok());
  REQUIRE(decode_snapshot_key(snapshot, &id, &seq));
  CHECK((id == "m-7" && seq == 42));
  REQUIRE(encode_meta_key("m-7", &meta).ok());
  REQUIRE(decode_meta_key(meta, &id));
  CHECK(id == "m-7");

  CHECK_FALSE(decode_event_key(snapshot, &id, &seq));  // wrong tag
  CHECK_FALSE(decode_meta_key(key, &id));
  CHECK_FALSE(decode_event_key(key.substr(0, key.size() - 1), &id, &seq));  // short seq
  CHECK_FALSE(decode_event_key(key + "x", &id, &seq));                      // trailing byte
  CHECK_FALSE(decode_event_key(std::string("e\x05" "ab", 4), &id, &seq));  // len past end
  CHECK_FALSE(decode_event_key(std::string("e\x00", 2) + std::string(8, '\0'), &id, &seq));
  CHECK_FALSE(decode_meta_key("", &id));
  CHECK_FALSE(decode_meta_key("m", &id));
}

TEST_CASE("match ids must be 1..255 bytes", "[storage][key_codec]") {
  std::string key = "untouched";
  CHECK(encode_event_key("", 1, &key).code() == status_code::invalid_argument);
  CHECK(encode_meta_key(std::string(256, 'a'), &key).code() == status_code::invalid_argument);
  CHECK(event_prefix("", &key).code() == status_code::invalid_argument);
  CHECK(key == "untouched");
  CHECK(encode_meta_key(std::string(255, 'a'), &key).ok());
  CHECK(encode_meta_key("a", &key).ok());
}

TEST_CASE("prefix_successor bounds exactly the keys with that prefix", "[storage][key_codec]") {
  CHECK(prefix_successor("m") == "n");
  CHECK(prefix_successor(std::string("e\x02" "a\xff", 4)) == std::string("e\x02" "b", 3));
  CHECK(prefix_successor(std::string("\xff\xff", 2)).empty());
}

TEST_CASE("sorting event keys bytewise sorts them by seq", "[storage][key_codec]") {
  std::vector<uint64_t> seqs = {70000, 1, 256, 255, 65536, 2, 0xffffffffffULL, 65535};
  std::vector<std::string> keys;
  for (uint64_t seq : seqs) keys.push_back(event_key("ab", seq));
  std::sort(keys.begin(), keys.end());
  std::sort(seqs.begin(), seqs.end());
  for (size_t i = 0; i < keys.size(); ++i) {
    std::string_view id;
    uint64_t seq = 0;
    REQUIRE(decode_event_key(keys[i], &id, &seq));
    CHECK(seq == seqs[i]);
  }
}
