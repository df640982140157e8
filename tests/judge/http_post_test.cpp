// libcurl POSTs against the fake server, and Retry-After in both of its forms.
#include <catch2/catch.hpp>

#include "models/judge/http_post.hpp"
#include "tests/judge/fake_mistral.hpp"

using namespace wordhall::judge;
using namespace wordhall::judge::test;

TEST_CASE("Retry-After is read as seconds or as an HTTP date", "[judge]") {
  using std::chrono::milliseconds;
  const std::time_t now = 1'700'000'000;  // Tue, 14 Nov 2023 22:13:20 GMT
  CHECK(parse_retry_after("7", now) == milliseconds(7000));
  CHECK(parse_retry_after(" 0 ", now) == milliseconds(0));
  CHECK(parse_retry_after("1.5", now) == milliseconds(1500));
  CHECK(parse_retry_after("Tue, 14 Nov 2023 22:13:30 GMT", now) == milliseconds(10'000));
  CHECK(parse_retry_after("Tue, 14 Nov 2023 22:00:00 GMT", now) == milliseconds(0));  // past
  CHECK_FALSE(parse_retry_after("", now));
  CHECK_FALSE(parse_retry_after("soon", now));
  CHECK_FALSE(parse_retry_after("7s", now));
}

TEST_CASE("a POST returns any status with its body and Retry-After", "[judge]") {
  fake_mistral server;
  server.script({step{0ms, 429, {{"Retry-After", "3"}}, [](auto&) { return std::string("{}"); }},
                 step{0ms, 500, {}, [](auto&) { return std::string("oops"); }}});
  http_poster poster;
  http_post_request req;
  req.url = server.base_url() + "/chat/completions";
  req.headers = {"Content-Type: application/json", "Authorization: Bearer k"};
  req.body = R"({"messages":[{},{"content":"{\"words\":[\"HAUS\"]}"}]})";
  auto first = poster.post(req);
  REQUIRE(first.ok());
  CHECK(first->status == 429);
  CHECK(first->retry_after == std::chrono::milliseconds(3000));
  auto second = poster.post(req);
  REQUIRE(second.ok());
  CHECK(second->status == 500);
  CHECK_FALSE(second->retry_after);  // not carried over from the last reply
  CHECK(second->body == "oops");
  auto third = poster.post(req);
  REQUIRE(third.ok());
  CHECK(third->status == 200);
  CHECK(third->body.find("evaluations") != std::string::npos);
  CHECK(server.requests() == std::vector<std::vector<std::string>>(3, {"HAUS"}));
  CHECK(server.authorizations().at(0) == "Bearer k");
  CHECK(server.bodies().at(0) == req.body);
}

TEST_CASE("transport failures are errors with stable codes", "[judge]") {
  http_poster poster;
  http_post_request req;
  req.timeout = 300ms;
  {
    fake_mistral server;
    req.url = server.base_url() + "/chat/completions";
  }  // gone: its port now refuses connections
  auto refused = poster.post(req);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.err().code == "llm_unreachable");

  fake_mistral slow;
  slow.script({delayed(2000ms)});
  req.url = slow.base_url() + "/chat/completions";
  auto started = std::chrono::steady_clock::now();
  auto late = poster.post(req);
  REQUIRE_FALSE(late.ok());
  CHECK(late.err().code == "llm_timeout");
  CHECK(std::chrono::steady_clock::now() - started < 1500ms);

  slow.script({step{0ms, 200, {}, [](auto&) { return std::string(5000, 'x'); }}});
  req.max_reply_bytes = 1000;
  req.timeout = 3000ms;
  auto big = poster.post(req);
  REQUIRE_FALSE(big.ok());
  CHECK(big.err().code == "llm_reply_too_large");
}
