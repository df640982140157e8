// http_post: one JSON POST over libcurl, with what a retry loop needs to know about the answer.
//
// Any status is a reply (the caller decides what 429 or 500 means); only a transport failure is
// an error, with a stable code:
//   llm_unreachable  no connection, a TLS or protocol failure
//   llm_timeout      no complete answer within the request's timeout
//   llm_cancelled    `cancel` became true while the request was in flight
//   llm_reply_too_large  the body passed max_reply_bytes
// Retry-After is read from the reply's headers in both of its forms, delay-seconds ("7") and
// HTTP-date ("Wed, 21 Oct 2026 07:28:00 GMT").
#pragma once

#include <atomic>
#include <chrono>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"

namespace wordhall::judge {

struct http_post_request {
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::string body;
  std::chrono::milliseconds timeout{60'000};
  std::size_t max_reply_bytes = 8 << 20;
};

struct http_reply {
  long status = 0;
  std::optional<std::chrono::milliseconds> retry_after;  // from a Retry-After header, if any
  std::string body;
};

// Parses a Retry-After value: seconds (a fraction is allowed) or an HTTP date, which counts from
// `now`. A date in the past is a zero delay; anything unreadable is std::nullopt.
std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value, std::time_t now);

// A libcurl easy handle reused across posts, so consecutive requests to one host keep their
// connection. Not thread-safe: one poster per thread.
class http_poster {
 public:
  http_poster();
  ~http_poster();
  http_poster(const http_poster&) = delete;
  http_poster& operator=(const http_poster&) = delete;

  result<http_reply> post(const http_post_request& request, const std::atomic<bool>* cancel = nullptr);

 private:
  void* curl_;  // CURL*, kept out of this header
};

}  // namespace wordhall::judge
