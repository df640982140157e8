#include "events/vectorcards/view.hpp"

#include "events/json_writer.hpp"
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

void write_own_move(json_writer& out, const move& m) {
  auto label = closeness_label(m.played.similarity);
  out.begin_object().field("public_token", m.played.public_token)
      .field("public_sign", m.played.public_sign).field("private_token", m.played.private_token)
      .field("private_sign", m.played.private_sign).field("joker", m.joker)
      .field("similarity", m.played.similarity);
  optional_text(out, "nearest_token", m.nearest_token);
  out.field("nearest_similarity", m.nearest_similarity).field("target_rank", m.target_rank)
      .field("label", label.nl).field("label_en", label.en).key("stake");
  if (m.stake) out.value(*m.stake); else out.null();
  out.end_object();
}

void write_leaderboard(json_writer& out, const state& s, const round_state& r,
                       const std::string& caller, bool admin) {
  out.begin_array();
  if (!r.resolved) {
    out.end_array();
    return;
  }
  for (auto& row : r.resolved->results) {
    const player* p = find_by_id(s, row.player);
    auto made = r.moves.find(row.player);
    const move* m = made == r.moves.end() ? nullptr : &made->second;
    auto label = closeness_label(row.similarity);
    out.begin_object().field("player", row.player).field("name", p ? p->name : row.player)
        .field("rank", row.rank).field("similarity", row.similarity);
    optional_text(out, "nearest_token", m ? m->nearest_token : "");
    out.field("label", label.nl).field("label_en", label.en).field("submitted", row.submitted)
        .field("points", row.points).key("par");
    auto par = r.dealt.par.find(row.player);
    if (par != r.dealt.par.end() && par->second) out.value(par->second->similarity); else out.null();
    out.key("target_rank");
    if (m) out.value(m->target_rank); else out.null();
    // The public card is everyone's; the private card stays its owner's.
    optional_text(out, "public_token", m ? m->played.public_token : "");
    optional_text(out, "public_sign", m ? m->played.public_sign : "");
    if (admin && m) {
      out.field("private_token", m->played.private_token).field("private_sign", m->played.private_sign);
    }
    out.key("stake");
    if (m && m->stake) out.value(*m->stake); else out.null();
    out.key("stake_reward");
    if (row.stake_reward) out.value(*row.stake_reward); else out.null();
    if (p && !caller.empty() && p->digest == caller) out.field("you", true);
    out.end_object();
  }
  out.end_array();
}

}  // namespace

std::string leaderboard_json(const state& s, const round_state& r, const std::string& caller) {
  json_writer out;
  write_leaderboard(out, s, r, caller, false);
  return out.take();
}

std::string round_json(const state& s, const round_state& r, const std::string& caller, bool admin) {
  const player* me = find_by_digest(s, caller);
  const deal& d = r.dealt;
  json_writer out;
  out.begin_object().field("round_id", std::to_string(d.round)).field("round", d.round)
      .field("rounds", s.config.rounds).field("phase", r.resolved ? "results" : "playing")
      .field("start_word", d.start).field("target_word", d.target)
      .field("base_similarity", d.base_similarity).key("public_cards").begin_array();
  for (auto& w : d.public_cards)
    out.begin_object().field("token", w).field("type", "PUBLIC").end_object();
  out.end_array().key("private_cards").begin_array();
  auto hand = me ? d.hands.find(me->id) : d.hands.end();
  if (hand != d.hands.end())
    for (auto& c : hand->second)
      out.begin_object().field("token", c.token).field("type", c.joker ? "JOKER" : "PRIVATE")
          .end_object();
  out.end_array().field("dealt_in", hand != d.hands.end())
      .field("moves_deadline_ts", d.deadline_ms).key("submitted").begin_array();
  for (auto& [id, m] : r.moves) out.value(id);
  out.end_array().key("your_move");
  auto mine = me ? r.moves.find(me->id) : r.moves.end();
  if (mine != r.moves.end()) write_own_move(out, mine->second); else out.null();
  out.key("results");
  if (!r.resolved) {
    out.null();
  } else {
    out.begin_object().field("reason", r.resolved->reason).key("leaderboard");
    write_leaderboard(out, s, r, caller, admin);
    out.key("your_par");
    auto par = me ? d.par.find(me->id) : d.par.end();
    if (par != d.par.end()) write_par(out, par->second); else out.null();
    const projection& pic = r.resolved->picture;
    out.key("projection").begin_object()
        .key("start").begin_array().value(pic.start.x).value(pic.start.y).end_array()
        .key("target").begin_array().value(pic.target.x).value(pic.target.y).end_array()
        .key("players").begin_array();
    for (auto& [id, p] : pic.players)
      out.begin_object().field("player", id).field("x", p.x).field("y", p.y).end_object();
    out.end_array().end_object().end_object();
  }
  if (admin) {
    out.key("hands").begin_object();
    for (auto& [id, cards] : d.hands) {
      out.key(id).begin_array();
      for (auto& c : cards) out.value(c.token);
      out.end_array();
    }
    out.end_object();
  }
  out.end_object();
  return out.take();
}

std::string view_json(const state& s, const std::string& caller, bool admin) {
  const player* me = find_by_digest(s, caller);
  const round_state* current = s.rounds.empty() ? nullptr : &s.rounds.back();
  json_writer out;
  out.begin_object().field("game", "vectorcards").field("name", s.name)
      .field("status", s.status).key("settings");
  write_settings(out, s.config);
  out.key("you");
  if (me)
    out.begin_object().field("player", me->id).field("name", me->name).field("host", me->host)
        .end_object();
  else
    out.null();
  out.key("players").begin_array();
  for (auto& p : s.players)
    out.begin_object().field("player", p.id).field("name", p.name).field("host", p.host)
        .field("points", p.points).field("stake_total", p.stake_total)
        .field("score", match_score(p))
        .field("submitted", current && current->moves.count(p.id) > 0).end_object();
  out.end_array().key("round");
  if (current) out.raw(round_json(s, *current, caller, admin)); else out.null();
  int played = 0;
  for (auto& r : s.rounds) played += r.resolved ? 1 : 0;
  out.field("rounds_played", played).key("standings").begin_array();
  for (auto& st : standings(s)) {
    const player* p = find_by_id(s, st.player);
    out.begin_object().field("player", st.player).field("name", p ? p->name : st.player)
        .field("score", st.score).field("rank", st.rank).end_object();
  }
  out.end_array().end_object();
  return out.take();
}

}  // namespace wordhall::vectorcards
