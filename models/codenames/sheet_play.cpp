#include "models/codenames/sheet_play.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <unordered_set>

#include "models/codenames/answer_lines.hpp"

namespace wordhall::codenames {
namespace {

constexpr std::string_view awaiting = "awaiting_answer";

// "CLUE N", as the sheet shows a clue.
std::string shown(std::string_view word, int number) {
  std::string out = ascii_lowered(word);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return out + " " + std::to_string(number);
}

std::string game_turn(size_t game, size_t turn) {
  return "game " + std::to_string(game + 1) + ", turn " + std::to_string(turn + 1);
}

// The person: each turn of one game answered from the sheet, or `awaiting_answer` at the first
// turn nobody has answered.
class sheet_guesser final : public guesser {
 public:
  sheet_guesser(const sheet_answers& answers, size_t game) : answers_(answers), game_(game) {}

  result<std::vector<std::string>> rank(const clue& given,
                                        const std::vector<std::string>& unrevealed) const override {
    const size_t turn = turn_++;
    auto found = answers_.find({game_, turn});
    if (found == answers_.end()) return make_error(std::string(awaiting), "");
    const sheet_answer& answer = found->second;
    if (!answer.clue.empty() && (ascii_lowered(answer.clue) != ascii_lowered(given.word) ||
                                 answer.number != given.number)) {
      return make_error("other_clue",
                        game_turn(game_, turn) + " was answered to " +
                            shown(answer.clue, answer.number) + ", but this spymaster's clue "
                            "there is " + shown(given.word, given.number) +
                            ": the answers were given to other clues (another spymaster, other "
                            "options, data or scorer); `spymaster sheet-score` scores them as "
                            "they were played");
    }
    std::vector<std::string> picks;
    for (const auto& pick : answer.picks) {
      auto at = std::find_if(unrevealed.begin(), unrevealed.end(), [&](const std::string& u) {
        return ascii_lowered(u) == ascii_lowered(pick);
      });
      if (at == unrevealed.end()) {
        return make_error("bad_answer", game_turn(game_, turn) + ": \"" + pick +
                                            "\" is not one of the face-down cards");
      }
      picks.push_back(*at);
    }
    return picks;
  }

  size_t turns_asked() const { return turn_; }

 private:
  const sheet_answers& answers_;
  size_t game_;
  mutable size_t turn_ = 0;
};

// The record's spymaster: each turn's clue is the one its answer names. At the first turn without
// an answer it gives a clue no answer names, "?", for the person to be asked.
class recorded_spymaster final : public spymaster {
 public:
  recorded_spymaster(const sheet_answers& answers, size_t game) : answers_(answers), game_(game) {}

  std::string name() const override { return "record"; }

  result<clue> give_clue(const board_view& board) const override {
    const size_t turn = board.history.size();
    auto found = answers_.find({game_, turn});
    if (found == answers_.end()) return clue{"?", 1, {}};
    if (found->second.clue.empty()) {
      return make_error("bad_answer", game_turn(game_, turn) +
                                          ": a record names each turn's clue, as in \"" +
                                          std::to_string(game_ + 1) + "." +
                                          std::to_string(turn + 1) + " CLUE 2: card, card\"");
    }
    return clue{ascii_lowered(found->second.clue), found->second.number, {}};
  }

 private:
  const sheet_answers& answers_;
  size_t game_;
};

const char* whose(card_role role) {
  switch (role) {
    case card_role::team: return "ours";
    case card_role::enemy: return "theirs";
    case card_role::civilian: return "bystander";
    case card_role::assassin: return "assassin";
  }
  return "";
}

}  // namespace

result<sheet_answers> parse_sheet_answers(std::string_view text) {
  constexpr std::string_view form =
      "\"G.T CLUE N: card, card\" (the game's and the turn's number and the clue, as the sheet "
      "shows them, a colon, then the cards in the order you pick them)";
  auto lines = read_answer_lines(text, form);
  if (!lines) return lines.err();
  sheet_answers out;
  for (auto& line : lines.value()) {
    const std::string where = "line " + std::to_string(line.line) + ": ";
    std::vector<std::string_view> parts;  // "G.T", then the clue and its number, if given
    std::string_view rest = line.label;
    while (!rest.empty()) {
      const size_t start = rest.find_first_not_of(" \t");
      if (start == std::string_view::npos) break;
      rest.remove_prefix(start);
      const size_t end = std::min(rest.find_first_of(" \t"), rest.size());
      parts.push_back(rest.substr(0, end));
      rest.remove_prefix(end);
    }
    const std::string_view label = parts.empty() ? std::string_view{} : parts.front();
    const size_t dot = label.find('.');
    if ((parts.size() != 1 && parts.size() != 3) || dot == std::string_view::npos ||
        !is_small_number(label.substr(0, dot)) || !is_small_number(label.substr(dot + 1)) ||
        (parts.size() == 3 && !is_small_number(parts[2])))
      return make_error("bad_answer", where + "write " + std::string(form));
    const size_t game = std::stoul(std::string(label.substr(0, dot)));
    const size_t turn = std::stoul(std::string(label.substr(dot + 1)));
    if (game == 0 || turn == 0)
      return make_error("bad_answer", where + "games and turns are numbered from 1");
    sheet_answer answer;
    if (parts.size() == 3) {
      answer.clue = std::string(parts[1]);
      answer.number = std::stoi(std::string(parts[2]));
      if (answer.number == 0)
        return make_error("bad_answer", where + "a clue's number is 1 or more");
    }
    if (line.picks.empty()) return make_error("bad_answer", where + "pick at least one card");
    answer.picks = std::move(line.picks);
    if (!out.emplace(std::pair{game - 1, turn - 1}, std::move(answer)).second) {
      return make_error("bad_answer", where + "game " + std::to_string(game) + ", turn " +
                                          std::to_string(turn) + " is answered twice");
    }
  }
  return out;
}

namespace {

// play_by_sheet with the spymaster of each game: giver_of(game).
result<std::vector<sheet_game>> play_sheet_games(
    const std::vector<std::string>& deck, size_t games, uint64_t seed,
    const std::function<const spymaster&(size_t game)>& giver_of, const sheet_answers& answers) {
  std::unordered_set<std::string> distinct(deck.begin(), deck.end());
  if (distinct.size() != deck.size() || deck.size() < board_size)
    return make_error("bad_deck", "a deck needs at least 25 distinct entries");
  std::vector<sheet_game> out;
  for (size_t g = 0; g < games; ++g) {
    sheet_game game;
    game.game = g;
    std::vector<card> last_cards;
    sheet_guesser person(answers, g);
    auto record = play_game(deal_board(deck, game_seed(seed, g)), giver_of(g), person,
                            [&](const std::vector<card>& cards, const clue& given) {
                              game.clues.push_back(given);
                              // The cards the turn before this clue covered, in board order.
                              for (size_t c = 0; c < cards.size(); ++c)
                                if (cards[c].revealed &&
                                    (last_cards.empty() || !last_cards[c].revealed))
                                  game.covered.push_back(cards[c]);
                              last_cards = cards;
                            });
    if (!record && record.err().code != awaiting) return record.err();
    // Answers sort by game, then turn: the first at or past the turns asked, if this game's.
    if (auto beyond = answers.lower_bound({g, person.turns_asked()});
        beyond != answers.end() && beyond->first.first == g) {
      return make_error("bad_answer", "game " + std::to_string(g + 1) + ", turn " +
                                          std::to_string(beyond->first.second + 1) +
                                          ": the game never reached that turn");
    }
    if (record) {
      game.finished = true;
      game.record = record.value();
    } else {
      game.question = question_of(g, game.clues.size() - 1, last_cards, game.clues.back());
      game.clues.pop_back();  // the waiting clue is the question's
    }
    out.push_back(std::move(game));
  }
  return out;
}

}  // namespace

result<std::vector<sheet_game>> play_by_sheet(const std::vector<std::string>& deck, size_t games,
                                              uint64_t seed, const spymaster& giver,
                                              const sheet_answers& answers) {
  return play_sheet_games(
      deck, games, seed, [&](size_t) -> const spymaster& { return giver; }, answers);
}

result<std::vector<sheet_game>> play_recorded(const std::vector<std::string>& deck, size_t games,
                                              uint64_t seed, const sheet_answers& answers) {
  std::unique_ptr<recorded_spymaster> giver;
  return play_sheet_games(
      deck, games, seed,
      [&](size_t game) -> const spymaster& {
        giver = std::make_unique<recorded_spymaster>(answers, game);
        return *giver;
      },
      answers);
}

std::string sheet_text(const std::vector<sheet_game>& games) {
  const bool going = std::any_of(games.begin(), games.end(),
                                 [](const sheet_game& g) { return !g.finished; });
  std::string out =
      !going ? std::string() :
      "# Codenames: you are the guesser of every game below. For each, read the clue and pick\n"
      "# the cards you think it means, in order: at most the number; your turn ends at the first\n"
      "# card that is not yours. Add one line per game to your answers file: the clue's line as\n"
      "# it stands, a colon and your cards, e.g.  3.2 MUSIC 2: piano, violin  (game 3, turn 2),\n"
      "# and run the same command again for the next clues.\n\n";
  for (const auto& g : games) {
    if (!g.finished) continue;
    const clue& last = g.clues.back();
    out += "# game " + std::to_string(g.game + 1) + ": ";
    if (g.record.won) {
      out += "won in " + std::to_string(g.record.turns) + " turns";
    } else {
      out += std::string(g.record.assassin ? "lost to the assassin"
                         : g.record.clues >= max_turns ? "lost: out of turns"
                                                      : "lost: the other team's cards all found") +
             " on turn " + std::to_string(g.record.clues);
    }
    out += " (last clue " + last.word + " " + std::to_string(last.number);
    for (size_t t = 0; t < last.targets.size(); ++t)
      out += (t ? ", " : " for ") + last.targets[t];
    out += ")\n";
  }
  if (going && out.find("# game ") != std::string::npos) out += "\n";
  for (const auto& g : games) {
    if (g.finished) continue;
    const auto& q = g.question;
    out += std::to_string(g.game + 1) + "." + std::to_string(q.turn + 1) + "  " +
           shown(q.given.word, q.given.number) + "\n";
    if (!g.clues.empty()) {
      out += "   earlier clues:";
      for (size_t t = 0; t < g.clues.size(); ++t)
        out += (t ? ", " : " ") + g.clues[t].word + " " + std::to_string(g.clues[t].number);
      out += "\n";
    }
    if (!g.covered.empty()) {
      out += "   covered:";
      for (size_t c = 0; c < g.covered.size(); ++c)
        out += std::string(c ? ", " : " ") + g.covered[c].entry + " (" +
               whose(g.covered[c].role) + ")";
      out += "\n";
    }
    out += "   face down:";
    for (size_t c = 0; c < q.cards.size(); ++c) out += (c ? " · " : " ") + q.cards[c];
    out += "\n\n";
  }
  return out;
}

}  // namespace wordhall::codenames
