#include "events/vectorcards/codec.hpp"

#include <optional>
#include <set>

#include "events/upcaster.hpp"
#include "events/vectorcards/codec_parts.hpp"

namespace wordhall::vectorcards {

using namespace codec_parts;

namespace {

constexpr const char* move_submitted_type = "vc.move_submitted";
constexpr const char* round_resolved_type = "vc.round_resolved";

uint32_t current_version(std::string_view type) {
  return type == move_submitted_type || type == round_resolved_type ? 2 : 1;
}

// The steps from the shapes servers wrote before (codec.hpp lists them).
const upcaster_chain& upcasters() {
  static const upcaster_chain chain = [] {
    upcaster_chain c;
    // Every v1 move carries its nearest word and target rank, which v2 makes optional: a v1
    // payload is a v2 payload.
    c.add(move_submitted_type, 1, [](std::string_view payload) -> result<std::string> {
      return std::string(payload);
    });
    // v1 resolutions found no nearest words (their moves had them): an empty "neighbours".
    c.add(round_resolved_type, 1, [](std::string_view payload) -> result<std::string> {
      auto doc = json_document::parse(payload);
      if (!doc) return doc.err();
      auto o = as_object(doc->root(), "payload");
      if (!o) return o.err();
      json_writer out;
      out.begin_object();
      for (auto [key, value] : *o) out.raw_field(key, to_json_text(value));
      out.key("neighbours").begin_object().end_object().end_object();
      return out.take();
    });
    return c;
  }();
  return chain;
}

}  // namespace

result<settings> read_settings(object o, bool check) {
  static const std::set<std::string_view> known = {
      "rounds", "n_public", "m_private", "wildcard_ratio", "round_timeout_secs", "nearest_vocab",
      "exclude_tokens_from_nearest", "stake", "guarantee_improvement", "theme", "max_players",
      "card_pool", "daily", "dealing", "pair_band_low", "pair_band_high", "explain_min"};
  settings s;
  for (auto [key, value] : o) {
    if (!known.count(key)) {
      if (check) return make_error("bad_settings", "unknown setting \"" + std::string(key) + "\"");
      continue;
    }
    auto wrong = [&](const char* kind) {
      return make_error("bad_settings", "\"" + std::string(key) + "\" must be " + kind);
    };
    auto integer = [&](int* out, int low, int high) -> result<void> {
      if (!value.is_int64()) return wrong("a whole number");
      WORDHALL_TRY(bounded(check, double(value.get_int64().value()), low, high, key));
      *out = static_cast<int>(value.get_int64().value());
      return {};
    };
    auto flag = [&](bool* out) -> result<void> {
      if (!value.is_bool()) return wrong("true or false");
      *out = value.get_bool().value();
      return {};
    };
    if (key == "rounds") WORDHALL_TRY(integer(&s.rounds, 1, 50));
    else if (key == "n_public") WORDHALL_TRY(integer(&s.n_public, 2, 30));
    else if (key == "m_private") WORDHALL_TRY(integer(&s.m_private, 1, 5));
    else if (key == "round_timeout_secs") WORDHALL_TRY(integer(&s.round_timeout_secs, 5, 3600));
    else if (key == "max_players") WORDHALL_TRY(integer(&s.max_players, 1, 200));
    else if (key == "card_pool") {
      WORDHALL_TRY(integer(&s.card_pool, 0, 10'000'000));
      // Small pools would run out of words for big hands; 0 means the whole deck.
      if (check && s.card_pool != 0 && s.card_pool < 1000)
        return wrong("0 (the whole deck) or at least 1000");
    }
    else if (key == "stake") WORDHALL_TRY(flag(&s.stake));
    else if (key == "guarantee_improvement") WORDHALL_TRY(flag(&s.guarantee_improvement));
    else if (key == "dealing") {
      if (!value.is_string()) return wrong("\"curated\" or \"classic\"");
      s.dealing = std::string(std::string_view(value.get_string().value()));
      if (check && s.dealing != "curated" && s.dealing != "classic")
        return wrong("\"curated\" or \"classic\"");
    } else if (key == "pair_band_low" || key == "pair_band_high" || key == "explain_min") {
      if (!value.is_number()) return wrong("a number");
      double& slot = key == "pair_band_low"    ? s.pair_band_low
                     : key == "pair_band_high" ? s.pair_band_high
                                               : s.explain_min;
      slot = value.get_double().value();
      WORDHALL_TRY(bounded(check, slot, -1, 1, key));
    }
    else if (key == "wildcard_ratio") {
      if (!value.is_number()) return wrong("a number");
      s.wildcard_ratio = value.get_double().value();
      WORDHALL_TRY(bounded(check, s.wildcard_ratio, 0, 1, key));
    } else if (key == "nearest_vocab") {
      if (!value.is_string()) return wrong("\"deck\" or \"full\"");
      s.nearest_vocab = std::string(std::string_view(value.get_string().value()));
      if (check && s.nearest_vocab != "deck" && s.nearest_vocab != "full")
        return wrong("\"deck\" or \"full\"");
    } else if (key == "theme") {
      if (!value.is_string()) return wrong("a theme name");
      s.theme = std::string(std::string_view(value.get_string().value()));
    } else if (key == "daily") {
      if (!value.is_string()) return wrong("a date written YYYY-MM-DD");
      s.daily = std::string(std::string_view(value.get_string().value()));
    } else if (key == "exclude_tokens_from_nearest") {
      if (!value.is_array()) return wrong("an array of words");
      s.exclude_tokens_from_nearest.clear();
      for (auto w : array_of(value)) {
        if (!w.is_string()) return wrong("an array of words");
        s.exclude_tokens_from_nearest.emplace_back(std::string_view(w.get_string().value()));
      }
      if (check && s.exclude_tokens_from_nearest.size() > 100) return wrong("at most 100 words");
    }
  }
  if (check && s.pair_band_low > s.pair_band_high)
    return make_error("bad_settings", "\"pair_band_low\" must not exceed \"pair_band_high\"");
  return s;
}

void write_settings(json_writer& out, const settings& s) {
  out.begin_object().field("rounds", s.rounds).field("n_public", s.n_public)
      .field("m_private", s.m_private).field("wildcard_ratio", s.wildcard_ratio)
      .field("round_timeout_secs", s.round_timeout_secs).field("nearest_vocab", s.nearest_vocab)
      .key("exclude_tokens_from_nearest").begin_array();
  for (auto& w : s.exclude_tokens_from_nearest) out.value(w);
  out.end_array().field("stake", s.stake).field("guarantee_improvement", s.guarantee_improvement)
      .field("theme", s.theme).field("max_players", s.max_players)
      .field("card_pool", s.card_pool).field("dealing", s.dealing)
      .field("pair_band_low", s.pair_band_low).field("pair_band_high", s.pair_band_high)
      .field("explain_min", s.explain_min);
  if (!s.daily.empty()) out.field("daily", s.daily);  // only daily rounds have one
  out.end_object();
}

new_event encode_event(const event& e) {
  json_writer out;
  out.begin_object();
  std::string type = std::visit(
      [&out](const auto& ev) -> std::string {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, match_created>) {
          out.field("name", ev.name).key("settings");
          write_settings(out, ev.config);
          return "vc.match_created";
        } else if constexpr (std::is_same_v<T, player_joined>) {
          out.field("player", ev.joined.id).field("name", ev.joined.name)
              .field("digest", ev.joined.digest).field("host", ev.joined.host);
          return "vc.player_joined";
        } else if constexpr (std::is_same_v<T, round_started>) {
          write_deal(out, ev.dealt);
          return "vc.round_started";
        } else if constexpr (std::is_same_v<T, move_submitted>) {
          out.field("round", ev.round).field("player", ev.player);
          write_made(out, ev.made);
          return move_submitted_type;
        } else if constexpr (std::is_same_v<T, round_closed>) {
          out.field("round", ev.round).field("reason", ev.reason);
          return "vc.round_closed";
        } else if constexpr (std::is_same_v<T, moves_searched>) {
          out.field("round", ev.round).key("neighbours");
          write_neighbours(out, ev.neighbours);
          return "vc.moves_searched";
        } else if constexpr (std::is_same_v<T, round_resolved>) {
          out.field("round", ev.round);
          write_resolution(out, ev.outcome);
          out.key("neighbours");
          write_neighbours(out, ev.neighbours);
          return round_resolved_type;
        } else if constexpr (std::is_same_v<T, match_finished>) {
          out.key("standings");
          write_standings(out, ev.standings);
          return "vc.match_finished";
        } else {
          out.field("match", ev.match);
          return "vc.rematch_offered";
        }
      },
      e);
  out.end_object();
  return new_event{type, current_version(type), out.take()};
}

result<event> decode_event(const event_envelope& stored) {
  std::optional<event_envelope> raised;  // only a stored version other than the current is copied
  if (stored.version != current_version(stored.type)) {
    raised = stored;
    WORDHALL_TRY(upcasters().upcast(*raised, current_version(stored.type)));
  }
  auto doc = json_document::parse(raised ? raised->payload : stored.payload);
  if (!doc) return doc.err();
  auto o = as_object(doc->root(), "payload");
  if (!o) return o.err();
  const std::string& type = stored.type;
  if (type == "vc.match_created") {
    match_created e;
    WORDHALL_TRY(read_string(*o, "name", &e.name));
    auto config = read_object(*o, "settings");
    if (!config) return config.err();
    auto s = read_settings(*config, false);
    if (!s) return s.err();
    e.config = *s;
    return event{e};
  }
  if (type == "vc.player_joined") {
    player p;
    WORDHALL_TRY(read_string(*o, "player", &p.id));
    WORDHALL_TRY(read_string(*o, "name", &p.name));
    WORDHALL_TRY(read_string(*o, "digest", &p.digest));
    WORDHALL_TRY(read_bool(*o, "host", &p.host));
    return event{player_joined{p}};
  }
  if (type == "vc.round_started") {
    auto d = read_deal(*o);
    if (!d) return d.err();
    return event{round_started{*d}};
  }
  if (type == "vc.move_submitted") {
    move_submitted e;
    WORDHALL_TRY(read_int(*o, "round", &e.round));
    WORDHALL_TRY(read_string(*o, "player", &e.player));
    auto m = read_made(*o);
    if (!m) return m.err();
    e.made = *m;
    return event{e};
  }
  if (type == "vc.round_closed") {
    round_closed e;
    WORDHALL_TRY(read_int(*o, "round", &e.round));
    WORDHALL_TRY(read_string(*o, "reason", &e.reason));
    return event{e};
  }
  if (type == "vc.moves_searched") {
    moves_searched e;
    WORDHALL_TRY(read_int(*o, "round", &e.round));
    auto found = read_neighbours(*o, "neighbours");
    if (!found) return found.err();
    e.neighbours = std::move(*found);
    return event{e};
  }
  if (type == "vc.round_resolved") {
    round_resolved e;
    WORDHALL_TRY(read_int(*o, "round", &e.round));
    auto r = read_resolution(*o);
    if (!r) return r.err();
    e.outcome = *r;
    auto found = read_neighbours(*o, "neighbours");
    if (!found) return found.err();
    e.neighbours = std::move(*found);
    return event{e};
  }
  if (type == "vc.match_finished") {
    auto list = read_standings(*o, "standings");
    if (!list) return list.err();
    return event{match_finished{*list}};
  }
  if (type == "vc.rematch_offered") {
    rematch_offered e;
    WORDHALL_TRY(read_string(*o, "match", &e.match));
    return event{e};
  }
  return make_error("unknown_event", "vector cards has no event \"" + type + "\"");
}

std::string encode_state(const state& s) {
  json_writer out;
  out.begin_object().field("status", s.status).field("name", s.name).key("settings");
  write_settings(out, s.config);
  out.key("players").begin_array();
  for (auto& p : s.players) write_player(out, p);
  out.end_array().key("rounds").begin_array();
  for (auto& r : s.rounds) {
    out.begin_object().key("deal").begin_object();
    write_deal(out, *r.dealt);
    out.end_object().key("moves").begin_object();
    for (auto& [id, m] : r.moves) {
      out.key(id).begin_object();
      write_made(out, m);
      out.end_object();
    }
    out.end_object().field("closing", r.closing).key("resolution");
    if (r.resolved) {
      out.begin_object();
      write_resolution(out, *r.resolved);
      out.end_object();
    } else {
      out.null();
    }
    out.end_object();
  }
  out.end_array().key("final_standings");
  write_standings(out, s.final_standings);
  if (!s.rematch.empty()) out.field("rematch", s.rematch);
  out.end_object();
  return out.take();
}

result<state> decode_state(std::string_view json) {
  auto doc = json_document::parse(json);
  if (!doc) return doc.err();
  auto o = as_object(doc->root(), "state");
  if (!o) return o.err();
  state s;
  WORDHALL_TRY(read_string(*o, "status", &s.status));
  WORDHALL_TRY(read_string(*o, "name", &s.name));
  auto config = read_object(*o, "settings");
  if (!config) return config.err();
  auto read = read_settings(*config, false);
  if (!read) return read.err();
  s.config = *read;
  auto players = read_array(*o, "players");
  if (!players) return players.err();
  for (auto e : *players) {
    auto po = as_object(e, "player");
    if (!po) return po.err();
    auto p = read_player(*po);
    if (!p) return p.err();
    s.players.push_back(*p);
  }
  auto rounds = read_array(*o, "rounds");
  if (!rounds) return rounds.err();
  for (auto e : *rounds) {
    auto ro = as_object(e, "round");
    if (!ro) return ro.err();
    round_state r;
    auto dealt = read_object(*ro, "deal");
    if (!dealt) return dealt.err();
    auto d = read_deal(*dealt);
    if (!d) return d.err();
    r.dealt = std::make_shared<const deal>(std::move(*d));
    auto moves = read_object(*ro, "moves");
    if (!moves) return moves.err();
    for (auto [id, m] : *moves) {
      auto mo = as_object(m, "move");
      if (!mo) return mo.err();
      auto made = read_made(*mo);
      if (!made) return made.err();
      r.moves[std::string(id)] = *made;
    }
    // Snapshots from before rounds closed ahead of their search have no "closing".
    if (auto closing = find_field(*ro, "closing"); closing && closing->is_string())
      r.closing = std::string(std::string_view(closing->get_string().value()));
    if (auto res = find_field(*ro, "resolution"); res && !res->is_null()) {
      auto reso = as_object(*res, "resolution");
      if (!reso) return reso.err();
      auto resolved = read_resolution(*reso);
      if (!resolved) return resolved.err();
      r.resolved = std::make_shared<const resolution>(std::move(*resolved));
    }
    s.rounds.push_back(std::move(r));
  }
  auto finals = read_standings(*o, "final_standings");
  if (!finals) return finals.err();
  s.final_standings = *finals;
  if (auto next = find_field(*o, "rematch"); next && next->is_string())
    s.rematch = std::string(std::string_view(next->get_string().value()));
  return s;
}

}  // namespace wordhall::vectorcards
