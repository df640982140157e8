#include "http/routes/route_support.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string_view>

#include "actors/secrets.hpp"
#include "events/json_writer.hpp"

namespace wordhall {

int status_for(const status_table& game_codes, const std::string& code) {
  static const status_table platform_codes = {
      {"no_such_match", 404}, {"internal", 500},          {"data_loss", 500},
      {"match_broken", 500},  {"unavailable", 503},       {"server_restarting", 503},
      {"unknown_game", 503},  {"storage_full", 503},
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

std::string presented_token(const http::request& req, const json_body* body) {
  constexpr std::string_view bearer = "Bearer ";
  if (req.authorization.size() > bearer.size() &&
      std::equal(bearer.begin(), bearer.end(), req.authorization.begin()))
    return req.authorization.substr(bearer.size());
  if (body)
    if (auto token = optional_string(body->fields, "seatToken")) return *token;
  return "";
}

std::string command_text(std::string_view type, const json_body& body,
                         const std::vector<std::string>& copied) {
  json_writer out;
  out.begin_object().field("type", type);
  for (const auto& name : copied)
    if (auto e = find_field(body.fields, name)) out.raw_field(name, to_json_text(*e));
  out.end_object();
  return out.take();
}

void answer_command(const status_table& game_codes, const http::respond_fn& respond,
                    const std::optional<command_outcome>& out, const bridge_error& e) {
  if (!out) return respond(refusal(game_codes, e.code, e.message));
  if (!out->ok) return respond(refusal(game_codes, out->error_code, out->error_message));
  respond(http::json_response(200, out->reply));
}

http::route_handler command_route(caf::actor_system& system, caf::actor directory,
                                  const status_table& game_codes, std::string type,
                                  std::vector<std::string> copied) {
  return [sys = &system, directory, codes = &game_codes, type = std::move(type),
          copied = std::move(copied)](const http::request& req, const std::vector<std::string>& p,
                                      http::respond_fn respond) {
    auto body = read_body(req, respond, true);
    if (!body) return;
    command_match(*sys, directory, p[0], credential_digest(presented_token(req, &*body)),
                  command_text(type, *body, copied),
                  [codes, respond](std::optional<command_outcome> out, const bridge_error& e) {
                    answer_command(*codes, respond, out, e);
                  });
  };
}

http::response html_page(const std::string& www_root, const std::string& file, int status) {
  std::ifstream in(www_root + "/" + file);
  std::stringstream text;
  if (in) text << in.rdbuf();
  std::string body = text.str();
  if (body.empty())
    return status == 200 ? http::error_response(500, "internal", file + " is missing")
                         : http::error_response(status, "not_found", "no such game or seat");
  http::response r;
  r.status = status;
  r.content_type = "text/html; charset=utf-8";
  r.body = std::move(body);
  r.headers.push_back({"Cache-Control", "no-cache"});
  r.headers.push_back({"Referrer-Policy", "no-referrer"});
  return r;
}

}  // namespace wordhall
