#include "models/codenames/spymaster_json.hpp"

#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall::codenames {
namespace {

result<std::vector<std::string>> string_list(simdjson::dom::object o, std::string_view field) {
  std::vector<std::string> out;
  auto found = find_field(o, field);
  if (!found || found->is_null()) return out;
  if (!found->is_array()) {
    return make_error("bad_field", "\"" + std::string(field) + "\" must be an array of strings");
  }
  for (auto item : array_of(*found)) {
    std::string_view text;
    if (item.get(text) || text.empty()) {
      return make_error("bad_field",
                        "\"" + std::string(field) + "\" must hold non-empty strings only");
    }
    out.emplace_back(text);
  }
  return out;
}

result<std::vector<turn_seen>> history_of(simdjson::dom::object o) {
  std::vector<turn_seen> out;
  auto found = find_field(o, "history");
  if (!found || found->is_null()) return out;
  const error wrong{"bad_field",
                    "\"history\" must be an array of turns: {\"clue\":word, \"picks\":[cards], "
                    "\"ours\":true|false}"};
  if (!found->is_array()) return wrong;
  for (auto item : array_of(*found)) {
    simdjson::dom::object turn;
    if (item.get(turn)) return wrong;
    std::string_view word;
    auto clue = find_field(turn, "clue");
    if (!clue || clue->get(word) || word.empty()) return wrong;
    auto picks = string_list(turn, "picks");
    if (!picks) return wrong;
    bool ours = true;
    if (auto flag = find_field(turn, "ours"); flag && flag->get(ours)) return wrong;
    out.push_back({std::string(word), std::move(picks).value(), ours});
  }
  return out;
}

result<std::vector<game_seen>> earlier_of(simdjson::dom::object o) {
  std::vector<game_seen> out;
  auto found = find_field(o, "earlier");
  if (!found || found->is_null()) return out;
  const error wrong{"bad_field",
                    "\"earlier\" must be an array of games: {\"cards\":[every card dealt], "
                    "\"history\":[turns]}"};
  if (!found->is_array()) return wrong;
  for (auto item : array_of(*found)) {
    simdjson::dom::object game;
    if (item.get(game)) return wrong;
    auto cards = string_list(game, "cards");
    if (!cards) return cards.err();
    if (cards->empty()) return wrong;
    auto history = history_of(game);
    if (!history) return history.err();
    out.push_back({std::move(cards).value(), std::move(history).value()});
  }
  return out;
}

void write_strings(json_writer& out, std::string_view key, const std::vector<std::string>& items) {
  out.key(key).begin_array();
  for (const auto& item : items) out.value(item);
  out.end_array();
}

void write_history(json_writer& out, const std::vector<turn_seen>& history) {
  out.key("history").begin_array();
  for (const auto& turn : history) {
    out.begin_object().field("clue", turn.clue);
    write_strings(out, "picks", turn.picks);
    out.field("ours", turn.ours).end_object();
  }
  out.end_array();
}

}  // namespace

std::string board_json(const board_view& board) {
  json_writer out;
  out.begin_object();
  write_strings(out, "team", board.team);
  write_strings(out, "enemy", board.enemy);
  write_strings(out, "civilians", board.civilians);
  out.field("assassin", board.assassin);
  write_strings(out, "revealed", board.revealed);
  write_strings(out, "given", board.given);
  write_history(out, board.history);
  if (!board.earlier.empty()) {
    out.key("earlier").begin_array();
    for (const auto& game : board.earlier) {
      out.begin_object();
      write_strings(out, "cards", game.cards);
      write_history(out, game.history);
      out.end_object();
    }
    out.end_array();
  }
  out.end_object();
  return out.take();
}

result<board_view> parse_board_json(std::string_view text) {
  auto doc = json_document::parse(text);
  if (!doc) return doc.err();
  auto root = as_object(doc->root(), "the board");
  if (!root) return root.err();
  board_view board;
  struct list_field {
    const char* name;
    std::vector<std::string>* into;
  };
  for (const auto& [name, into] :
       {list_field{"team", &board.team}, list_field{"enemy", &board.enemy},
        list_field{"civilians", &board.civilians}, list_field{"revealed", &board.revealed},
        list_field{"given", &board.given}}) {
    auto list = string_list(root.value(), name);
    if (!list) return list.err();
    *into = std::move(list).value();
  }
  if (board.team.empty()) {
    return make_error("bad_field", "\"team\" must hold at least one unrevealed card");
  }
  auto history = history_of(root.value());
  if (!history) return history.err();
  board.history = std::move(history).value();
  auto earlier = earlier_of(root.value());
  if (!earlier) return earlier.err();
  board.earlier = std::move(earlier).value();
  if (!find_field(root.value(), "given"))
    for (const auto& turn : board.history)
      if (turn.ours) board.given.push_back(turn.clue);
  if (auto assassin = find_field(root.value(), "assassin"); assassin && !assassin->is_null()) {
    std::string_view name;
    if (assassin->get(name))
      return make_error("bad_field", "\"assassin\" must be a string or null");
    board.assassin = std::string(name);
  }
  return board;
}

std::string clue_json(const clue& given) {
  json_writer out;
  out.begin_object().field("clue", given.word).field("number", given.number);
  out.key("targets").begin_array();
  for (const auto& t : given.targets) out.value(t);
  out.end_array().end_object();
  return out.take();
}

std::string eval_json(const std::vector<std::pair<std::string, eval_summary>>& results,
                      const std::vector<std::pair<std::string, paired_comparison>>& paired) {
  json_writer out;
  out.begin_object();
  for (const auto& [name, summary] : results) {
    out.key(name).begin_object();
    out.field("win_rate", summary.win_rate).field("mean_turns", summary.mean_turns);
    out.field("words_per_clue", summary.words_per_clue);
    out.field("assassin_rate", summary.assassin_rate);
    if (!summary.by_game_of_match.empty()) {
      out.key("by_game_of_match").begin_array();
      for (const auto& game : summary.by_game_of_match) {
        out.begin_object().field("games", game.games).field("win_rate", game.win_rate);
        out.field("mean_turns", game.mean_turns).field("words_per_clue", game.words_per_clue);
        out.field("assassin_rate", game.assassin_rate).end_object();
      }
      out.end_array();
    }
    if (summary.clues_for != std::array<size_t, 4>{}) {
      // Keys "1" .. "3" and "4" for four or more cards; numbers no clue had are left out.
      out.key("first_pick_ours").begin_object();
      for (size_t n = 0; n < summary.clues_for.size(); ++n) {
        if (summary.clues_for[n] == 0) continue;
        out.key(std::to_string(n + 1)).begin_object().field("clues", summary.clues_for[n]);
        out.field("ours", summary.first_ours_for[n]).end_object();
      }
      out.end_object();
    }
    if (summary.clues_with_left != std::array<size_t, 4>{}) {
      // Keys "1" .. "3" and "4" for four cards of ours left or more; counts no clue had are left
      // out.
      out.key("first_pick_by_cards_left").begin_object();
      for (size_t n = 0; n < summary.clues_with_left.size(); ++n) {
        if (summary.clues_with_left[n] == 0) continue;
        out.key(std::to_string(n + 1)).begin_object().field("clues", summary.clues_with_left[n]);
        out.field("ours", summary.first_ours_with_left[n]);
        out.field("assassin", summary.first_assassin_with_left[n]).end_object();
      }
      out.end_object();
    }
    out.end_object();
  }
  auto difference = [&](const char* key, const paired_difference& d) {
    out.key(key).begin_object().field("mean", d.mean);
    out.key("ci95").begin_array().value(d.low).value(d.high).end_array().end_object();
  };
  if (!paired.empty()) {
    out.key("paired").begin_object();
    for (const auto& [name, comparison] : paired) {
      out.key(name).begin_object().field("games", comparison.games);
      difference("turns", comparison.turns);
      difference("wins", comparison.wins);
      out.end_object();
    }
    out.end_object();
  }
  out.end_object();
  return out.take();
}

}  // namespace wordhall::codenames
