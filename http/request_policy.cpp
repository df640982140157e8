#include "http/request_policy.hpp"

#include <algorithm>
#include <cctype>

#include "events/text.hpp"

namespace wordhall::http {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// An origin as compared: lower case, no trailing slash, no port that is its scheme's default.
std::string normalized_origin(std::string_view origin) {
  std::string out = lower(trim(origin));
  while (!out.empty() && out.back() == '/') out.pop_back();
  for (auto [scheme, port] : {std::pair{"http://", ":80"}, std::pair{"https://", ":443"}}) {
    std::string_view s(scheme), p(port);
    if (out.rfind(s, 0) == 0 && out.size() > s.size() + p.size() &&
        out.compare(out.size() - p.size(), p.size(), p) == 0)
      out.erase(out.size() - p.size());
  }
  return out;
}

bool is_own_origin(const std::string& origin, std::string_view host) {
  if (host.empty()) return false;
  std::string h = lower(trim(host));
  return origin == normalized_origin("http://" + h) || origin == normalized_origin("https://" + h);
}

}  // namespace

bool is_state_changing(std::string_view method) {
  return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE";
}

std::optional<response> refuse_origin(std::string_view method, bool websocket_upgrade,
                                      std::string_view origin, std::string_view host,
                                      const std::vector<std::string>& allowed_origins) {
  if (origin.empty() || !(websocket_upgrade || is_state_changing(method))) return std::nullopt;
  std::string o = normalized_origin(origin);
  if (is_own_origin(o, host)) return std::nullopt;
  for (const auto& allowed : allowed_origins)
    if (o == normalized_origin(allowed)) return std::nullopt;
  return error_response(403, "origin_not_allowed",
                        "requests from pages at " + std::string(origin) +
                            " are not accepted here: open the game from this server's own pages");
}

std::optional<response> refuse_media_type(std::string_view method, std::string_view content_type,
                                          std::size_t body_bytes) {
  if (body_bytes == 0 || !is_state_changing(method)) return std::nullopt;
  std::string_view type = trim(content_type.substr(0, content_type.find(';')));
  if (lower(type) == "application/json") return std::nullopt;
  return error_response(415, "unsupported_media_type",
                        "the request body must be JSON, sent with Content-Type: application/json");
}

std::vector<std::string> parse_origin_list(std::string_view comma_separated) {
  std::vector<std::string> out;
  while (!comma_separated.empty()) {
    auto comma = comma_separated.find(',');
    auto item = trim(comma_separated.substr(0, comma));
    if (!item.empty()) out.push_back(normalized_origin(item));
    if (comma == std::string_view::npos) break;
    comma_separated.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace wordhall::http
