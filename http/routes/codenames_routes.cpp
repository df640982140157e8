#include "http/routes/codenames_routes.hpp"

#include <string_view>
#include <utility>
#include <vector>

#include "actors/bridge.hpp"
#include "actors/secrets.hpp"
#include "http/routes/route_support.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall {
namespace {

using http::error_response;
using http::json_response;
using http::request;
using http::respond_fn;
using params = std::vector<std::string>;

constexpr const char* game_name = "codenames";

// The table of docs/codenames.md; the platform's codes are route_support's. Anything else is the
// client's input (400).
const status_table& game_codes() {
  static const status_table codes = {
      {"not_a_seat", 403},       {"not_host", 403},         {"platform_only", 403},
      {"no_such_game", 404},     {"not_found", 404},        {"already_created", 409},
      {"already_started", 409},  {"not_started", 409},      {"team_empty", 409},
      {"match_full", 409},       {"not_your_turn", 409},    {"clue_pending", 409},
      {"clue_not_failed", 409},  {"no_proposal", 409},      {"proposal_changed", 409},
      {"own_proposal", 409},     {"no_guess_yet", 409},     {"stale_effect", 409},
      {"game_over", 409},        {"not_over", 409},         {"name_taken", 409},
      {"bad_card", 422},
      {"already_revealed", 422}, {"deck_unavailable", 503},
  };
  return codes;
}

http::response refusal(const std::string& code, const std::string& message) {
  return wordhall::refusal(game_codes(), code, message);
}

std::string base_url(const request& req) {
  return "http://" + (req.host.empty() ? std::string("localhost") : req.host);
}

std::string page_url(const std::string& base, const std::string& id, const char* kind,
                     std::string_view token) {
  return base + "/cn/" + id + "/" + kind + "/" + std::string(token);
}

// answer_command with this game's table of codes.
void answer(const respond_fn& respond, const std::optional<command_outcome>& out,
            const bridge_error& e) {
  answer_command(game_codes(), respond, out, e);
}

// create's reply {"seat":0,"token","invite","spectator"} as the three links.
void answer_created(const respond_fn& respond, const std::string& base, const std::string& id,
                    const command_outcome& out) {
  auto doc = json_document::parse(out.reply);
  std::string_view seat, invite, spectator;
  if (!doc || doc->root()["token"].get(seat) || doc->root()["invite"].get(invite) ||
      doc->root()["spectator"].get(spectator))
    return respond(error_response(500, "internal", "create replied without its secrets"));
  json_writer w;
  w.begin_object().field("matchId", id).field("playerUrl", page_url(base, id, "p", seat))
      .field("inviteUrl", page_url(base, id, "join", invite))
      .field("spectatorUrl", page_url(base, id, "watch", spectator)).end_object();
  respond(json_response(201, w.take()));
}

// join's reply: a new seat's {"seat","token","view"} becomes {"seat","playerUrl","view"} (201);
// a seat's own VIEW stays as it is.
void answer_joined(const respond_fn& respond, const std::string& base, const std::string& id,
                   const command_outcome& out) {
  auto doc = json_document::parse(out.reply);
  std::string_view token;
  int64_t seat = 0;
  simdjson::dom::element view;
  if (!doc || doc->root()["token"].get(token)) return respond(json_response(200, out.reply));
  if (doc->root()["seat"].get(seat) || doc->root()["view"].get(view))
    return respond(error_response(500, "internal", "join replied without the seat's view"));
  json_writer w;
  w.begin_object().field("seat", seat).field("playerUrl", page_url(base, id, "p", token))
      .raw_field("view", to_json_text(view)).end_object();
  respond(json_response(201, w.take()));
}

// Serves the game page when `token` gives `access` ("player", "invite", "spectator") to a
// Codenames match, else the 404 page.
void game_page(caf::actor_system& system, const caf::actor& directory, const std::string& www_root,
               const std::string& id, const std::string& token, std::string access,
               respond_fn respond) {
  command_match(system, directory, id, credential_digest(token), R"({"type":"view"})",
                [www_root, access, respond](std::optional<command_outcome> out,
                                            const bridge_error& e) {
                  if (!out && e.code != "no_such_match") return respond(refusal(e.code, e.message));
                  bool fits = false;
                  if (out && out->ok) {
                    auto doc = json_document::parse(out->reply);
                    std::string_view game, given;
                    fits = doc && !doc->root()["game"].get(game) && game == game_name &&
                           !doc->root()["access"].get(given) && given == access;
                  }
                  respond(fits ? html_page(www_root, "codenames-game.html", 200)
                               : html_page(www_root, "codenames-404.html", 404));
                });
}

}  // namespace

void add_codenames_routes(http::router& routes, caf::actor_system& system, caf::actor directory,
                          std::string www_root, http::creation_limit& creations) {
  auto* sys = &system;
  routes.add("POST", "/api/codenames",
             creations.guard([sys, directory](const request& req, const params&, respond_fn respond) {
               auto body = read_body(req, respond, true);
               if (!body) return;
               create_match(*sys, directory, game_name, "",
                            command_text("create", *body, {"mode", "name", "team"}),
                            [respond, base = base_url(req)](std::string id,
                                                            std::optional<command_outcome> out,
                                                            const bridge_error& e) {
                              if (!out || !out->ok) return answer(respond, out, e);
                              answer_created(respond, base, id, *out);
                            });
             }));
  routes.add("GET", "/api/codenames/{matchId}",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               command_match(*sys, directory, p[0], credential_digest(presented_token(req, nullptr)),
                             R"({"type":"view"})",
                             [respond](std::optional<command_outcome> out, const bridge_error& e) {
                               answer(respond, out, e);
                             });
             });
  routes.add("POST", "/api/codenames/{matchId}/join",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               auto body = read_body(req, respond, true);
               if (!body) return;
               command_match(*sys, directory, p[0], credential_digest(presented_token(req, &*body)),
                             command_text("join", *body, {"name", "team"}),
                             [respond, base = base_url(req), id = p[0]](
                                 std::optional<command_outcome> out, const bridge_error& e) {
                               if (!out || !out->ok) return answer(respond, out, e);
                               answer_joined(respond, base, id, *out);
                             });
             });
  // Each other POST action: the command it becomes and the body fields it carries over.
  auto action = [sys, directory](std::string type, std::vector<std::string> copied) {
    return command_route(*sys, directory, game_codes(), std::move(type), std::move(copied));
  };
  routes.add("POST", "/api/codenames/{matchId}/start", action("start", {}));
  routes.add("POST", "/api/codenames/{matchId}/propose", action("propose", {"card"}));
  routes.add("POST", "/api/codenames/{matchId}/confirm", action("confirm", {"card"}));
  routes.add("POST", "/api/codenames/{matchId}/end-turn", action("end_turn", {}));
  routes.add("POST", "/api/codenames/{matchId}/retry-clue", action("retry_clue", {}));
  routes.add("POST", "/api/codenames/{matchId}/rematch", action("rematch", {"game_number"}));
  for (auto [kind, access] : {std::pair{"p", "player"}, std::pair{"join", "invite"},
                              std::pair{"watch", "spectator"}}) {
    routes.add("GET", std::string("/cn/{matchId}/") + kind + "/{token}",
               [sys, directory, www_root, access = std::string(access)](
                   const request&, const params& p, respond_fn respond) {
                 game_page(*sys, directory, www_root, p[0], p[1], access, std::move(respond));
               });
  }
}

}  // namespace wordhall
