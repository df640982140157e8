#include "events/vectorcards/codec_parts.hpp"

namespace wordhall::vectorcards::codec_parts {

void write_move(json_writer& out, const scored_move& m) {
  out.field("public_token", m.public_token).field("public_sign", m.public_sign)
      .field("private_token", m.private_token).field("private_sign", m.private_sign)
      .field("similarity", m.similarity);
}

void write_player(json_writer& out, const player& p) {
  out.begin_object().field("player", p.id).field("name", p.name).field("digest", p.digest)
      .field("host", p.host).field("points", p.points).field("stake_total", p.stake_total)
      .end_object();
}

void write_point(json_writer& out, const point2& p) {
  out.begin_array().value(p.x).value(p.y).end_array();
}

void write_deal(json_writer& out, const deal& d) {
  out.field("round", d.round).field("seed", d.seed).field("start", d.start)
      .field("target", d.target).field("base_similarity", d.base_similarity);
  out.key("public").begin_array();
  for (auto& w : d.public_cards) out.value(w);
  out.end_array().key("hands").begin_object();
  for (auto& [id, hand] : d.hands) {
    out.key(id).begin_array();
    for (auto& c : hand) out.begin_object().field("token", c.token).field("joker", c.joker).end_object();
    out.end_array();
  }
  out.end_object().key("par").begin_object();
  for (auto& [id, par] : d.par) {
    out.key(id);
    if (!par) {
      out.null();
      continue;
    }
    out.begin_object();
    write_move(out, *par);
    out.end_object();
  }
  out.end_object().field("deadline_ms", d.deadline_ms);
}

namespace {

// A move's nearest word and target rank: fields of the move (state, v1 events) or of its entry
// in a resolution's "neighbours".
void write_neighbourhood(json_writer& out, const neighbourhood& n) {
  out.field("nearest_token", n.nearest).field("nearest_similarity", n.nearest_similarity)
      .field("target_rank", n.target_rank);
}

result<neighbourhood> read_neighbourhood(object o) {
  neighbourhood n;
  WORDHALL_TRY(read_string(o, "nearest_token", &n.nearest));
  WORDHALL_TRY(read_double(o, "nearest_similarity", &n.nearest_similarity));
  WORDHALL_TRY(read_int(o, "target_rank", &n.target_rank));
  return n;
}

}  // namespace

void write_made(json_writer& out, const move& m) {
  write_move(out, m.played);
  out.field("joker", m.joker);
  if (m.around) write_neighbourhood(out, *m.around);
  out.key("stake");
  if (m.stake) out.value(*m.stake); else out.null();
}

void write_neighbours(json_writer& out, const std::map<std::string, neighbourhood>& found) {
  out.begin_object();
  for (auto& [id, n] : found) {
    out.key(id).begin_object();
    write_neighbourhood(out, n);
    out.end_object();
  }
  out.end_object();
}

void write_resolution(json_writer& out, const resolution& r) {
  out.field("reason", r.reason).key("results").begin_array();
  for (auto& row : r.results) {
    out.begin_object().field("player", row.player).field("similarity", row.similarity)
        .field("submitted", row.submitted).field("rank", row.rank).field("points", row.points)
        .key("stake_reward");
    if (row.stake_reward) out.value(*row.stake_reward); else out.null();
    out.end_object();
  }
  out.end_array().key("projection");
  write_projection(out, r.picture);
  if (!r.shares.empty()) {
    out.key("shares");
    write_shares(out, r.shares);
  }
}

void write_shares(json_writer& out, const std::map<std::string, move_shares>& shares) {
  out.begin_object();
  for (auto& [id, part] : shares)
    out.key(id).begin_array().value(part.start).value(part.public_card).value(part.private_card)
        .end_array();
  out.end_object();
}

void write_projection(json_writer& out, const projection& p) {
  out.begin_object().key("start");
  write_point(out, p.start);
  out.key("target");
  write_point(out, p.target);
  out.key("players").begin_object();
  for (auto& [id, point] : p.players) {
    out.key(id);
    write_point(out, point);
  }
  out.end_object().end_object();
}

void write_standings(json_writer& out, const std::vector<standing>& list) {
  out.begin_array();
  for (auto& s : list)
    out.begin_object().field("player", s.player).field("score", s.score).field("rank", s.rank)
        .end_object();
  out.end_array();
}


result<void> read_string(object o, std::string_view f, std::string* out) {
  return read_into(get_string(o, f), out);
}
result<void> read_double(object o, std::string_view f, double* out) {
  return read_into(get_double(o, f), out);
}
result<void> read_bool(object o, std::string_view f, bool* out) {
  return read_into(get_bool(o, f), out);
}

result<object> read_object(object o, std::string_view f) {
  auto e = find_field(o, f);
  if (!e) return make_error("bad_field", "\"" + std::string(f) + "\" is required");
  return as_object(*e, f);
}

result<scored_move> read_move(object o) {
  scored_move m;
  WORDHALL_TRY(read_string(o, "public_token", &m.public_token));
  WORDHALL_TRY(read_string(o, "public_sign", &m.public_sign));
  WORDHALL_TRY(read_string(o, "private_token", &m.private_token));
  WORDHALL_TRY(read_string(o, "private_sign", &m.private_sign));
  WORDHALL_TRY(read_double(o, "similarity", &m.similarity));
  return m;
}

result<player> read_player(object o) {
  player p;
  WORDHALL_TRY(read_string(o, "player", &p.id));
  WORDHALL_TRY(read_string(o, "name", &p.name));
  WORDHALL_TRY(read_string(o, "digest", &p.digest));
  WORDHALL_TRY(read_bool(o, "host", &p.host));
  WORDHALL_TRY(read_int(o, "points", &p.points));
  WORDHALL_TRY(read_double(o, "stake_total", &p.stake_total));
  return p;
}

result<point2> read_point(element e) {
  if (!e.is_array()) return make_error("bad_field", "a point must be [x, y]");
  std::vector<double> xy;
  for (auto v : array_of(e)) {
    if (!v.is_number()) return make_error("bad_field", "a point must be [x, y]");
    xy.push_back(v.get_double().value());
  }
  if (xy.size() != 2) return make_error("bad_field", "a point must be [x, y]");
  return point2{xy[0], xy[1]};
}

result<deal> read_deal(object o) {
  deal d;
  WORDHALL_TRY(read_int(o, "round", &d.round));
  auto seed = get_uint(o, "seed");
  if (!seed) return seed.err();
  d.seed = *seed;
  WORDHALL_TRY(read_string(o, "start", &d.start));
  WORDHALL_TRY(read_string(o, "target", &d.target));
  WORDHALL_TRY(read_double(o, "base_similarity", &d.base_similarity));
  WORDHALL_TRY(read_int(o, "deadline_ms", &d.deadline_ms));
  auto publics = read_array(o, "public");
  if (!publics) return publics.err();
  for (auto w : *publics) {
    if (!w.is_string()) return make_error("bad_field", "public cards must be words");
    d.public_cards.emplace_back(std::string_view(w.get_string().value()));
  }
  auto hands = read_object(o, "hands");
  if (!hands) return hands.err();
  for (auto [id, cards] : *hands) {
    if (!cards.is_array()) return make_error("bad_field", "a hand must be an array");
    auto& hand = d.hands[std::string(id)];
    for (auto c : array_of(cards)) {
      auto co = as_object(c, "card");
      if (!co) return co.err();
      card k;
      WORDHALL_TRY(read_string(*co, "token", &k.token));
      WORDHALL_TRY(read_bool(*co, "joker", &k.joker));
      hand.push_back(k);
    }
  }
  auto par = read_object(o, "par");
  if (!par) return par.err();
  for (auto [id, value] : *par) {
    auto& slot = d.par[std::string(id)];
    if (value.is_null()) continue;
    auto po = as_object(value, "par");
    if (!po) return po.err();
    auto m = read_move(*po);
    if (!m) return m.err();
    slot = *m;
  }
  return d;
}

result<move> read_made(object o) {
  move m;
  auto played = read_move(o);
  if (!played) return played.err();
  m.played = *played;
  WORDHALL_TRY(read_bool(o, "joker", &m.joker));
  if (find_field(o, "nearest_token")) {
    auto around = read_neighbourhood(o);
    if (!around) return around.err();
    m.around = *around;
  }
  if (auto stake = find_field(o, "stake"); stake && stake->is_int64())
    m.stake = static_cast<int>(stake->get_int64().value());
  return m;
}

result<resolution> read_resolution(object o) {
  resolution r;
  WORDHALL_TRY(read_string(o, "reason", &r.reason));
  auto rows = read_array(o, "results");
  if (!rows) return rows.err();
  for (auto e : *rows) {
    auto ro = as_object(e, "result");
    if (!ro) return ro.err();
    result_row row;
    WORDHALL_TRY(read_string(*ro, "player", &row.player));
    WORDHALL_TRY(read_double(*ro, "similarity", &row.similarity));
    WORDHALL_TRY(read_bool(*ro, "submitted", &row.submitted));
    WORDHALL_TRY(read_int(*ro, "rank", &row.rank));
    WORDHALL_TRY(read_int(*ro, "points", &row.points));
    if (auto reward = find_field(*ro, "stake_reward"); reward && reward->is_number())
      row.stake_reward = reward->get_double().value();
    r.results.push_back(row);
  }
  auto picture = read_projection(o, "projection");
  if (!picture) return picture.err();
  r.picture = std::move(*picture);
  auto shares = read_shares(o, "shares");
  if (!shares) return shares.err();
  r.shares = std::move(*shares);
  return r;
}

result<std::map<std::string, move_shares>> read_shares(object o, std::string_view field) {
  std::map<std::string, move_shares> out;
  auto given = find_field(o, field);
  if (!given || given->is_null()) return out;
  auto shares = as_object(*given, field);
  if (!shares) return shares.err();
  for (auto [id, parts] : *shares) {
    double x[3] = {0, 0, 0};
    size_t n = 0;
    if (parts.is_array())
      for (auto part : array_of(parts)) {
        if (n == 3 || !part.is_number()) break;
        x[n++] = part.get_double().value();
      }
    if (n != 3) return make_error("bad_field", "a share is three numbers");
    out[std::string(id)] = {x[0], x[1], x[2]};
  }
  return out;
}

result<projection> read_projection(object o, std::string_view field) {
  auto picture = read_object(o, field);
  if (!picture) return picture.err();
  auto start = find_field(*picture, "start");
  auto target = find_field(*picture, "target");
  if (!start || !target) return make_error("bad_field", "a projection needs start and target");
  auto sp = read_point(*start), tp = read_point(*target);
  if (!sp) return sp.err();
  if (!tp) return tp.err();
  projection out;
  out.start = *sp;
  out.target = *tp;
  auto players = read_object(*picture, "players");
  if (!players) return players.err();
  for (auto [id, p] : *players) {
    auto point = read_point(p);
    if (!point) return point.err();
    out.players[std::string(id)] = *point;
  }
  return out;
}

result<std::map<std::string, neighbourhood>> read_neighbours(object o, std::string_view field) {
  auto found = read_object(o, field);
  if (!found) return found.err();
  std::map<std::string, neighbourhood> out;
  for (auto [id, value] : *found) {
    auto no = as_object(value, "neighbourhood");
    if (!no) return no.err();
    auto n = read_neighbourhood(*no);
    if (!n) return n.err();
    out[std::string(id)] = std::move(*n);
  }
  return out;
}

result<std::vector<standing>> read_standings(object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<standing> out;
  for (auto e : *list) {
    auto so = as_object(e, "standing");
    if (!so) return so.err();
    standing s;
    WORDHALL_TRY(read_string(*so, "player", &s.player));
    WORDHALL_TRY(read_double(*so, "score", &s.score));
    WORDHALL_TRY(read_int(*so, "rank", &s.rank));
    out.push_back(s);
  }
  return out;
}

result<void> bounded(bool check, double value, double low, double high, std::string_view field) {
  if (!check || (value >= low && value <= high)) return {};
  auto text = [](double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  };
  return make_error("bad_settings", "\"" + std::string(field) + "\" must be between " +
                                        text(low) + " and " + text(high));
}

}  // namespace wordhall::vectorcards::codec_parts
