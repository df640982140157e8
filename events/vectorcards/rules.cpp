#include "events/vectorcards/rules.hpp"

#include <algorithm>
#include <cctype>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/player_name.hpp"
#include "events/vectorcards/after_round.hpp"
#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/dealing.hpp"
#include "events/vectorcards/resolution.hpp"
#include "events/vectorcards/scoring.hpp"
#include "events/vectorcards/view.hpp"

namespace wordhall::vectorcards {
namespace {

constexpr size_t max_match_name = 60;
constexpr size_t max_player_name = 24;

const error words_missing{"embeddings_unavailable",
                          "the word vectors are not loaded yet; try again in a moment"};

std::string trimmed(std::string text) {
  auto not_space = [](unsigned char c) { return !std::isspace(c); };
  text.erase(text.begin(), std::find_if(text.begin(), text.end(), not_space));
  text.erase(std::find_if(text.rbegin(), text.rend(), not_space).base(), text.end());
  return text;
}

result<std::string> read_name(simdjson::dom::object body, std::string_view field, size_t longest) {
  auto raw = get_string(body, field);
  if (!raw) return raw.err();
  auto name = player_name(*raw, longest);
  if (!name && name.err().code == "bad_name")
    return make_error("bad_name", "\"" + std::string(field) + "\" must be 1 to " +
                                      std::to_string(longest) + " characters");
  return name;
}

result<std::string> read_round_id(simdjson::dom::object body) {
  auto field = find_field(body, "round_id");
  if (!field) return make_error("bad_field", "\"round_id\" is required");
  if (field->is_string()) return std::string(std::string_view(field->get_string().value()));
  if (field->is_int64()) return std::to_string(field->get_int64().value());
  return make_error("bad_field", "\"round_id\" must be a round number");
}

const round_state* current_round(const state& s) {
  return s.rounds.empty() ? nullptr : &s.rounds.back();
}

state after(const state& s, const std::vector<event>& events) {
  state next = s;
  for (auto& e : events) next = evolve(std::move(next), e);
  return next;
}

std::string round_reply(const state& s, const std::string& caller) {
  json_writer out;
  out.begin_object().raw_field("round_state", round_json(s, s.rounds.back(), caller, false));
  out.end_object();
  return out.take();
}

std::vector<std::string> seats(const state& s) {
  std::vector<std::string> out;
  for (auto& p : s.players) out.push_back(p.id);
  return out;
}

const theme* find_theme(const environment& env, const std::string& name) {
  if (name.empty() || !env.themes) return nullptr;
  for (auto& t : *env.themes)
    if (t.name == name) return &t;
  return nullptr;
}

result<round_started> deal_next(const state& s, const decision_context& ctx,
                                const environment& env) {
  if (!env.words) return words_missing;
  int number = static_cast<int>(s.rounds.size()) + 1;
  int64_t deadline = ctx.now_ms + int64_t{s.config.round_timeout_secs} * 1000;
  // A daily round's deal is its date's, the same for everyone who plays it.
  uint64_t seed = s.config.daily.empty() ? ctx.seed : daily_seed(s.config.daily);
  auto dealt = deal_round(number, seed, s.config, seats(s), *env.words,
                          find_theme(env, s.config.theme), deadline);
  if (!dealt) return dealt.err();
  return round_started{std::move(*dealt)};
}

// Appends the round's resolution with `found` (or without: results only), and the match's end
// after its last round.
void resolve_with(const state& s, std::vector<event>& events, const std::string& reason,
                  const round_findings* found) {
  state now = after(s, events);
  events.push_back(resolve_round(now, reason, found));
  if (static_cast<int>(now.rounds.size()) >= now.config.rounds)
    events.push_back(match_finished{standings(after(now, {events.back()}))});
}

// Resolves the round in this decision, searching its moves here.
void close_round(const state& s, std::vector<event>& events, const std::string& reason,
                 const environment& env) {
  auto found = search_now(after(s, events), env.words.get());
  resolve_with(s, events, reason, found ? &*found : nullptr);
}

// Ends the round's play: its search runs as an effect, whose outcome resolves it (effect_result).
// Also without vectors here: a deadline that fires while they load (just after a restart) gets
// its nearest words once they have; the search only fails where there are none at all.
void end_play(const state& s, std::vector<event>& events, const std::string& reason) {
  events.push_back(round_closed{s.rounds.back().dealt->round, reason});
}

result<outcome> create(const state& s, simdjson::dom::object body, const environment& env) {
  if (s.status != "new") return make_error("already_created", "this match exists already");
  auto name = read_name(body, "name", max_match_name);
  if (!name) return name.err();
  settings config;
  if (auto given = find_field(body, "settings"); given && !given->is_null()) {
    auto object = as_object(*given, "settings");
    if (!object) return make_error("bad_settings", object.err().message);
    auto read = read_settings(*object, true);
    if (!read) return read.err();
    config = std::move(*read);
  }
  if (!config.theme.empty() && !find_theme(env, config.theme))
    return make_error("bad_settings", "there is no theme \"" + config.theme + "\"");
  if (!config.daily.empty()) {
    auto daily = daily_settings(config.daily);
    if (!daily) return daily.err();
    config = std::move(*daily);
  }
  return outcome{{match_created{*name, config}}, "{}"};
}

result<outcome> join(const state& s, simdjson::dom::object body, const decision_context& ctx) {
  if (s.status == "new") return make_error("no_such_match", "this match does not exist");
  if (s.status == "done") return make_error("match_finished", "this match has ended");
  auto name = read_name(body, "player_name", max_player_name);
  if (!name) return name.err();
  for (auto& p : s.players)
    if (same_player_name(p.name, *name))
      return make_error("name_taken", "someone in this match is called \"" + p.name + "\"");
  if (static_cast<int>(s.players.size()) >= s.config.max_players)
    return make_error("match_full", "this match has its " + std::to_string(s.config.max_players) +
                                        " players");
  if (ctx.fresh_secrets.empty()) return make_error("internal", "no credential to hand out");
  const fresh_secret& secret = ctx.fresh_secrets[0];
  player joined{"p" + std::to_string(s.players.size() + 1), *name, secret.digest,
                s.players.empty(), 0, 0.0};
  std::vector<event> events{player_joined{joined}};
  json_writer out;
  out.begin_object().field("player_id", secret.secret).field("player", joined.id)
      .raw_field("lobby_state", view_json(after(s, events), secret.digest, false)).end_object();
  return outcome{std::move(events), out.take()};
}

result<const player*> host_only(const state& s, const decision_context& ctx) {
  const player* caller = find_by_digest(s, ctx.caller);
  if (!caller) return make_error("not_a_player", "this player_id is not a player of this match");
  if (!caller->host) return make_error("not_host", "only the host can do this");
  return caller;
}

result<outcome> start(const state& s, const decision_context& ctx, const environment& env) {
  if (s.status == "new") return make_error("no_such_match", "this match does not exist");
  auto host = host_only(s, ctx);
  if (!host) return host.err();
  if (s.status != "lobby") return make_error("already_started", "this match has started");
  auto dealt = deal_next(s, ctx, env);
  if (!dealt) return dealt.err();
  std::vector<event> events{std::move(*dealt)};
  return outcome{events, round_reply(after(s, events), ctx.caller)};
}

result<outcome> next_round(const state& s, const decision_context& ctx, const environment& env) {
  auto host = host_only(s, ctx);
  if (!host) return host.err();
  if (s.status == "lobby") return make_error("not_started", "the match has not started");
  if (s.status == "done") return make_error("match_finished", "this match has ended");
  if (!current_round(s)->resolved)
    return make_error("round_open", "the current round has not been resolved yet");
  auto dealt = deal_next(s, ctx, env);
  if (!dealt) return dealt.err();
  std::vector<event> events{std::move(*dealt)};
  return outcome{events, round_reply(after(s, events), ctx.caller)};
}

result<const round_state*> addressed_round(const state& s, simdjson::dom::object body) {
  auto id = read_round_id(body);
  if (!id) return id.err();
  const round_state* r = current_round(s);
  if (!r) return make_error("not_started", "the match has not started");
  if (*id != std::to_string(r->dealt->round))
    return make_error("round_not_current",
                      "round " + *id + " is not the current round (" +
                          std::to_string(r->dealt->round) + ")");
  return r;
}

std::string with_suggestions(std::string message, const std::vector<std::string>& suggestions) {
  if (suggestions.empty()) return message;
  message += "; did you mean: ";
  for (size_t i = 0; i < suggestions.size() && i < 5; ++i)
    message += (i ? ", " : "") + suggestions[i];
  return message + "?";
}

result<outcome> submit(const state& s, simdjson::dom::object body, const decision_context& ctx,
                       const environment& env) {
  const player* caller = find_by_digest(s, ctx.caller);
  if (!caller) return make_error("not_a_player", "this player_id is not a player of this match");
  auto addressed = addressed_round(s, body);
  if (!addressed) return addressed.err();
  const round_state& r = **addressed;
  if (r.resolved || !r.closing.empty()) return make_error("round_closed", "this round is over");
  auto hand = r.dealt->hands.find(caller->id);
  if (hand == r.dealt->hands.end())
    return make_error("not_dealt_in", "you joined during this round; you play from the next one");
  if (r.moves.count(caller->id)) return make_error("already_submitted", "you have moved this round");

  auto public_token = get_string(body, "public_token");
  auto public_sign = get_string(body, "public_sign");
  auto private_token = get_string(body, "private_token");
  auto private_sign = get_string(body, "private_sign");
  for (auto* field : {&public_token, &public_sign, &private_token, &private_sign})
    if (!*field) return field->err();
  if (!sign_value(*public_sign) || !sign_value(*private_sign))
    return make_error("bad_sign", "signs must be \"+\" or \"-\"");
  auto& publics = r.dealt->public_cards;
  if (std::find(publics.begin(), publics.end(), *public_token) == publics.end())
    return make_error("not_your_card", "\"" + *public_token + "\" is not a public card this round");
  auto held = std::find_if(hand->second.begin(), hand->second.end(),
                           [&](const card& c) { return c.token == *private_token; });
  if (held == hand->second.end())
    return make_error("not_your_card", "\"" + *private_token + "\" is not one of your cards");

  std::optional<int> stake;
  if (auto given = find_field(body, "stake"); given && !given->is_null()) {
    if (!s.config.stake) return make_error("bad_field", "this match is played without stakes");
    if (!given->is_int64() || given->get_int64().value() < 0 || given->get_int64().value() > 100)
      return make_error("bad_field", "\"stake\" must be a whole number from 0 to 100");
    stake = static_cast<int>(given->get_int64().value());
  }
  bool nearest_now = false;
  if (auto given = find_field(body, "nearest_now"); given && !given->is_null()) {
    if (!given->is_bool()) return make_error("bad_field", "\"nearest_now\" must be true or false");
    nearest_now = given->get_bool().value();
  }
  if (!env.words) return words_missing;
  const word_space& words = *env.words;

  move m;
  m.joker = held->joker;
  m.stake = stake;
  m.played = {*public_token, *public_sign, *private_token, *private_sign, 0.0};
  if (m.joker) {
    auto typed = optional_string(body, "joker_override_token");
    if (!typed || trimmed(*typed).empty())
      return make_error("joker_word_required", "a joker needs \"joker_override_token\": any word");
    auto found = words.lookup(trimmed(*typed));
    if (!found.known)
      return make_error("unknown_word", with_suggestions("\"" + *typed + "\" is not a known word",
                                                         found.suggestions));
    if (found.blocked)
      return make_error("blocked_word", with_suggestions("\"" + *typed + "\" cannot be played",
                                                         found.suggestions));
    if (found.token == r.dealt->start || found.token == r.dealt->target)
      return make_error("joker_not_allowed",
                        "\"" + found.token + "\" is this round's " +
                            (found.token == r.dealt->start ? "start" : "target") +
                            " word; a joker must be another word");
    m.played.private_token = found.token;
  }
  auto start = words.unit_vector(r.dealt->start), target = words.unit_vector(r.dealt->target);
  auto pub = words.unit_vector(m.played.public_token);
  auto priv = words.unit_vector(m.played.private_token);
  if (start.empty() || target.empty() || pub.empty() || priv.empty())
    return make_error("embeddings_unavailable", "the loaded vectors lack a word of this round");
  auto direction = move_vector(start, sign_value(*public_sign), pub, sign_value(*private_sign), priv);
  m.played.similarity = cosine(direction, target);
  if (nearest_now)
    m.around = words.neighbours({{direction, exclusions(s.config, *r.dealt, m.played)}},
                                r.dealt->target, s.config.nearest_vocab == "full")[0];

  int rank_preview = 1;
  for (auto& [id, other] : r.moves)
    if (other.played.similarity > m.played.similarity) ++rank_preview;
  std::vector<event> events{move_submitted{r.dealt->round, caller->id, m}};
  if (r.moves.size() + 1 == r.dealt->hands.size()) {
    if (!nearest_now) {
      end_play(s, events, "all_submitted");
    } else {
      close_round(s, events, "all_submitted", env);
      // This move ended the round, whose resolution searched its nearest word: the reply has it.
      auto& resolved = std::get<round_resolved>(events[1]);
      if (auto found = resolved.neighbours.find(caller->id); found != resolved.neighbours.end())
        m.around = found->second;
    }
  }

  auto label = closeness_label(m.played.similarity);
  json_writer out;
  out.begin_object().field("similarity", m.played.similarity)
      .field("rank_preview", rank_preview).field("label", label.nl).field("label_en", label.en);
  write_neighbourhood_fields(out, m.around);
  out.end_object();
  return outcome{std::move(events), out.take()};
}

result<outcome> resolve_command(const state& s, simdjson::dom::object body,
                                const decision_context& ctx, const environment& env) {
  auto addressed = addressed_round(s, body);
  if (!addressed) return addressed.err();
  std::vector<event> events;
  if (!(*addressed)->resolved) {
    auto host = host_only(s, ctx);
    if (!host) return host.err();
    // A closing round keeps the reason it closed for; the host only does not wait for its search.
    const std::string& closing = (*addressed)->closing;
    close_round(s, events, closing.empty() ? "host" : closing, env);
  }
  state now = after(s, events);
  json_writer out;
  out.begin_object().raw_field("leaderboard", leaderboard_json(now, now.rounds.back(), ctx.caller))
      .end_object();
  return outcome{std::move(events), out.take()};
}

result<outcome> deadline(const state& s, const decision_context& ctx) {
  if (!ctx.from_platform) return make_error("unknown_command", "deadlines are the server's");
  const round_state* r = current_round(s);
  if (s.status != "in_progress" || !r || r->resolved || !r->closing.empty() ||
      ctx.now_ms < r->dealt->deadline_ms)
    return make_error("not_due", "no deadline has passed");
  std::vector<event> events;
  end_play(s, events, "deadline");
  return outcome{std::move(events), "{}"};
}

// The outcome of a running round's presearch: its moves' nearest words, for those still
// without. One that failed, or that comes after its round closed (the round's own search has
// those moves), changes nothing: not an error, the platform runs presearches beside the play.
result<outcome> presearch_result(const state& s, int round, simdjson::dom::object body) {
  const round_state* r = current_round(s);
  std::vector<event> events;
  if (!r || r->resolved || !r->closing.empty() || r->dealt->round != round)
    return outcome{std::move(events), "{}"};
  auto ok = find_field(body, "ok");
  auto given = find_field(body, "result");
  if (!ok || !ok->is_bool() || !ok->get_bool().value() || !given)
    return outcome{std::move(events), "{}"};
  auto found = read_round_findings(to_json_text(*given));
  if (!found) return outcome{std::move(events), "{}"};
  moves_searched searched{round, {}};
  for (auto& [id, around] : found->neighbours)
    if (auto m = r->moves.find(id); m != r->moves.end() && !m->second.around)
      searched.neighbours[id] = around;
  if (!searched.neighbours.empty()) events.push_back(std::move(searched));
  return outcome{std::move(events), "{}"};
}

// The outcome of a closing round's search: its resolution, with the findings, or without them
// when the search failed (the results never wait on the vectors).
result<outcome> effect_result(const state& s, simdjson::dom::object body,
                              const decision_context& ctx) {
  if (!ctx.from_platform) return make_error("unknown_command", "effect results are the server's");
  auto key = get_string(body, "key");
  if (!key) return key.err();
  if (auto round = presearch_round(*key)) return presearch_result(s, *round, body);
  const round_state* r = current_round(s);
  if (!r || r->resolved || r->closing.empty() || *key != search_key(r->dealt->round))
    return make_error("unknown_effect", "no round waits for \"" + *key + "\"");
  auto ok = find_field(body, "ok");
  std::optional<round_findings> found;
  if (ok && ok->is_bool() && ok->get_bool().value()) {
    auto given = find_field(body, "result");
    if (given) {
      auto read = read_round_findings(to_json_text(*given));
      if (read) found = std::move(*read);
    }
  }
  std::vector<event> events;
  resolve_with(s, events, r->closing, found ? &*found : nullptr);
  return outcome{std::move(events), "{}"};
}

}  // namespace

result<outcome> decide(const state& s, const command& cmd, const decision_context& ctx,
                       const environment& env) {
  if (cmd.type == "create") return create(s, cmd.body, env);
  if (s.status == "new") return make_error("no_such_match", "this match does not exist");
  if (cmd.type == "join") return join(s, cmd.body, ctx);
  if (cmd.type == "start") return start(s, ctx, env);
  if (cmd.type == "view") return outcome{{}, view_json(s, ctx.caller, false)};
  if (cmd.type == "submit") return submit(s, cmd.body, ctx, env);
  if (cmd.type == "resolve") return resolve_command(s, cmd.body, ctx, env);
  if (cmd.type == "next") return next_round(s, ctx, env);
  if (cmd.type == "deadline") return deadline(s, ctx);
  if (cmd.type == "effect_result") return effect_result(s, cmd.body, ctx);
  if (cmd.type == "why") {
    auto addressed = addressed_round(s, cmd.body);
    if (!addressed) return addressed.err();
    return why(s, **addressed, cmd.body, env);
  }
  if (cmd.type == "rematch") return rematch(s, cmd.body, ctx);
  return make_error("unknown_command", "vector cards has no command \"" + cmd.type + "\"");
}

}  // namespace wordhall::vectorcards
