// What the games' REST routes share: the HTTP status of an error code, the JSON request body, the
// credential a request presents, the command a POST becomes and its answer, and pages whose URL
// holds a secret.
//
// A game's routes keep a table of their own codes (docs/<game>.md); the platform's codes are
// here: no_such_match 404; internal, data_loss, match_broken 500; unavailable, server_restarting,
// unknown_game 503. A code in neither table is the client's input: 400.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <caf/all.hpp>

#include "actors/bridge.hpp"
#include "events/json_read.hpp"
#include "http/request.hpp"
#include "http/router.hpp"

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

// The credential presented: `Authorization: Bearer TOKEN` (which wins), else the body's
// "seatToken"; "" for none.
std::string presented_token(const http::request& req, const json_body* body);

// {"type":type, and each of `copied` that the body has, as sent}.
std::string command_text(std::string_view type, const json_body& body,
                         const std::vector<std::string>& copied);

// The game's reply (200, a view) when the command was accepted, else its refusal or the bridge's.
void answer_command(const status_table& game_codes, const http::respond_fn& respond,
                    const std::optional<command_outcome>& out, const bridge_error& e);

// The handler of `POST …/{id}/…`: the body's `copied` fields become command `type` for match p[0],
// as the caller whose token the request presents; answer_command answers. `game_codes` must
// outlive the routes.
http::route_handler command_route(caf::actor_system& system, caf::actor directory,
                                  const status_table& game_codes, std::string type,
                                  std::vector<std::string> copied);

// The HTML page `file` of www_root with `status`, never cached and never handing its URL (a
// secret) to other sites as a referrer; a missing file is 500 internal for a 200 page, else the
// JSON error not_found.
http::response html_page(const std::string& www_root, const std::string& file, int status);

}  // namespace wordhall
