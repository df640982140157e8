#include "http/routes/admin_routes.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

#include "actors/bridge.hpp"
#include "actors/recovery.hpp"
#include "events/json_writer.hpp"

namespace wordhall {
namespace {

using http::error_response;
using http::json_response;
using http::request;
using http::respond_fn;

// Compares in time independent of where the strings differ, so the token can't be guessed
// byte by byte from response times.
bool constant_time_equal(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() != b.size();
  for (size_t i = 0; i < a.size(); ++i) diff |= a[i] ^ (i < b.size() ? b[i] : 0);
  return diff == 0;
}

// Answers the request itself and returns false unless the caller may use the admin API.
bool authorized(const admin_context& ctx, const request& req, const respond_fn& respond) {
  if (ctx.config->admin_token.empty()) {
    respond(error_response(404, "admin_disabled",
                           "admin is disabled: start the server with WORDHALL_ADMIN_TOKEN"));
    return false;
  }
  if (!constant_time_equal(req.authorization, "Bearer " + ctx.config->admin_token)) {
    auto r = error_response(401, "unauthorized", "a valid admin bearer token is required");
    r.headers.push_back({"WWW-Authenticate", "Bearer realm=\"wordhall admin\""});
    respond(r);
    return false;
  }
  return true;
}

// Reads query parameter `name` as an integer in [min, max], or `fallback` when absent.
bool query_int(const request& req, const std::string& name, int64_t min, int64_t max,
               int64_t fallback, int64_t* out, const respond_fn& respond) {
  auto it = req.query.find(name);
  if (it == req.query.end()) {
    *out = fallback;
    return true;
  }
  const std::string& v = it->second;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), *out);
  if (ec != std::errc() || end != v.data() + v.size() || *out < min || *out > max) {
    respond(error_response(400, "bad_query",
                           "\"" + name + "\" must be an integer from " + std::to_string(min) +
                               " to " + std::to_string(max)));
    return false;
  }
  return true;
}

// What the admin reads about a table the listing read around (journal.hpp, listing_damage).
std::string skipped_table_sentence(const storage::skipped_table& t) {
  std::string span = t.first_id.empty() && t.last_id.empty()
                         ? "any match"
                         : "matches from " + (t.first_id.empty() ? "the first" : t.first_id) +
                               " to " + (t.last_id.empty() ? "the last" : t.last_id);
  return "the journal's table file " + t.file + " is damaged (" + t.reason +
         "); the listing read around it, so " + span +
         " whose records are only in that file are missing here";
}

void list_matches(const admin_context& ctx, const request& req, respond_fn respond) {
  int64_t limit;
  if (!query_int(req, "limit", 1, 500, 50, &limit, respond)) return;
  auto after = req.query.count("after") ? req.query.at("after") : std::string();
  std::vector<storage::match_meta> page;
  storage::listing_damage damage;
  // One more than asked tells whether there is a next page. Damage in the journal never fails
  // the listing: it lists what it can read and says below what it passed over.
  auto st = ctx.journal->list_matches(after, static_cast<size_t>(limit) + 1, &page, &damage);
  if (st.code() == storage::status_code::invalid_argument)  // "after" is no match id
    return respond(error_response(400, "bad_query", "\"after\": " + st.message()));
  if (!st.ok()) return respond(error_response(503, st.code_name(), st.message()));
  bool more = page.size() > static_cast<size_t>(limit);
  if (more) page.pop_back();
  json_writer out;
  out.begin_object().key("matches").begin_array();
  for (auto& m : page) {
    out.begin_object().field("id", m.id).field("game", m.game).field("status", m.status)
        .key("players").begin_array();
    for (auto& p : m.players) out.value(p);
    out.end_array().field("created", m.created_ms).field("updated", m.updated_ms)
        .field("events", m.last_seq);
    // Each listed match's records are read in full, so a damaged one shows here before anyone
    // plays it: null, or what failed.
    auto health = ctx.journal->verify_match(m.id);
    out.key("damaged");
    if (health.code() == storage::status_code::data_loss) out.value(health.message()); else out.null();
    out.end_object();
  }
  out.end_array().key("unreadable").begin_array();
  for (auto& id : damage.records) {
    out.begin_object().field("id", id)
        .field("damaged", "the match's meta record is damaged").end_object();
  }
  out.end_array().key("skipped").begin_array();
  for (auto& t : damage.tables) {
    out.begin_object().field("file", t.file).field("firstId", t.first_id)
        .field("lastId", t.last_id).field("damaged", skipped_table_sentence(t)).end_object();
  }
  out.end_array().key("stopped");
  if (damage.stopped.empty()) out.null(); else out.value(damage.stopped);
  out.key("next");
  if (more) out.value(page.back().id); else out.null();
  out.end_object();
  respond(json_response(200, out.take()));
}

// A malformed id (empty, over 255 bytes) is the caller's mistake, not the journal's trouble: 400.
bool find_meta(const admin_context& ctx, const std::string& id, storage::match_meta* meta,
               const respond_fn& respond) {
  auto st = ctx.journal->read_meta(id, meta);
  if (st.ok()) return true;
  if (st.code() == storage::status_code::not_found)
    respond(error_response(404, "no_such_match", "no match \"" + id + "\""));
  else if (st.code() == storage::status_code::invalid_argument)
    respond(error_response(400, "bad_match_id", st.message()));
  else
    respond(error_response(st.code() == storage::status_code::data_loss ? 500 : 503,
                           st.code_name(), st.message()));
  return false;
}

void list_events(const admin_context& ctx, const request& req, const std::string& id,
                 respond_fn respond) {
  storage::match_meta meta;
  if (!find_meta(ctx, id, &meta, respond)) return;
  int64_t from, limit;
  if (!query_int(req, "from", 1, INT64_MAX, 1, &from, respond)) return;
  if (!query_int(req, "limit", 1, 1000, 100, &limit, respond)) return;
  std::vector<event_envelope> events;
  auto st = ctx.journal->read_events(id, static_cast<uint64_t>(from), static_cast<size_t>(limit),
                                     &events);
  if (!st.ok()) return respond(error_response(st.code() == storage::status_code::data_loss ? 500 : 503,
                                              st.code_name(), st.message()));
  uint64_t last = ctx.journal->last_seq(id);
  json_writer out;
  out.begin_object().field("matchId", id).field("lastSeq", last).key("events").begin_array();
  for (auto& e : events) write_envelope(out, e);
  out.end_array().key("next");
  if (!events.empty() && events.back().seq < last) out.value(events.back().seq + 1); else out.null();
  out.end_object();
  respond(json_response(200, out.take()));
}

std::string state_body(const std::string& id, const std::string& game, uint64_t at,
                       uint64_t last, const std::string& hash, const std::string& state,
                       bool live) {
  json_writer out;
  out.begin_object().field("matchId", id).field("game", game).field("at", at)
      .field("lastSeq", last).field("hash", hash).field("live", live).raw_field("state", state)
      .end_object();
  return out.take();
}

void match_state_at(const admin_context& ctx, const request& req, const std::string& id,
                    respond_fn respond) {
  storage::match_meta meta;
  if (!find_meta(ctx, id, &meta, respond)) return;
  uint64_t last = ctx.journal->last_seq(id);
  if (!req.query.count("at")) {
    inspect_match(*ctx.system, ctx.directory, id,
                  [id, respond](std::optional<live_report> r, const bridge_error& e) {
                    if (!r) {
                      int status = e.code == "no_such_match" ? 404
                                   : e.code == "match_broken" || e.code == "data_loss" ? 500
                                                                                       : 503;
                      return respond(error_response(status, e.code, e.message));
                    }
                    respond(json_response(200, state_body(id, r->game, r->last_seq, r->last_seq,
                                                          r->hash, r->state, true)));
                  });
    return;
  }
  int64_t at;
  if (!query_int(req, "at", 0, static_cast<int64_t>(last), 0, &at, respond)) return;
  const game* g = ctx.games->find(meta.game);
  if (!g) return respond(error_response(500, "unknown_game", "no game \"" + meta.game + "\""));
  recovery_options options;
  options.at_most_seq = static_cast<uint64_t>(at);
  auto recovered = recover_match(*ctx.journal, *g, id, options);
  if (!recovered) return respond(error_response(500, recovered.err().code, recovered.err().message));
  respond(json_response(200, state_body(id, meta.game, recovered->last_seq, last,
                                        state_hash(*g, *recovered->state),
                                        g->encode_state(*recovered->state), false)));
}

void admin_page(const admin_context& ctx, respond_fn respond) {
  std::ifstream in(ctx.config->www_root + "/admin.html");
  if (!in) return respond(error_response(404, "not_found", "admin.html is missing"));
  std::stringstream buf;
  buf << in.rdbuf();
  http::response r;
  r.content_type = "text/html; charset=utf-8";
  r.body = buf.str();
  r.headers.push_back({"Cache-Control", "no-cache"});
  respond(std::move(r));
}

}  // namespace

void add_admin_routes(http::router& routes, admin_context ctx) {
  routes.add("GET", "/admin", [ctx](const request&, const std::vector<std::string>&, respond_fn respond) {
    if (ctx.config->admin_token.empty())
      return respond(error_response(404, "admin_disabled",
                                    "admin is disabled: start the server with WORDHALL_ADMIN_TOKEN"));
    admin_page(ctx, std::move(respond));
  });
  routes.add("GET", "/admin/matches",
             [ctx](const request& req, const std::vector<std::string>&, respond_fn respond) {
               if (authorized(ctx, req, respond)) list_matches(ctx, req, std::move(respond));
             });
  routes.add("GET", "/admin/matches/{id}/events",
             [ctx](const request& req, const std::vector<std::string>& p, respond_fn respond) {
               if (authorized(ctx, req, respond)) list_events(ctx, req, p[0], std::move(respond));
             });
  routes.add("GET", "/admin/matches/{id}/state",
             [ctx](const request& req, const std::vector<std::string>& p, respond_fn respond) {
               if (authorized(ctx, req, respond)) match_state_at(ctx, req, p[0], std::move(respond));
             });
}

}  // namespace wordhall
