// What the HTTP layer hands to the application and what it expects back.
//
// A handler receives a `request` (already parsed, path and query decoded) and answers exactly once
// through a `respond_fn`, from any thread and at any time; the connection waits for that answer.
// Every error the server itself produces has the body {"error":{"code":...,"message":...}}, the
// same shape `error_response` builds, so a browser needs one way to read failures.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wordhall::http {

struct request {
  std::string method;                        // "GET", "POST", ...
  std::string target;                        // raw target incl. query, as the client sent it
  std::string path;                          // percent-decoded path without the query
  std::map<std::string, std::string> query;  // decoded query parameters; the first of a name wins
  std::string body;
  std::string authorization;  // the Authorization header verbatim, "" if absent
  std::string remote;         // peer address "ip:port", for logs
  std::string peer;           // the client's address, for limits (server.hpp: trusted_proxies)
  std::string host;           // Host header, for building absolute URLs
};

struct response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers
};

// {"error":{"code":code,"message":message}} with the given status.
response error_response(int status, std::string_view code, std::string_view message);
response json_response(int status, std::string body);

// Answers a request. Callable from any thread; only the first call counts. If every copy is
// destroyed without a call, the client gets 500 internal_error instead of waiting forever.
using respond_fn = std::function<void(response)>;

}  // namespace wordhall::http
