// client_address: X-Forwarded-For counts only from a trusted proxy.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "http/client_address.hpp"

using namespace wordhall::http;

TEST_CASE("X-Forwarded-For is ignored unless the TCP peer is a trusted proxy", "[http][limits]") {
  const std::vector<std::string> none;
  const std::vector<std::string> proxy{"10.0.0.1"};
  CHECK(client_address("127.0.0.1", "203.0.113.7", none) == "127.0.0.1");
  CHECK(client_address("127.0.0.1", "203.0.113.7", proxy) == "127.0.0.1");
  CHECK(client_address("10.0.0.1", "203.0.113.7", proxy) == "203.0.113.7");
  CHECK(client_address("10.0.0.1", "", proxy) == "10.0.0.1");
}

TEST_CASE("the client is the last forwarded address that is no trusted proxy", "[http][limits]") {
  const std::vector<std::string> proxies{"10.0.0.1", "10.0.0.2"};
  // A client may write anything on the left; the proxies append on the right.
  CHECK(client_address("10.0.0.1", "1.1.1.1, 203.0.113.7", proxies) == "203.0.113.7");
  CHECK(client_address("10.0.0.1", "1.1.1.1, 203.0.113.7 , 10.0.0.2", proxies) == "203.0.113.7");
  CHECK(client_address("10.0.0.1", "203.0.113.7:5123", proxies) == "203.0.113.7");
  CHECK(client_address("10.0.0.1", "[2001:db8::1]:443", proxies) == "2001:db8::1");
  CHECK(client_address("10.0.0.1", "2001:DB8::1", proxies) == "2001:db8::1");
  CHECK(client_address("10.0.0.1", "::ffff:203.0.113.7", proxies) == "203.0.113.7");
  // Nothing usable: the proxy itself.
  CHECK(client_address("10.0.0.1", "10.0.0.2", proxies) == "10.0.0.1");
  CHECK(client_address("10.0.0.1", "1.1.1.1, not-an-address", proxies) == "10.0.0.1");
  CHECK(client_address("10.0.0.1", " , ", proxies) == "10.0.0.1");
}

TEST_CASE("the trusted proxies setting names addresses", "[http][limits]") {
  CHECK(parse_address_list("10.0.0.1, ::1 ,") == std::vector<std::string>{"10.0.0.1", "::1"});
  CHECK(parse_address_list("").empty());
  CHECK(parse_address_list("::ffff:10.0.0.1") == std::vector<std::string>{"10.0.0.1"});
  CHECK_THROWS_AS(parse_address_list("10.0.0.1, proxy.example"), std::invalid_argument);
}
