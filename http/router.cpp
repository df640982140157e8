#include "http/router.hpp"

#include <algorithm>
#include <stdexcept>

#include "http/url.hpp"

namespace wordhall::http {
namespace {

bool is_capture(const std::string& segment) {
  return segment.size() >= 2 && segment.front() == '{' && segment.back() == '}';
}

}  // namespace

void router::add(std::string method, std::string pattern, route_handler handler) {
  if (pattern.empty() || pattern.front() != '/') {
    throw std::invalid_argument("route pattern must start with '/': " + pattern);
  }
  route r{std::move(method), {}, std::move(handler)};
  for (std::string_view segment : split_path(pattern)) r.segments.emplace_back(segment);
  routes_.push_back(std::move(r));
}

bool router::match(const route& r, const std::vector<std::string_view>& segments,
                   std::vector<std::string>& params) {
  if (r.segments.size() != segments.size()) return false;
  params.clear();
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (is_capture(r.segments[i])) {
      auto decoded = percent_decode(segments[i]);
      if (!decoded) return false;
      params.push_back(std::move(*decoded));
    } else if (r.segments[i] != segments[i]) {
      return false;
    }
  }
  return true;
}

bool router::dispatch(const request& req, respond_fn respond) const {
  // A request built by hand may carry only a path; the server always sets the target.
  std::string_view path = req.target.empty() ? std::string_view{req.path} : raw_path(req.target);
  const auto segments = split_path(path);

  std::vector<std::string> params;
  const route* fallback = nullptr;  // the GET route a HEAD request may use
  std::vector<std::string> fallback_params;
  std::vector<std::string> allowed;
  for (const route& r : routes_) {
    if (!match(r, segments, params)) continue;
    if (r.method == req.method) {
      r.handler(req, params, std::move(respond));
      return true;
    }
    if (req.method == "HEAD" && r.method == "GET" && !fallback) {
      fallback = &r;
      fallback_params = params;
    }
    allowed.push_back(r.method);
    if (r.method == "GET") allowed.emplace_back("HEAD");
  }
  if (fallback) {
    fallback->handler(req, fallback_params, std::move(respond));
    return true;
  }
  if (allowed.empty()) return false;

  std::sort(allowed.begin(), allowed.end());
  allowed.erase(std::unique(allowed.begin(), allowed.end()), allowed.end());
  std::string allow;
  for (const auto& m : allowed) allow += (allow.empty() ? "" : ", ") + m;
  response res = error_response(405, "method_not_allowed",
                                "method " + req.method + " is not allowed here; use " + allow);
  res.headers.emplace_back("Allow", std::move(allow));
  respond(std::move(res));
  return true;
}

}  // namespace wordhall::http
