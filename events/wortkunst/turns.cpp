// decide's turn commands (place, exchange, pass) and the judge's round trip (effect_result,
// retry_rating). The rules are in rules.hpp and placement.hpp; this file only sequences them.
#include <algorithm>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/wortkunst/codec_parts.hpp"
#include "events/wortkunst/tiles.hpp"
#include "events/wortkunst/turns.hpp"

namespace wordhall::wortkunst {
namespace {

using simdjson::dom::element;
using simdjson::dom::object;

// The caller as a player of the running game, or why not.
result<const seat*> playing_seat(const state& s, const decision_context& ctx) {
  const seat* caller = find_seat(s, ctx.caller);
  if (!caller) return make_error("not_a_seat", "this link is not a seat of this game");
  if (s.status == "lobby") return make_error("not_started", "the game has not started");
  if (!is_player(s, caller->index))
    return make_error("seat_locked", "this seat did not join before the game started");
  return caller;
}

// The caller as the player to move, with no move waiting for its rating.
result<const seat*> mover(const state& s, const decision_context& ctx) {
  auto caller = playing_seat(s, ctx);
  if (!caller) return caller.err();
  if (s.turn != (*caller)->index) return make_error("not_your_turn", "it is not your turn");
  if (s.pending)
    return make_error("rating_pending", "your move is waiting for its rating");
  return caller;
}

std::vector<std::string> front(const std::vector<std::string>& bag, size_t count) {
  count = std::min(count, bag.size());
  return {bag.begin(), bag.begin() + static_cast<long>(count)};
}

std::string upper(const std::string& word) {
  std::string out;
  for (auto& ch : code_points(word)) out += tile_letter(ch).value_or(ch);
  return out;
}

// The evaluations of `words` in `result`, or why the result cannot be used.
result<std::vector<evaluation>> read_evaluations(element rating,
                                                 const std::vector<std::string>& words,
                                                 std::string* judge) {
  object o;
  if (rating.get(o)) return make_error("bad_rating", "the rating is not a JSON object");
  *judge = optional_string(o, "judge").value_or("unknown");
  if (judge->empty()) *judge = "unknown";
  auto list = find_field(o, "evaluations");
  if (!list || !list->is_array()) return make_error("bad_rating", "the rating has no evaluations");
  std::vector<evaluation> out;
  for (auto& word : words) {
    bool found = false;
    for (element e : array_of(*list)) {
      object item;
      std::string_view text;
      if (e.get(item) || item["word"].get(text) || upper(std::string(text)) != word) continue;
      double score = 0;
      int64_t whole = 0;
      if (!item["score"].get(whole)) score = static_cast<double>(whole);
      else if (item["score"].get(score)) score = 0;
      if (score != static_cast<double>(static_cast<int64_t>(score)) || score < 1 || score > 100)
        return make_error("bad_rating", "the score of \"" + word + "\" is not an integer 1-100");
      out.push_back({word, static_cast<int>(score), optional_string(item, "explanation").value_or("")});
      found = true;
      break;
    }
    if (!found) return make_error("bad_rating", "the rating misses the word \"" + word + "\"");
  }
  return out;
}

// The command's "tiles", checked by read_tiles (a move and its dry run read them alike).
result<std::vector<placed_tile>> tiles_of(object body) {
  auto given = find_field(body, "tiles");
  if (!given) return make_error("bad_field", "\"tiles\" is required");
  return read_tiles(*given);
}

}  // namespace

result<outcome> place(const state& s, object body, const decision_context& ctx) {
  auto caller = mover(s, ctx);
  if (!caller) return caller.err();
  auto tiles = tiles_of(body);
  if (!tiles) return tiles.err();
  auto words = check_placement(s.tiles_on_board, *tiles, &(*caller)->rack);
  if (!words) return words.err();
  size_t kept = (*caller)->rack.size() - tiles->size();
  size_t wanted = kept < static_cast<size_t>(rack_size) ? rack_size - kept : 0;
  std::vector<event> events{move_placed{s.moves + 1, (*caller)->index, std::move(*tiles),
                                        std::move(*words), front(s.bag, wanted)}};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> check_move(const state& s, object body, const decision_context& ctx) {
  auto caller = playing_seat(s, ctx);
  if (!caller) return caller.err();
  auto tiles = tiles_of(body);
  if (!tiles) return tiles.err();
  auto words = check_placement(s.tiles_on_board, *tiles, &(*caller)->rack);
  if (!words) return words.err();
  json_writer reply;
  reply.begin_object().key("words").begin_array();
  for (auto& w : *words) reply.value(w.word);
  reply.end_array().key("formed");
  write_words(reply, *words);
  reply.end_object();
  return outcome{{}, reply.take()};
}

result<outcome> exchange(const state& s, object body, const decision_context& ctx) {
  auto caller = mover(s, ctx);
  if (!caller) return caller.err();
  if (s.bag.size() < static_cast<size_t>(rack_size))
    return make_error("bag_too_small", "exchanging needs at least 7 tiles in the bag");
  auto given = find_field(body, "letters");
  if (!given || !given->is_array()) return make_error("bad_field", "\"letters\" must be an array");
  std::vector<std::string> letters;
  for (element e : array_of(*given)) {
    std::string_view text;
    if (e.get(text)) return make_error("bad_letter", "each letter must be a string");
    auto letter = text == blank_tile ? std::optional<std::string>(blank_tile) : tile_letter(text);
    if (!letter)
      return make_error("bad_letter", "\"" + std::string(text) + "\" is not a tile letter or ?");
    letters.push_back(*letter);
  }
  if (letters.empty()) return make_error("no_tiles", "choose at least one tile to exchange");
  if (!on_rack((*caller)->rack, letters))
    return make_error("tile_not_on_rack", "these tiles are not all on your rack");
  tiles_exchanged swapped{s.moves + 1, (*caller)->index, letters, front(s.bag, letters.size()), {}};
  std::vector<std::string> rest(s.bag.begin() + static_cast<long>(letters.size()), s.bag.end());
  rest.insert(rest.end(), letters.begin(), letters.end());
  swapped.bag = shuffled(std::move(rest), ctx.seed);
  std::vector<event> events{std::move(swapped)};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> pass_turn(const state& s, const decision_context& ctx) {
  auto caller = mover(s, ctx);
  if (!caller) return caller.err();
  std::vector<event> events{passed{s.moves + 1, (*caller)->index}};
  if (auto end = pass_would_end(s)) events.push_back(game_ended{std::move(*end)});
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

std::optional<final_result> pass_would_end(const state& s) {
  if (s.status != "playing" || s.pending || s.passes + 1 < passes_to_end(s)) return std::nullopt;
  return finish(after(s, {passed{s.moves + 1, s.turn}}), "passes");
}

result<outcome> retry_rating(const state& s, const decision_context& ctx) {
  auto caller = playing_seat(s, ctx);
  if (!caller) return caller.err();
  if (!s.pending || !s.pending->failed)
    return make_error("rating_not_failed", "no move's rating has failed");
  std::vector<event> events{rating_retried{s.pending->move, s.pending->attempt + 1}};
  std::string reply = reply_view(s, events, ctx);
  return outcome{std::move(events), std::move(reply)};
}

result<outcome> effect_result(const state& s, object body, const decision_context& ctx) {
  auto key = get_string(body, "key");
  if (!key) return key.err();
  if (s.status != "playing" || !s.pending || s.pending->failed || *key != effect_key(*s.pending))
    return make_error("stale_effect", "the game does not wait for \"" + *key + "\"");
  auto ok = get_bool(body, "ok");
  if (!ok) return ok.err();
  const pending_move& waiting = *s.pending;
  std::vector<event> events;
  std::optional<error> failure;
  if (*ok) {
    auto rating = find_field(body, "result");
    std::string judge;
    auto evaluations = rating ? read_evaluations(*rating, distinct_words(waiting.words), &judge)
                              : result<std::vector<evaluation>>(
                                    make_error("bad_rating", "the rating has no result"));
    if (evaluations) {
      int64_t score = 0;
      for (auto& w : waiting.words)
        for (auto& e : *evaluations)
          if (e.word == w.word) score += e.score;
      events.push_back(move_rated{waiting.move, waiting.seat, judge, std::move(*evaluations), score});
      state now = after(s, events);
      const seat& rated = now.seats.at(static_cast<size_t>(waiting.seat));
      if (rated.rack.empty() && now.bag.empty())
        events.push_back(game_ended{finish(now, "rack_empty")});
    } else {
      failure = evaluations.err();
    }
  } else {
    error reported{"judge_failed", "the judge could not rate the move"};
    object e;
    if (auto given = find_field(body, "error"); given && !given->get(e)) {
      reported.code = optional_string(e, "code").value_or(reported.code);
      reported.message = optional_string(e, "message").value_or(reported.message);
    }
    failure = reported;
  }
  if (failure)
    events.push_back(rating_failed{waiting.move, waiting.attempt, failure->code, failure->message});
  return outcome{std::move(events), "{}"};
}

}  // namespace wordhall::wortkunst
