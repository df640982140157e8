#include "events/vectorcards/view.hpp"

#include <algorithm>
#include <cmath>

#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/scoring.hpp"

namespace wordhall::vectorcards {
namespace {

void optional_text(json_writer& out, std::string_view key, const std::string& text) {
  out.key(key);
  if (text.empty()) out.null(); else out.value(text);
}

void write_par(json_writer& out, const std::optional<scored_move>& par) {
  if (!par) {
    out.null();
    return;
  }
  out.begin_object().field("public_token", par->public_token).field("public_sign", par->public_sign)
      .field("private_token", par->private_token).field("private_sign", par->private_sign)
      .field("similarity", par->similarity).end_object();
}

// The projection is a picture: four decimals place a dot to a tenth of a pixel of any screen.
double picture_coordinate(double x) { return std::round(x * 1e4) / 1e4; }

// One leaderboard row without its closing brace, so that the viewer's own can gain "you". Rows
// in a view leave the name to the view's players list (a 50-player view would repeat fifty
// names in each of fifty views); standalone rows (round_state, the resolve reply) carry it.
std::string open_leaderboard_row(const state& s, const round_state& r, const result_row& row,
                                 bool standalone) {
  const player* p = find_by_id(s, row.player);
  auto made = r.moves.find(row.player);
  const move* m = made == r.moves.end() ? nullptr : &made->second;
  auto label = closeness_label(row.similarity);
  json_writer out;
  out.begin_object().field("player", row.player);
  if (standalone) out.field("name", p ? p->name : row.player);
  out.field("rank", row.rank).field("similarity", row.similarity);
  optional_text(out, "nearest_token", m && m->around ? m->around->nearest : "");
  out.field("label", label.nl).field("label_en", label.en).field("submitted", row.submitted)
      .field("points", row.points).key("par");
  // Par is the best move of the dealt cards, jokers aside: a joker that beat it shows its own
  // score as par, so no row reads a par below its score. A hand of jokers only has none, and
  // its row says so rather than repeat the score.
  auto par = r.dealt->par.find(row.player);
  if (par != r.dealt->par.end() && par->second)
    out.value(m && m->joker ? std::max(par->second->similarity, row.similarity)
                            : par->second->similarity);
  else
    out.null();
  out.key("target_rank");
  if (m && m->around) out.value(m->around->target_rank); else out.null();
  // Once the round is over every move is everyone's: both cards (a joker's word) and signs. The
  // cards a player held but did not play stay theirs.
  optional_text(out, "public_token", m ? m->played.public_token : "");
  optional_text(out, "public_sign", m ? m->played.public_sign : "");
  optional_text(out, "private_token", m ? m->played.private_token : "");
  optional_text(out, "private_sign", m ? m->played.private_sign : "");
  out.field("joker", m && m->joker).key("shares");
  auto shares = r.resolved->shares.find(row.player);  // rows are a resolution's
  if (shares != r.resolved->shares.end())
    out.begin_array().value(shares->second.start).value(shares->second.public_card)
        .value(shares->second.private_card).end_array();
  else
    out.null();
  if (s.config.stake) {
    out.key("stake");
    if (m && m->stake) out.value(*m->stake); else out.null();
    out.key("stake_reward");
    if (row.stake_reward) out.value(*row.stake_reward); else out.null();
  }
  out.end_object();
  std::string text = out.take();
  text.pop_back();
  return text;
}

// What every viewer of one state sees alike, rendered once: most of a view's text (the players,
// the standings, the leaderboard). A 50-player match sends 50 views per update, so each viewer
// only adds what is theirs.
struct round_parts {
  std::string public_cards, dealt, submitted, projection, hands;  // hands for the admin only
  std::vector<std::pair<std::string, std::string>> leaderboard;  // player, open row
};

struct view_parts {
  std::string settings, players, standings;
  int rounds_played = 0;
  round_parts round;  // of the current round, if any
};

round_parts share_round(const state& s, const round_state& r, bool admin, bool standalone) {
  round_parts out;
  const deal& d = *r.dealt;
  json_writer publics;
  publics.begin_array();
  for (auto& w : d.public_cards)
    publics.begin_object().field("token", w).field("type", "PUBLIC").end_object();
  out.public_cards = publics.end_array().take();
  json_writer dealt;
  dealt.begin_array();
  for (auto& [id, cards] : d.hands) dealt.value(id);
  out.dealt = dealt.end_array().take();
  json_writer submitted;
  submitted.begin_array();
  for (auto& [id, m] : r.moves) submitted.value(id);
  out.submitted = submitted.end_array().take();
  if (r.resolved) {
    for (auto& row : r.resolved->results)
      out.leaderboard.emplace_back(row.player, open_leaderboard_row(s, r, row, standalone));
    const projection& pic = r.resolved->picture;
    json_writer picture;
    picture.begin_object()
        .key("start").begin_array().value(picture_coordinate(pic.start.x))
        .value(picture_coordinate(pic.start.y)).end_array()
        .key("target").begin_array().value(picture_coordinate(pic.target.x))
        .value(picture_coordinate(pic.target.y)).end_array()
        .key("players").begin_array();
    for (auto& [id, p] : pic.players)
      picture.begin_object().field("player", id).field("x", picture_coordinate(p.x))
          .field("y", picture_coordinate(p.y)).end_object();
    out.projection = picture.end_array().end_object().take();
  }
  if (admin) {
    json_writer hands;
    hands.begin_object();
    for (auto& [id, cards] : d.hands) {
      hands.key(id).begin_array();
      for (auto& c : cards) hands.value(c.token);
      hands.end_array();
    }
    out.hands = hands.end_object().take();
  }
  return out;
}

view_parts share_view(const state& s, bool admin) {
  view_parts out;
  const round_state* current = s.rounds.empty() ? nullptr : &s.rounds.back();
  json_writer settings;
  write_settings(settings, s.config);
  out.settings = settings.take();
  json_writer players;
  players.begin_array();
  for (auto& p : s.players) {
    players.begin_object().field("player", p.id).field("name", p.name).field("host", p.host);
    // Without stakes the score is the points.
    if (s.config.stake) players.field("points", p.points).field("stake_total", p.stake_total);
    players.field("score", match_score(p)).end_object();  // who has moved: round.submitted
  }
  out.players = players.end_array().take();
  for (auto& r : s.rounds) out.rounds_played += r.resolved ? 1 : 0;
  json_writer table;
  table.begin_array();
  // Best first; names and scores are the players list's. Before any round is played nobody
  // stands anywhere (and a 50-player round 1 would open with 50 rows of "1").
  if (out.rounds_played > 0)
    for (auto& st : standings(s))
      table.begin_object().field("player", st.player).field("rank", st.rank).end_object();
  out.standings = table.end_array().take();
  if (current) out.round = share_round(s, *current, admin, false);
  return out;
}

void write_leaderboard(json_writer& out, const round_parts& parts, const player* me) {
  out.begin_array();
  for (auto& [id, row] : parts.leaderboard)
    out.raw(me && me->id == id ? row + ",\"you\":true}" : row + "}");
  out.end_array();
}

void write_round(json_writer& out, const state& s, const round_state& r, const round_parts& parts,
                 const player* me, bool admin) {
  const deal& d = *r.dealt;
  out.begin_object().field("round_id", std::to_string(d.round)).field("round", d.round)
      .field("rounds", s.config.rounds).field("phase", r.resolved ? "results" : "playing")
      .field("start_word", d.start).field("target_word", d.target)
      .field("base_similarity", d.base_similarity).raw_field("public_cards", parts.public_cards)
      .key("private_cards").begin_array();
  auto hand = me ? d.hands.find(me->id) : d.hands.end();
  if (hand != d.hands.end())
    for (auto& c : hand->second)
      out.begin_object().field("token", c.token).field("type", c.joker ? "JOKER" : "PRIVATE")
          .end_object();
  out.end_array().field("dealt_in", hand != d.hands.end())
      .field("moves_deadline_ts", d.deadline_ms).raw_field("dealt", parts.dealt)
      .raw_field("submitted", parts.submitted)
      .key("your_move");
  auto mine = me ? r.moves.find(me->id) : r.moves.end();
  if (mine != r.moves.end()) write_own_move(out, mine->second); else out.null();
  out.key("results");
  if (!r.resolved) {
    out.null();
  } else {
    out.begin_object().field("reason", r.resolved->reason).key("leaderboard");
    write_leaderboard(out, parts, me);
    out.key("your_par");
    auto par = me ? d.par.find(me->id) : d.par.end();
    if (par != d.par.end()) write_par(out, par->second); else out.null();
    out.raw_field("projection", parts.projection).end_object();
  }
  if (admin) out.raw_field("hands", parts.hands);
  out.end_object();
}

std::string render_view(const state& s, const view_parts& parts, const std::string& caller,
                        bool admin) {
  const player* me = find_by_digest(s, caller);
  json_writer out;
  out.reserve(parts.settings.size() + parts.players.size() + parts.standings.size() +
              parts.round.public_cards.size() + parts.round.submitted.size() +
              parts.round.dealt.size() + parts.round.projection.size() + parts.round.leaderboard.size() * 256 + 1024);
  out.begin_object().field("game", "vectorcards").field("name", s.name)
      .field("status", s.status).raw_field("settings", parts.settings).key("you");
  if (me)
    out.begin_object().field("player", me->id).field("name", me->name).field("host", me->host)
        .end_object();
  else
    out.null();
  out.raw_field("players", parts.players).key("round");
  if (s.rounds.empty()) out.null(); else write_round(out, s, s.rounds.back(), parts.round, me, admin);
  out.field("rounds_played", parts.rounds_played).raw_field("standings", parts.standings)
      .key("rematch");
  if (s.rematch.empty()) out.null(); else out.value(s.rematch);
  out.end_object();
  return out.take();
}

}  // namespace

void write_own_move(json_writer& out, const move& m) {
  auto label = closeness_label(m.played.similarity);
  out.begin_object().field("public_token", m.played.public_token)
      .field("public_sign", m.played.public_sign).field("private_token", m.played.private_token)
      .field("private_sign", m.played.private_sign).field("joker", m.joker)
      .field("similarity", m.played.similarity);
  write_neighbourhood_fields(out, m.around);
  out.field("label", label.nl).field("label_en", label.en).key("stake");
  if (m.stake) out.value(*m.stake); else out.null();
  out.end_object();
}

void write_neighbourhood_fields(json_writer& out, const std::optional<neighbourhood>& around) {
  optional_text(out, "nearest_token", around ? around->nearest : "");
  out.key("nearest_similarity");
  if (around) out.value(around->nearest_similarity); else out.null();
  out.key("target_rank");
  if (around) out.value(around->target_rank); else out.null();
}

std::string leaderboard_json(const state& s, const round_state& r, const std::string& caller) {
  json_writer out;
  write_leaderboard(out, share_round(s, r, false, true), find_by_digest(s, caller));
  return out.take();
}

std::string round_json(const state& s, const round_state& r, const std::string& caller, bool admin) {
  json_writer out;
  write_round(out, s, r, share_round(s, r, admin, true), find_by_digest(s, caller), admin);
  return out.take();
}

std::string view_json(const state& s, const std::string& caller, bool admin) {
  return render_view(s, share_view(s, admin), caller, admin);
}

std::vector<std::string> views_json(const state& s, const std::vector<std::string>& callers) {
  auto parts = share_view(s, false);
  std::vector<std::string> out;
  out.reserve(callers.size());
  for (auto& caller : callers) out.push_back(render_view(s, parts, caller, false));
  return out;
}

}  // namespace wordhall::vectorcards
