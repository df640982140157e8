// Reading a clientSeq out of a frame that is not valid JSON, and telling a number too large from
// other malformed input.
#include <catch2/catch.hpp>

#include "actors/ws_session_frame.hpp"

using namespace wordhall;

TEST_CASE("salvage_client_seq finds the top-level clientSeq whatever follows it", "[actors]") {
  CHECK(salvage_client_seq(R"({"clientSeq":12,"command":{"x":1e999999}})") == 12);
  CHECK(salvage_client_seq(R"({"command":{"x":99999999999999999999999},"clientSeq" : 3})") == 3);
  CHECK(salvage_client_seq("{\"clientSeq\":4,\"name\":\"\xff") == 4);  // truncated, not UTF-8
  CHECK(salvage_client_seq(R"({"type":"command","clientSeq":-2})") == -2);
  // Not the top-level key, or not an integer, or not a key at all: no clientSeq.
  CHECK_FALSE(salvage_client_seq(R"({"command":{"clientSeq":9}})"));
  CHECK_FALSE(salvage_client_seq(R"({"name":"\"clientSeq\":9"})"));
  CHECK_FALSE(salvage_client_seq(R"({"clientSeq":99999999999999999999999})"));
  CHECK_FALSE(salvage_client_seq(R"({"clientSeq":"9"})"));
  CHECK_FALSE(salvage_client_seq(R"({"clientSeq":1.5})"));
  CHECK_FALSE(salvage_client_seq(R"(["clientSeq",9])"));
}

TEST_CASE("has_number_out_of_range tells big numbers from other malformed JSON", "[actors]") {
  CHECK(has_number_out_of_range(R"({"x":18446744073709551616})"));  // 2^64
  CHECK(has_number_out_of_range(R"({"x":-9223372036854775809})"));  // below int64
  CHECK(has_number_out_of_range(R"({"x":1e400})"));
  CHECK_FALSE(has_number_out_of_range(R"({"x":18446744073709551615})"));  // uint64 max
  CHECK_FALSE(has_number_out_of_range(R"({"x":-9223372036854775808,"y":1e-400})"));
  CHECK_FALSE(has_number_out_of_range(R"({"x":"99999999999999999999999"})"));  // a string
  CHECK_FALSE(has_number_out_of_range(R"({"x":01,)"));
}
