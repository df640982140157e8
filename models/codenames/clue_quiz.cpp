#include "models/codenames/clue_quiz.hpp"

#include <algorithm>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/splitmix64.hpp"
#include "models/codenames/answer_lines.hpp"

namespace wordhall::codenames {
namespace {

const char* role_name(card_role role) {
  switch (role) {
    case card_role::team: return "team";
    case card_role::enemy: return "enemy";
    case card_role::civilian: return "civilian";
    case card_role::assassin: return "assassin";
  }
  return "team";
}

bool role_named(std::string_view name, card_role& role) {
  for (card_role r : {card_role::team, card_role::enemy, card_role::civilian, card_role::assassin})
    if (name == role_name(r)) {
      role = r;
      return true;
    }
  return false;
}

error bad_answer(const std::string& why) { return error{"bad_answer", why}; }

// How many picks of an answer count: the clue's number, within 1 .. the team's cards left.
size_t cards_asked(const quiz_question& q) {
  return std::clamp<size_t>(size_t(std::max(q.given.number, 1)), 1,
                            std::max<size_t>(team_cards_left(q), 1));
}

}  // namespace

quiz_question question_of(size_t game, size_t turn, const std::vector<card>& cards,
                          const clue& given) {
  quiz_question q;
  q.game = game;
  q.turn = turn;
  q.given = given;
  std::vector<const card*> down;
  for (const auto& c : cards)
    if (!c.revealed) down.push_back(&c);
  std::sort(down.begin(), down.end(), [](const card* a, const card* b) {
    return ascii_lowered(a->entry) < ascii_lowered(b->entry);
  });
  for (const card* c : down) {
    q.cards.push_back(c->entry);
    q.roles.push_back(c->role);
  }
  return q;
}

size_t team_cards_left(const quiz_question& q) {
  return size_t(std::count(q.roles.begin(), q.roles.end(), card_role::team));
}

std::vector<quiz_question> choose_questions(
    const std::vector<std::vector<quiz_question>>& turns_by_game, size_t count, uint64_t seed,
    quiz_turns turns) {
  std::vector<quiz_question> out;
  for (size_t g = 0; g < turns_by_game.size() && out.size() < count; ++g) {
    std::vector<const quiz_question*> open;
    for (const auto& q : turns_by_game[g]) {
      if (turns == quiz_turns::first && !open.empty()) break;
      if (turns != quiz_turns::last_card || team_cards_left(q) == 1) open.push_back(&q);
    }
    if (open.empty()) continue;
    splitmix64 random{game_seed(seed ^ 0x9e1f5c0a3b7d2e61ULL, g)};
    out.push_back(*open[size_t(random.below(open.size()))]);
  }
  return out;
}

result<answer_reading> read_answer(const quiz_question& question,
                                   const std::vector<std::string>& picks) {
  if (picks.empty()) return bad_answer("pick at least one card");
  const size_t allowed = cards_asked(question);
  std::vector<bool> taken(question.cards.size(), false);
  std::vector<size_t> chosen;
  for (const auto& pick : picks) {
    const std::string wanted = ascii_lowered(pick);
    size_t at = question.cards.size();
    for (size_t i = 0; i < question.cards.size(); ++i)
      if (ascii_lowered(question.cards[i]) == wanted) at = i;
    if (at == question.cards.size())
      return bad_answer("\"" + pick + "\" is not one of the face-down cards");
    if (taken[at]) return bad_answer("\"" + question.cards[at] + "\" is picked twice");
    taken[at] = true;
    chosen.push_back(at);
  }
  answer_reading out;
  out.first_ours = question.roles[chosen.front()] == card_role::team;
  for (size_t g = 0; g < chosen.size() && g < allowed; ++g) {
    const card_role role = question.roles[chosen[g]];
    if (role != card_role::team) {
      out.stopped = true;
      out.stopped_on = role;
      break;
    }
    ++out.found;
  }
  return out;
}

result<quiz_score> score_answers(const std::vector<quiz_question>& questions,
                                 const std::vector<std::vector<std::string>>& answers) {
  if (answers.size() != questions.size()) {
    return bad_answer(std::to_string(answers.size()) + " answers for " +
                      std::to_string(questions.size()) + " questions");
  }
  quiz_score out;
  out.questions = questions.size();
  if (questions.empty()) return out;
  size_t first = 0, full = 0, found = 0, enemy = 0, civilian = 0, assassin = 0;
  for (size_t i = 0; i < questions.size(); ++i) {
    auto reading = read_answer(questions[i], answers[i]);
    if (!reading) {
      return bad_answer("question " + std::to_string(i + 1) + ": " + reading.err().message);
    }
    const auto& q = questions[i];
    const size_t asked = cards_asked(q);
    const size_t slot = std::clamp<size_t>(size_t(std::max(q.given.number, 1)), 1, 4) - 1;
    ++out.asked_for[slot];
    if (reading->first_ours) {
      ++first;
      ++out.first_ours_for[slot];
    }
    if (reading->found >= asked) ++full;
    found += reading->found;
    if (reading->stopped) {
      enemy += reading->stopped_on == card_role::enemy;
      civilian += reading->stopped_on == card_role::civilian;
      assassin += reading->stopped_on == card_role::assassin;
    }
  }
  const double n = double(questions.size());
  out.first_pick_ours = double(first) / n;
  out.all_found = double(full) / n;
  out.cards_per_clue = double(found) / n;
  out.enemy = double(enemy) / n;
  out.civilian = double(civilian) / n;
  out.assassin = double(assassin) / n;
  return out;
}

std::string quiz_sheet(const std::vector<quiz_question>& questions) {
  std::string out =
      "# Codenames: the spymaster's clues, one turn of a game each.\n"
      "# You are the guesser. Each question gives the clue, the number of cards it is for, and\n"
      "# the cards still face down. Pick the cards you think the clue means, in the order you\n"
      "# would touch them: at most the number; your turn ends at the first card that is not\n"
      "# your team's. Write one line per question, e.g.  3: piano, violin\n\n";
  for (size_t i = 0; i < questions.size(); ++i) {
    const auto& q = questions[i];
    std::string clue_word = q.given.word;
    for (char& c : clue_word)
      if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    out += std::to_string(i + 1) + ". " + clue_word + " " + std::to_string(q.given.number) + "\n  ";
    for (size_t c = 0; c < q.cards.size(); ++c) out += (c ? " · " : " ") + q.cards[c];
    out += "\n\n";
  }
  return out;
}

result<std::vector<std::vector<std::string>>> parse_answers(
    std::string_view text, const std::vector<quiz_question>& questions) {
  constexpr std::string_view form =
      "\"N: card, card\" (the question's number, a colon, then the cards in the order you pick "
      "them)";
  auto lines = read_answer_lines(text, form);
  if (!lines) return lines.err();
  std::vector<std::vector<std::string>> answers(questions.size());
  std::vector<bool> answered(questions.size(), false);
  for (auto& line : lines.value()) {
    const std::string where = "line " + std::to_string(line.line) + ": ";
    if (!is_small_number(line.label)) return bad_answer(where + "write " + std::string(form));
    const size_t number = std::stoul(line.label);
    if (number == 0 || number > questions.size()) {
      return bad_answer(where + "there is no question " + std::to_string(number) + " (1 to " +
                        std::to_string(questions.size()) + ")");
    }
    if (answered[number - 1])
      return bad_answer(where + "question " + std::to_string(number) + " is answered twice");
    if (auto reading = read_answer(questions[number - 1], line.picks); !reading)
      return bad_answer(where + reading.err().message);
    answered[number - 1] = true;
    answers[number - 1] = std::move(line.picks);
  }
  for (size_t i = 0; i < questions.size(); ++i)
    if (!answered[i]) return bad_answer("question " + std::to_string(i + 1) + " has no answer");
  return answers;
}

std::string quiz_key_json(const std::vector<quiz_question>& questions, std::string_view made_by) {
  json_writer out;
  out.begin_object().field("made_by", made_by);
  out.key("questions").begin_array();
  for (const auto& q : questions) {
    out.begin_object()
        .field("game", q.game)
        .field("turn", q.turn)
        .field("clue", q.given.word)
        .field("number", q.given.number);
    out.key("targets");
    write_strings(out, q.given.targets);
    out.key("cards");
    write_strings(out, q.cards);
    out.key("roles").begin_array();
    for (card_role role : q.roles) out.value(role_name(role));
    out.end_array().end_object();
  }
  out.end_array().end_object();
  return out.take();
}

result<quiz_key> parse_quiz_key(std::string_view text) {
  auto fault = [](const std::string& why) { return error{"bad_key", "the quiz key: " + why}; };
  auto doc = json_document::parse(text);
  if (!doc) return fault(doc.err().message);
  auto root = as_object(doc->root(), "the quiz key");
  if (!root) return fault(root.err().message);
  auto list = read_array(root.value(), "questions");
  if (!list) return fault(list.err().message);
  quiz_key key;
  key.made_by = optional_string(root.value(), "made_by").value_or("");
  std::vector<quiz_question>& out = key.questions;
  for (auto item : list.value()) {
    auto o = as_object(item, "a question");
    if (!o) return fault(o.err().message);
    quiz_question q;
    auto game = get_uint(o.value(), "game");
    auto turn = get_uint(o.value(), "turn");
    auto word = get_string(o.value(), "clue");
    auto number = read_int(o.value(), "number");
    auto targets = read_strings(o.value(), "targets");
    auto cards = read_strings(o.value(), "cards");
    auto roles = read_strings(o.value(), "roles");
    for (const error* e : {game ? nullptr : &game.err(), turn ? nullptr : &turn.err(),
                           word ? nullptr : &word.err(), number ? nullptr : &number.err(),
                           targets ? nullptr : &targets.err(), cards ? nullptr : &cards.err(),
                           roles ? nullptr : &roles.err()})
      if (e) return fault(e->message);
    if (cards->size() != roles->size() || cards->empty())
      return fault("question " + std::to_string(out.size() + 1) +
                   " needs as many roles as cards, and at least one card");
    q.game = size_t(game.value());
    q.turn = size_t(turn.value());
    q.given = clue{word.value(), number.value(), targets.value()};
    q.cards = cards.value();
    for (const auto& name : roles.value()) {
      card_role role;
      if (!role_named(name, role)) return fault("unknown role \"" + name + "\"");
      q.roles.push_back(role);
    }
    out.push_back(std::move(q));
  }
  return key;
}

}  // namespace wordhall::codenames
