#include "http/routes/vectorcards_routes.hpp"

#include <initializer_list>
#include <string_view>
#include <unordered_map>

#include "actors/bridge.hpp"
#include "http/routes/route_support.hpp"
#include "actors/secrets.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall {
namespace {

using http::error_response;
using http::json_response;
using http::request;
using http::respond_fn;
using params = std::vector<std::string>;

constexpr const char* game_name = "vectorcards";

// The table of docs/vectorcards.md; the platform's codes are route_support's. Anything else is
// the client's input (400): a new game code that is missing here errs on the side of "your request".
const status_table& game_codes() {
  static const status_table codes = {
      {"not_a_player", 403}, {"not_host", 403}, {"no_round", 404},
      {"name_taken", 409}, {"match_full", 409}, {"already_started", 409},
      {"match_finished", 409}, {"round_not_current", 409}, {"round_closed", 409},
      {"round_open", 409}, {"already_submitted", 409}, {"not_dealt_in", 409},
      {"not_started", 409}, {"not_your_card", 422}, {"unknown_word", 422},
      {"blocked_word", 422}, {"joker_not_allowed", 422}, {"joker_word_required", 422},
      {"embeddings_unavailable", 503}, {"no_move", 404}, {"match_not_over", 409},
  };
  return codes;
}

http::response refusal(const std::string& code, const std::string& message) {
  return wordhall::refusal(game_codes(), code, message);
}


// The digest of the body's `player_id`, the caller of every command but create and join.
std::optional<std::string> read_caller(const json_body& body, const respond_fn& respond) {
  auto player_id = get_string(body.fields, "player_id");
  if (!player_id) {
    respond(refusal(player_id.err().code, player_id.err().message));
    return std::nullopt;
  }
  return credential_digest(*player_id);
}

// GET routes take the credential from the query; without one the caller is a spectator.
std::string query_caller(const request& req) {
  auto it = req.query.find("player_id");
  return credential_digest(it == req.query.end() ? std::string() : it->second);
}

// {"type":type, "round_id":…?, each of `copied` that the body has (as sent), each of `set` true}.
std::string command_text(std::string_view type, const json_body& body,
                         std::initializer_list<std::string_view> copied,
                         const std::string* round_id = nullptr,
                         std::initializer_list<std::string_view> set = {}) {
  json_writer out;
  out.begin_object().field("type", type);
  if (round_id) out.field("round_id", *round_id);
  for (auto name : copied)
    if (auto e = find_field(body.fields, name)) out.raw_field(name, to_json_text(*e));
  for (auto name : set) out.field(name, true);
  out.end_object();
  return out.take();
}

using reply_fn = std::function<http::response(const std::string& reply)>;

http::response pass_through(const std::string& reply) { return json_response(200, reply); }

// Answers with `on_reply` of the game's reply when the command was accepted, else with why not.
void answer(const respond_fn& respond, const std::optional<command_outcome>& out,
            const bridge_error& e, const reply_fn& on_reply) {
  if (!out) return respond(refusal(e.code, e.message));
  if (!out->ok) return respond(refusal(out->error_code, out->error_message));
  respond(on_reply(out->reply));
}

void run_command(caf::actor_system& system, const caf::actor& directory,
                 const std::string& match_id, std::string caller, std::string command,
                 respond_fn respond, reply_fn on_reply = pass_through) {
  command_match(system, directory, match_id, std::move(caller), std::move(command),
                [respond, on_reply](std::optional<command_outcome> out, const bridge_error& e) {
                  answer(respond, out, e, on_reply);
                });
}

// {"round_state": view.round}, or 404 no_round while the match is in its lobby.
http::response current_round(const std::string& view) {
  auto doc = json_document::parse(view);
  simdjson::dom::element round;
  if (!doc || doc->root()["round"].get(round))
    return error_response(500, "internal", "the match's view has no \"round\"");
  if (round.is_null()) return error_response(404, "no_round", "the match has not started yet");
  json_writer out;
  out.begin_object().raw_field("round_state", to_json_text(round)).end_object();
  return json_response(200, out.take());
}

}  // namespace

void add_vectorcards_routes(http::router& routes, caf::actor_system& system,
                            caf::actor directory, http::creation_limit& creations) {
  auto* sys = &system;
  routes.add("POST", "/match",
             creations.guard([sys, directory](const request& req, const params&, respond_fn respond) {
               auto body = read_body(req, respond);
               if (!body) return;
               create_match(*sys, directory, game_name, "",
                            command_text("create", *body, {"name", "settings"}),
                            [respond](std::string id, std::optional<command_outcome> out,
                                      const bridge_error& e) {
                              answer(respond, out, e, [&id](const std::string&) {
                                json_writer w;
                                w.begin_object().field("match_id", id).end_object();
                                return json_response(201, w.take());
                              });
                            });
             }));
  routes.add("POST", "/match/{id}/join",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               auto body = read_body(req, respond);
               if (!body) return;
               run_command(*sys, directory, p[0], "", command_text("join", *body, {"player_name"}),
                           std::move(respond));
             });
  // start, resolve and next: the caller's credential is all the body holds.
  auto caller_only = [sys, directory](std::string type, bool with_round) {
    return [sys, directory, type, with_round](const request& req, const params& p,
                                              respond_fn respond) {
      auto body = read_body(req, respond);
      if (!body) return;
      auto caller = read_caller(*body, respond);
      if (!caller) return;
      run_command(*sys, directory, p[0], std::move(*caller),
                  command_text(type, *body, {}, with_round ? &p[1] : nullptr), std::move(respond));
    };
  };
  routes.add("POST", "/match/{id}/start", caller_only("start", false));
  routes.add("POST", "/match/{id}/round/next", caller_only("next", false));
  routes.add("POST", "/match/{id}/round/{round_id}/resolve", caller_only("resolve", true));
  // The seed's answer to a submit names the nearest word, so REST searches it at once
  // (`nearest_now`); WebSocket players learn it with the round's results.
  routes.add("POST", "/match/{id}/round/{round_id}/submit",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               auto body = read_body(req, respond);
               if (!body) return;
               auto caller = read_caller(*body, respond);
               if (!caller) return;
               run_command(*sys, directory, p[0], std::move(*caller),
                           command_text("submit", *body,
                                        {"public_token", "public_sign", "private_token",
                                         "private_sign", "joker_override_token", "stake"},
                                        &p[1], {"nearest_now"}),
                           std::move(respond));
             });
  routes.add("GET", "/match/{id}",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               run_command(*sys, directory, p[0], query_caller(req), R"({"type":"view"})",
                           std::move(respond));
             });
  // The words nearest a resolved move's result (the "Why?" of the results); anyone may ask.
  routes.add("GET", "/match/{id}/round/{round_id}/why",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               auto seat = req.query.find("player");
               json_writer command;
               command.begin_object().field("type", "why").field("round_id", p[1])
                   .field("player", seat == req.query.end() ? std::string() : seat->second)
                   .end_object();
               run_command(*sys, directory, p[0], query_caller(req), command.take(),
                           std::move(respond));
             });
  routes.add("POST", "/match/{id}/rematch",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               auto body = read_body(req, respond);
               if (!body) return;
               auto caller = read_caller(*body, respond);
               if (!caller) return;
               run_command(*sys, directory, p[0], std::move(*caller),
                           command_text("rematch", *body, {"match_id"}), std::move(respond));
             });
  routes.add("GET", "/match/{id}/round/current",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               run_command(*sys, directory, p[0], query_caller(req), R"({"type":"view"})",
                           std::move(respond), current_round);
             });
}

void add_vectorcards_theme_route(http::router& routes,
                                 const std::vector<vectorcards::theme>& themes) {
  json_writer out;
  out.begin_object().key("themes").begin_array();
  for (auto& t : themes)
    out.begin_object().field("name", t.name).field("label_nl", t.label_nl)
        .field("label_en", t.label_en).field("words", t.words.size()).end_object();
  out.end_array().end_object();
  std::string body = out.take();
  routes.add("GET", "/api/vectorcards/themes",
             [body](const http::request&, const std::vector<std::string>&, respond_fn respond) {
               respond(json_response(200, body));
             });
}

}  // namespace wordhall
