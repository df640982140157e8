// The spymaster's round trip: the board it reads (the effect's payload), its answer
// (effect_result → cn.clue_given or cn.clue_failed) and retry_clue after a failure.
#include <algorithm>
#include <cctype>
#include <set>

#include "events/codenames/commands.hpp"
#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall::codenames_game {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

constexpr size_t max_clue_bytes = 64;

std::string lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The clue in an effect's result, checked against the board, or why it cannot be used
// (`bad_clue`): a word not on the table, 1..n targets that are distinct covered cards of the
// team to move, number == the count of targets.
result<clue_given> read_clue(const state& s, element given) {
  object o;
  if (given.get(o)) return make_error("bad_clue", "the spymaster's answer is not a JSON object");
  auto word = optional_string(o, "clue");
  if (!word || word->empty() || word->size() > max_clue_bytes)
    return make_error("bad_clue", "the spymaster's answer has no clue word");
  for (auto& c : s.cards)
    if (lower(c.word) == lower(*word))
      return make_error("bad_clue", "the clue \"" + *word + "\" is a card on the table");
  int64_t number = 0;
  auto targets = find_field(o, "targets");
  if (o["number"].get(number) || !targets || !targets->is_array())
    return make_error("bad_clue", "the spymaster's answer needs a number and targets");
  clue_given out{s.turn, s.team, *word, static_cast<int>(number), {},
                 optional_string(o, "spymaster").value_or("unknown")};
  std::set<size_t> chosen;
  for (element t : array_of(*targets)) {
    std::string_view text;
    if (t.get(text)) return make_error("bad_clue", "targets must be strings");
    auto it = std::find_if(s.cards.begin(), s.cards.end(), [&](const card& c) {
      return lower(c.word) == lower(text) && c.role == s.team && !c.revealed;
    });
    if (it == s.cards.end() || !chosen.insert(static_cast<size_t>(it - s.cards.begin())).second)
      return make_error("bad_clue", "\"" + std::string(text) + "\" is not a covered card of team " + s.team);
    out.targets.push_back(it->word);
  }
  if (out.targets.empty() || number != static_cast<int64_t>(out.targets.size()))
    return make_error("bad_clue", "the clue's number must count its targets");
  if (out.spymaster.empty()) out.spymaster = "unknown";
  return out;
}

void write_words(json_writer& out, const std::vector<std::string>& words) {
  out.begin_array();
  for (auto& w : words) out.value(w);
  out.end_array();
}

}  // namespace

std::string spymaster_board_json(const state& s) {
  std::vector<std::string> team, enemy, civilians, revealed, given;
  std::string hidden_assassin;
  for (auto& c : s.cards) {
    if (c.revealed) revealed.push_back(c.word);
    else if (c.role == s.team) team.push_back(c.word);
    else if (c.role == civilian) civilians.push_back(c.word);
    else if (c.role == assassin) hidden_assassin = c.word;
    else enemy.push_back(c.word);
  }
  for (auto& r : s.history)
    if (r.team == s.team) given.push_back(r.word);
  json_writer out;
  out.begin_object().key("team");
  write_words(out, team);
  out.key("enemy");
  write_words(out, enemy);
  out.key("civilians");
  write_words(out, civilians);
  out.field("assassin", hidden_assassin).key("revealed");
  write_words(out, revealed);
  out.key("given");
  write_words(out, given);
  // Every earlier turn, the other team's too: the cards its guessers picked, in order, tell the
  // spymaster how this team's players read clues (models/codenames/guesser_reader.hpp).
  out.key("history").begin_array();
  for (auto& r : s.history) {
    std::vector<std::string> picks;
    for (int card : r.guesses) picks.push_back(s.cards.at(static_cast<size_t>(card)).word);
    out.begin_object().field("clue", r.word).key("picks");
    write_words(out, picks);
    out.field("ours", r.team == s.team).end_object();
  }
  out.end_array();
  out.end_object();
  return out.take();
}

result<outcome> retry_clue(const state& s, const decision_context& ctx) {
  if (!find_seat(s, ctx.caller)) return make_error("not_a_seat", "this link is not a seat of this match");
  if (s.status == "lobby") return make_error("not_started", "the game has not started");
  if (s.guessing || !s.request.failed)
    return make_error("clue_not_failed", "no clue request has failed");
  std::vector<event> events{clue_retried{s.turn, s.request.attempt + 1}};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> effect_result(const state& s, object body, const decision_context&) {
  auto key = get_string(body, "key");
  if (!key) return key.err();
  if (s.status != "playing" || s.guessing || s.request.failed || *key != effect_key(s))
    return make_error("stale_effect", "the match does not wait for \"" + *key + "\"");
  auto ok = get_bool(body, "ok");
  if (!ok) return ok.err();
  error failure{"spymaster_failed", "the spymaster gave no clue"};
  if (*ok) {
    auto given = find_field(body, "result");
    auto clue = given ? read_clue(s, *given)
                      : result<clue_given>(make_error("bad_clue", "the spymaster's answer is empty"));
    if (clue) return outcome{{std::move(*clue)}, "{}"};
    failure = clue.err();
  } else {
    object e;
    if (auto reported = find_field(body, "error"); reported && !reported->get(e)) {
      failure.code = optional_string(e, "code").value_or(failure.code);
      failure.message = optional_string(e, "message").value_or(failure.message);
    }
  }
  return outcome{{clue_failed{s.turn, s.request.attempt, failure.code, failure.message}}, "{}"};
}

}  // namespace wordhall::codenames_game
