// Routes: (method, path pattern) → handler.
//
// A pattern is a path whose segments are literals or captures in braces:
// "/admin/matches/{id}/events" matches "/admin/matches/42/events" with params {"42"}. Segments are
// compared before percent-decoding, so an encoded slash stays inside its segment; captured params
// are decoded. Routes are tried in the order they were added and the first match wins. A HEAD
// request falls back to the GET route (the server sends the headers only). When a path matches
// some pattern but not for this method, the answer is 405 method_not_allowed with an Allow header.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "http/request.hpp"

namespace wordhall::http {

using route_handler =
    std::function<void(const request&, const std::vector<std::string>& params, respond_fn)>;

class router {
 public:
  // Throws std::invalid_argument when the pattern does not start with '/'.
  void add(std::string method, std::string pattern, route_handler handler);

  // Runs the matching handler, or answers 405. Returns false, without answering, when no route's
  // pattern matches the path (the caller falls back to static files). A handler that throws
  // is the caller's problem: the exception propagates.
  bool dispatch(const request& req, respond_fn respond) const;

 private:
  struct route {
    std::string method;
    std::vector<std::string> segments;  // "{...}" marks a capture
    route_handler handler;
  };

  static bool match(const route& r, const std::vector<std::string_view>& segments,
                    std::vector<std::string>& params);

  std::vector<route> routes_;
};

}  // namespace wordhall::http
