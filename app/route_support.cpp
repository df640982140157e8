#include "app/route_support.hpp"

#include <string_view>

namespace wordhall {

int status_for(const status_table& game_codes, const std::string& code) {
  static const status_table platform_codes = {
      {"no_such_match", 404}, {"internal", 500},          {"data_loss", 500},
      {"match_broken", 500},  {"unavailable", 503},       {"server_restarting", 503},
      {"unknown_game", 503},
  };
  if (auto it = game_codes.find(code); it != game_codes.end()) return it->second;
  if (auto it = platform_codes.find(code); it != platform_codes.end()) return it->second;
  return 400;
}

http::response refusal(const status_table& game_codes, const std::string& code,
                       const std::string& message) {
  return http::error_response(status_for(game_codes, code), code, message);
}

std::optional<json_body> read_body(const http::request& req, const http::respond_fn& respond,
                                   bool empty_is_object) {
  std::string_view text = req.body;
  if (empty_is_object && text.empty()) text = "{}";
  auto doc = json_document::parse(text);
  if (!doc) {
    respond(http::error_response(400, doc.err().code, doc.err().message));
    return std::nullopt;
  }
  auto fields = as_object(doc->root(), "the request body");
  if (!fields) {
    respond(http::error_response(400, fields.err().code, fields.err().message));
    return std::nullopt;
  }
  return json_body{std::move(*doc), *fields};
}

}  // namespace wordhall
