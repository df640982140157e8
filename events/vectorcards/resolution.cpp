#include "events/vectorcards/resolution.hpp"

#include <charconv>
#include <iterator>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/vectorcards/codec_parts.hpp"
#include "events/vectorcards/scoring.hpp"

namespace wordhall::vectorcards {

using namespace codec_parts;

std::string search_key(int round) { return "search/" + std::to_string(round); }

std::string presearch_key(int round, size_t searched) {
  return "presearch/" + std::to_string(round) + "/" + std::to_string(searched);
}

std::optional<int> presearch_round(std::string_view key) {
  constexpr std::string_view prefix = "presearch/";
  if (key.substr(0, prefix.size()) != prefix) return std::nullopt;
  key.remove_prefix(prefix.size());
  auto slash = key.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  int round = 0;
  auto [end, ec] = std::from_chars(key.data(), key.data() + slash, round);
  if (ec != std::errc{} || end != key.data() + slash || slash == 0) return std::nullopt;
  return round;
}

std::vector<std::string> exclusions(const settings& config, const deal& d, const scored_move& m) {
  std::vector<std::string> out{d.start, d.target};
  for (auto& token : config.exclude_tokens_from_nearest) {
    if (token == "start" || token == "target") continue;
    if (token == "cards") {
      out.push_back(m.public_token);
      out.push_back(m.private_token);
    } else {
      out.push_back(token);
    }
  }
  return out;
}

namespace {

std::string search_payload(const state& s, bool unsearched_only) {
  const round_state& r = s.rounds.back();
  json_writer out;
  out.begin_object().field("round", r.dealt->round).field("start", r.dealt->start)
      .field("target", r.dealt->target)
      .field("full_vocabulary", s.config.nearest_vocab == "full").key("moves").begin_array();
  for (auto& [id, m] : r.moves) {
    if (unsearched_only && m.around) continue;
    out.begin_object().field("player", id);
    write_move(out, m.played);
    out.field("search", !m.around).key("exclude").begin_array();
    for (auto& w : exclusions(s.config, *r.dealt, m.played)) out.value(w);
    out.end_array().end_object();
  }
  out.end_array().end_object();
  return out.take();
}

}  // namespace

std::string round_search(const state& s) { return search_payload(s, false); }

std::string moves_search(const state& s) { return search_payload(s, true); }

namespace {

// A search payload, read: its moves' queries, and what the picture needs.
struct parsed_search {
  std::vector<std::vector<double>> points;  // start, target, then each pictured move's direction
  std::vector<std::string> pictured, searched;
  std::vector<neighbour_query> queries;     // one per searched move, in `searched` order
  std::map<std::string, move_shares> shares;  // every pictured move's
};

result<parsed_search> read_search(std::string_view payload, const word_space& words) {
  auto bad = [](const error& e) { return make_error("bad_effect_payload", e.message); };
  auto doc = json_document::parse(payload);
  if (!doc) return bad(doc.err());
  auto o = as_object(doc->root(), "search");
  if (!o) return bad(o.err());
  std::string start_word, target_word;
  bool full = false;
  if (auto st = read_string(*o, "start", &start_word); !st) return bad(st.err());
  if (auto st = read_string(*o, "target", &target_word); !st) return bad(st.err());
  if (auto st = read_bool(*o, "full_vocabulary", &full); !st) return bad(st.err());
  auto moves = read_array(*o, "moves");
  if (!moves) return bad(moves.err());

  auto start = words.unit_vector(start_word), target = words.unit_vector(target_word);
  if (start.empty() || target.empty())
    return make_error("embeddings_unavailable", "the loaded vectors lack this round's words");
  parsed_search out;
  out.points = {std::vector<double>(start.begin(), start.end()),
                std::vector<double>(target.begin(), target.end())};
  for (auto e : *moves) {
    auto mo = as_object(e, "move");
    if (!mo) return bad(mo.err());
    std::string id;
    bool search = false;
    if (auto st = read_string(*mo, "player", &id); !st) return bad(st.err());
    if (auto st = read_bool(*mo, "search", &search); !st) return bad(st.err());
    auto played = read_move(*mo);
    if (!played) return bad(played.err());
    auto pub = words.unit_vector(played->public_token);
    auto priv = words.unit_vector(played->private_token);
    if (pub.empty() || priv.empty()) continue;
    auto direction = move_vector(start, sign_value(played->public_sign), pub,
                                 sign_value(played->private_sign), priv);
    out.shares[id] = shares_of(start, sign_value(played->public_sign), pub,
                               sign_value(played->private_sign), priv, target);
    if (search) {
      auto exclude = read_array(*mo, "exclude");
      if (!exclude) return bad(exclude.err());
      neighbour_query q{direction, {}, target_word, full};
      for (auto w : *exclude) {
        if (!w.is_string()) return make_error("bad_effect_payload", "\"exclude\" holds words");
        q.exclude.emplace_back(std::string_view(w.get_string().value()));
      }
      out.queries.push_back(std::move(q));
      out.searched.push_back(id);
    }
    out.points.push_back(std::move(direction));
    out.pictured.push_back(id);
  }
  return out;
}

// The findings of one search, given the answers to its queries (in order).
std::string findings_json(const parsed_search& search, const neighbourhood* found) {
  std::map<std::string, neighbourhood> neighbours;
  for (size_t i = 0; i < search.searched.size(); ++i) neighbours[search.searched[i]] = found[i];
  auto plane = principal_plane(search.points);
  json_writer out;
  out.begin_object().key("neighbours");
  write_neighbours(out, neighbours);
  projection picture{plane[0], plane[1], {}};
  for (size_t i = 0; i < search.pictured.size(); ++i)
    picture.players[search.pictured[i]] = plane[i + 2];
  out.key("picture");
  write_projection(out, picture);
  out.key("shares");
  write_shares(out, search.shares);
  out.end_object();
  return out.take();
}

}  // namespace

std::vector<result<std::string>> run_round_searches(const std::vector<std::string_view>& payloads,
                                                    const word_space& words) {
  std::vector<result<parsed_search>> parsed;
  std::vector<neighbour_query> queries;  // every search's, moved out of it
  for (auto payload : payloads) {
    parsed.push_back(read_search(payload, words));
    auto& p = parsed.back();
    if (p)
      queries.insert(queries.end(), std::make_move_iterator(p->queries.begin()),
                     std::make_move_iterator(p->queries.end()));
  }
  auto found = words.search(queries);
  std::vector<result<std::string>> out;
  size_t next = 0;
  for (auto& p : parsed) {
    if (!p) {
      out.push_back(p.err());
      continue;
    }
    out.push_back(findings_json(*p, found.data() + next));
    next += p->searched.size();  // one query per searched move
  }
  return out;
}

result<std::string> run_round_search(std::string_view payload, const word_space& words) {
  return std::move(run_round_searches({payload}, words)[0]);
}

result<round_findings> read_round_findings(std::string_view json) {
  auto doc = json_document::parse(json);
  if (!doc) return doc.err();
  auto o = as_object(doc->root(), "findings");
  if (!o) return o.err();
  round_findings out;
  auto found = read_neighbours(*o, "neighbours");
  if (!found) return found.err();
  out.neighbours = std::move(*found);
  auto picture = read_projection(*o, "picture");
  if (!picture) return picture.err();
  out.picture = std::move(*picture);
  auto shares = read_shares(*o, "shares");
  if (!shares) return shares.err();
  out.shares = std::move(*shares);
  return out;
}

std::optional<round_findings> search_now(const state& s, const word_space* words) {
  if (!words) return std::nullopt;
  auto json = run_round_search(round_search(s), *words);
  if (!json) return std::nullopt;  // the vectors lack the round's words: results only
  auto found = read_round_findings(*json);
  if (!found) return std::nullopt;
  return std::move(*found);
}

round_resolved resolve_round(const state& s, const std::string& reason,
                             const round_findings* found) {
  const round_state& r = s.rounds.back();
  std::vector<result_row> rows;
  std::map<std::string, std::optional<int>> stakes;
  for (auto& p : s.players) {
    if (!r.dealt->hands.count(p.id)) continue;
    auto made = r.moves.find(p.id);
    result_row row;
    row.player = p.id;
    row.submitted = made != r.moves.end();
    row.similarity = row.submitted ? made->second.played.similarity : r.dealt->base_similarity;
    if (row.submitted) stakes[p.id] = made->second.stake;
    rows.push_back(row);
  }
  round_resolved out{r.dealt->round, {reason, rank_rows(std::move(rows), stakes), {}, {}}, {}};
  if (found) {
    out.outcome.picture = found->picture;
    out.neighbours = found->neighbours;
    for (auto& [id, parts] : found->shares)
      if (r.moves.count(id)) out.outcome.shares[id] = parts;
  }
  return out;
}

}  // namespace wordhall::vectorcards
