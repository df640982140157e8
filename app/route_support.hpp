// What the games' REST routes share: the HTTP status of an error code and the JSON request body.
//
// A game's routes keep a table of their own codes (docs/<game>.md); the platform's codes are
// here: no_such_match 404; internal, data_loss, match_broken 500; unavailable, server_restarting,
// unknown_game 503. A code in neither table is the client's input: 400.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>

#include "events/json_read.hpp"
#include "http/request.hpp"

namespace wordhall {

using status_table = std::unordered_map<std::string, int>;

int status_for(const status_table& game_codes, const std::string& code);

// {"error":{"code","message"}} with the status status_for gives.
http::response refusal(const status_table& game_codes, const std::string& code,
                       const std::string& message);

// A request body that must be a JSON object.
struct json_body {
  json_document doc;
  simdjson::dom::object fields;
};

// The body, or std::nullopt after answering 400 (bad_json, or bad_field for a non-object).
// With `empty_is_object` an empty body reads as {}.
std::optional<json_body> read_body(const http::request& req, const http::respond_fn& respond,
                                   bool empty_is_object = false);

}  // namespace wordhall
