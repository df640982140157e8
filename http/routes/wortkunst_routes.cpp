#include "http/routes/wortkunst_routes.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "actors/bridge.hpp"
#include "http/routes/route_support.hpp"
#include "actors/secrets.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/wortkunst/gcg.hpp"

namespace wordhall {
namespace {

using http::error_response;
using http::json_response;
using http::request;
using http::respond_fn;
using params = std::vector<std::string>;

constexpr const char* game_name = "wortkunst";

// The table of docs/wortkunst.md; the platform's codes are route_support's. Anything else is
// the client's input (400); the move-shaped codes are 422.
const status_table& game_codes() {
  static const status_table codes = {
      {"not_a_seat", 403}, {"not_host", 403}, {"platform_only", 403},
      {"no_such_game", 404}, {"not_found", 404}, {"already_created", 409},
      {"host_not_joined", 409}, {"already_started", 409}, {"not_started", 409},
      {"seat_locked", 409}, {"not_your_turn", 409}, {"rating_pending", 409},
      {"rating_not_failed", 409}, {"bag_too_small", 409}, {"stale_effect", 409},
      {"game_over", 409}, {"name_taken", 409}, {"no_tiles", 422}, {"bad_square", 422},
      {"duplicate_square", 422}, {"square_taken", 422}, {"bad_letter", 422},
      {"blank_unassigned", 422}, {"tile_not_on_rack", 422}, {"tiles_not_in_line", 422},
      {"gap_in_word", 422}, {"not_connected", 422}, {"first_move_off_centre", 422},
      {"first_move_too_short", 422}, {"no_word_formed", 422},
  };
  return codes;
}

http::response refusal(const std::string& code, const std::string& message) {
  return wordhall::refusal(game_codes(), code, message);
}


// answer_command with this game's table of codes.
void answer(const respond_fn& respond, const std::optional<command_outcome>& out,
            const bridge_error& e) {
  answer_command(game_codes(), respond, out, e);
}

// The absolute URL of each seat, host first, from the create command's reply
// {"seats":[{"seat":0,"token":SECRET},…]}; nullopt when the reply has another shape.
std::optional<std::vector<std::string>> seat_urls(const std::string& reply, const std::string& base,
                                                  const std::string& game_id) {
  auto doc = json_document::parse(reply);
  simdjson::dom::array seats;
  if (!doc || doc->root()["seats"].get(seats)) return std::nullopt;
  std::vector<std::pair<int64_t, std::string>> numbered;
  for (auto s : seats) {
    int64_t seat = 0;
    std::string_view token;
    if (s["seat"].get(seat) || s["token"].get(token)) return std::nullopt;
    numbered.emplace_back(seat, std::string(token));
  }
  std::sort(numbered.begin(), numbered.end());
  std::vector<std::string> urls;
  for (auto& [seat, token] : numbered) urls.push_back(base + "/g/" + game_id + "/p/" + token);
  return urls;
}

// Serves the game page when the token is a seat of a Wortkunst game, else the 404 page.
void game_page(caf::actor_system& system, const caf::actor& directory, const std::string& www_root,
               const std::string& game_id, const std::string& token, respond_fn respond) {
  command_match(system, directory, game_id, credential_digest(token), R"({"type":"view"})",
                [www_root, respond](std::optional<command_outcome> out, const bridge_error& e) {
                  if (!out && e.code != "no_such_match") return respond(refusal(e.code, e.message));
                  bool seat = false;
                  if (out && out->ok) {
                    auto doc = json_document::parse(out->reply);
                    std::string_view game;
                    int64_t you = -1;
                    seat = doc && !doc->root()["game"].get(game) && game == game_name &&
                           !doc->root()["you"].get(you) && you >= 0;
                  }
                  respond(seat ? html_page(www_root, "wortkunst-game.html", 200)
                               : html_page(www_root, "wortkunst-404.html", 404));
                });
}

// The game's GCG file for the caller (see the header), or why not.
http::response gcg_file(const storage::journal& journal, const std::string& game_id,
                        const std::string& caller) {
  storage::match_meta meta;
  auto st = journal.read_meta(game_id, &meta);
  if (st.code() == storage::status_code::not_found || (st.ok() && meta.game != game_name))
    return refusal("no_such_game", "this game does not exist");
  std::vector<event_envelope> stored;
  if (st.ok())
    st = journal.for_each_event(game_id, 1, UINT64_MAX, [&](const event_envelope& e) {
      stored.push_back(e);
      return true;
    });
  if (!st.ok()) return refusal("unavailable", "the game's moves cannot be read: " + st.message());
  auto text = wortkunst::gcg_of_stream(stored, game_id, wortkunst::gcg_reader{caller, false});
  if (!text) return refusal("data_loss", text.err().message);
  http::response file;
  file.content_type = "text/plain; charset=utf-8";
  file.body = std::move(*text);
  file.headers.push_back(
      {"Content-Disposition", "attachment; filename=\"wortkunst-" + game_id + ".gcg\""});
  file.headers.push_back({"Cache-Control", "no-store"});
  return file;
}

}  // namespace

void add_wortkunst_routes(http::router& routes, caf::actor_system& system, caf::actor directory,
                          std::string www_root, wortkunst_route_context context,
                          http::creation_limit& creations) {
  auto* sys = &system;
  routes.add("POST", "/api/games",
             creations.guard([sys, directory](const request& req, const params&, respond_fn respond) {
               auto body = read_body(req, respond, true);
               if (!body) return;
               std::string base = "http://" + (req.host.empty() ? std::string("localhost") : req.host);
               create_match(
                   *sys, directory, game_name, "",
                   command_text("create", *body, {"playerCount", "settings"}),
                   [respond, base](std::string id, std::optional<command_outcome> out,
                                   const bridge_error& e) {
                     if (!out || !out->ok) return answer(respond, out, e);
                     auto urls = seat_urls(out->reply, base, id);
                     if (!urls)
                       return respond(error_response(500, "internal", "create replied without seats"));
                     json_writer w;
                     w.begin_object().field("gameId", id).key("playerUrls").begin_array();
                     for (auto& u : *urls) w.value(u);
                     w.end_array().end_object();
                     respond(json_response(201, w.take()));
                   });
             }));
  routes.add("GET", "/g/{gameId}/p/{seatToken}",
             [sys, directory, www_root](const request&, const params& p, respond_fn respond) {
               game_page(*sys, directory, www_root, p[0], p[1], std::move(respond));
             });
  routes.add("GET", "/api/games/{gameId}",
             [sys, directory](const request& req, const params& p, respond_fn respond) {
               command_match(*sys, directory, p[0], credential_digest(presented_token(req, nullptr)),
                             R"({"type":"view"})",
                             [respond](std::optional<command_outcome> out, const bridge_error& e) {
                               answer(respond, out, e);
                             });
             });
  // Each POST action: the command it becomes and the body fields it carries over.
  auto action = [sys, directory](std::string type, std::vector<std::string> copied) {
    return command_route(*sys, directory, game_codes(), std::move(type), std::move(copied));
  };
  routes.add("POST", "/api/games/{gameId}/join", action("join", {"name"}));
  routes.add("POST", "/api/games/{gameId}/start", action("start", {}));
  routes.add("POST", "/api/games/{gameId}/place", action("place", {"tiles"}));
  routes.add("POST", "/api/games/{gameId}/exchange", action("exchange", {"letters"}));
  routes.add("POST", "/api/games/{gameId}/pass", action("pass", {}));
  routes.add("POST", "/api/games/{gameId}/retry-rating", action("retry_rating", {}));
  routes.add("POST", "/api/games/{gameId}/check", action("check", {"tiles"}));
  if (context.journal)
    routes.add("GET", "/api/games/{gameId}/gcg",
               [journal = context.journal](const request& req, const params& p, respond_fn respond) {
                 respond(gcg_file(*journal, p[0], credential_digest(presented_token(req, nullptr))));
               });
  json_writer judge;
  judge.begin_object();
  if (context.judge == "offline") judge.field("judge", "offline");
  else judge.field("judge", "llm").field("model", context.judge);
  routes.add("GET", "/api/wortkunst/judge",
             [body = judge.end_object().take()](const request&, const params&, respond_fn respond) {
               respond(json_response(200, body));
             });
}

}  // namespace wordhall
