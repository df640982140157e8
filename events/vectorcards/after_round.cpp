#include "events/vectorcards/after_round.hpp"

#include <algorithm>
#include <cctype>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/vectorcards/resolution.hpp"
#include "events/vectorcards/scoring.hpp"

namespace wordhall::vectorcards {

result<outcome> why(const state& s, const round_state& r, simdjson::dom::object body,
                    const environment& env) {
  if (!r.resolved) return make_error("round_open", "this round has no results yet");
  auto seat = get_string(body, "player");
  if (!seat) return seat.err();
  auto made = r.moves.find(*seat);
  if (made == r.moves.end())
    return make_error("no_move", "\"" + *seat + "\" made no move this round");
  if (!env.words) return make_error("embeddings_unavailable",
                                    "the word vectors are not loaded yet; try again in a moment");
  const word_space& words = *env.words;
  const scored_move& m = made->second.played;
  auto start = words.unit_vector(r.dealt->start), pub = words.unit_vector(m.public_token),
       priv = words.unit_vector(m.private_token);
  if (start.empty() || pub.empty() || priv.empty())
    return make_error("embeddings_unavailable", "the loaded vectors lack a word of this move");
  neighbour_query query{move_vector(start, sign_value(m.public_sign), pub,
                                    sign_value(m.private_sign), priv),
                        exclusions(s.config, *r.dealt, m), r.dealt->target,
                        s.config.nearest_vocab == "full"};
  // The search answers the nearest word only: each next one is the nearest of the rest.
  json_writer out;
  out.begin_object().field("player", *seat).key("nearest").begin_array();
  for (size_t i = 0; i < why_words; ++i) {
    auto found = words.search({query})[0];
    if (found.nearest.empty()) break;
    out.begin_object().field("token", found.nearest)
        .field("similarity", found.nearest_similarity).end_object();
    query.exclude.push_back(found.nearest);
  }
  out.end_array().end_object();
  return outcome{{}, out.take()};
}

result<outcome> rematch(const state& s, simdjson::dom::object body, const decision_context& ctx) {
  if (!find_by_digest(s, ctx.caller))
    return make_error("not_a_player", "this player_id is not a player of this match");
  if (s.status != "done") return make_error("match_not_over", "this match is still being played");
  auto id = get_string(body, "match_id");
  if (!id) return id.err();
  bool well_formed = !id->empty() && id->size() <= 64 &&
                     std::all_of(id->begin(), id->end(), [](unsigned char c) {
                       return std::isalnum(c) || c == '-' || c == '_';
                     });
  if (!well_formed) return make_error("bad_field", "\"match_id\" must name a match");
  std::vector<event> events;
  if (s.rematch.empty()) events.push_back(rematch_offered{*id});
  json_writer out;
  out.begin_object().field("match_id", s.rematch.empty() ? *id : s.rematch).end_object();
  return outcome{std::move(events), out.take()};
}

result<settings> daily_settings(const std::string& date) {
  if (!valid_date(date))
    return make_error("bad_settings", "\"daily\" must be a date written YYYY-MM-DD");
  settings daily;
  daily.daily = date;
  daily.rounds = 1;
  daily.max_players = 1;
  daily.round_timeout_secs = 3600;
  return daily;
}

bool valid_date(std::string_view date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!std::isdigit(static_cast<unsigned char>(date[i]))) return false;
  int year = std::stoi(std::string(date.substr(0, 4)));
  int month = std::stoi(std::string(date.substr(5, 2)));
  int day = std::stoi(std::string(date.substr(8, 2)));
  static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (year < 2000 || month < 1 || month > 12 || day < 1 || day > days[month - 1]) return false;
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return !(month == 2 && day == 29 && !leap);
}

uint64_t daily_seed(std::string_view date) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char c : date) hash = (hash ^ c) * 0x100000001b3ULL;
  return draw_rng(hash).next();
}

}  // namespace wordhall::vectorcards
