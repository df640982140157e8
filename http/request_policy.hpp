// request_policy: what the server refuses before any route sees a request.
//
// Origin. A browser names the page behind a request in its `Origin` header. A WebSocket upgrade
// or a state-changing call (POST, PUT, PATCH, DELETE) that carries one is accepted only from the
// server's own origin (the host the request's Host header names, over http or https) or from one
// of `allowed_origins` ("scheme://host[:port]", compared without regard to case); anything else is
// 403 origin_not_allowed. Requests without Origin come from programs, not from another site's
// page, and pass.
// Media type. A state-changing request with a body must send `Content-Type: application/json`
// (parameters such as charset allowed), else 415 unsupported_media_type: a form or text/plain
// body is what any page can make a visitor's browser send to another site without asking first.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/request.hpp"

namespace wordhall::http {

bool is_state_changing(std::string_view method);

// The refusal of a request from `origin` ("" when the header is absent), or nothing.
std::optional<response> refuse_origin(std::string_view method, bool websocket_upgrade,
                                      std::string_view origin, std::string_view host,
                                      const std::vector<std::string>& allowed_origins);

// The refusal of a request body of `body_bytes` sent as `content_type`, or nothing.
std::optional<response> refuse_media_type(std::string_view method, std::string_view content_type,
                                          std::size_t body_bytes);

// "https://a.example, http://b.example:8080/" -> {"https://a.example", "http://b.example:8080"}.
std::vector<std::string> parse_origin_list(std::string_view comma_separated);

}  // namespace wordhall::http
