// The eval command's quiz and games by sheet; the contract is in people_play.hpp.
#include "tools/wordhall/people_play.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "models/codenames/sheet_play.hpp"

namespace wordhall {

using namespace codenames;

result<std::string> read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("io_error", "cannot read " + path);
  std::string text(std::istreambuf_iterator<char>(in), {});
  if (in.bad()) return make_error("io_error", "cannot read " + path);
  return text;
}

game_turn_watcher quiz_recorder::watcher() {
  return [this](size_t game, const std::vector<card>& cards, const clue& given) {
    if (game < turns_by_game_.size())
      turns_by_game_[game].push_back(question_of(game, turns_by_game_[game].size(), cards, given));
  };
}

result<void> quiz_recorder::write(size_t questions, uint64_t seed, quiz_turns turns,
                                  const std::string& prefix, const std::string& made_by) const {
  const auto quiz = choose_questions(turns_by_game_, questions, seed, turns);
  for (const auto& [file, text] :
       {std::pair{prefix + ".txt", quiz_sheet(quiz)},
        std::pair{prefix + "-key.json", quiz_key_json(quiz, made_by) + "\n"}}) {
    std::ofstream out(file, std::ios::trunc);
    out << text;
    if (!out) return make_error("io_error", "cannot write " + file);
  }
  return {};
}

result<sheet_round> play_sheet_round(const std::vector<std::string>& deck, size_t games,
                                     uint64_t seed, const spymaster& giver,
                                     const std::string& answers_file) {
  std::string text;
  if (std::filesystem::exists(answers_file)) {
    auto read = read_text_file(answers_file);
    if (!read) return read.err();
    text = std::move(read).value();
  }
  auto answers = parse_sheet_answers(text);
  if (!answers) return make_error("bad_answer", answers_file + ", " + answers.err().message);
  auto played = play_by_sheet(deck, games, seed, giver, answers.value());
  if (!played) return played.err();
  sheet_round round;
  round.sheet = sheet_text(played.value());
  for (const auto& g : played.value())
    if (g.finished) round.records.push_back(g.record);
  round.all_over = round.records.size() == played->size();
  return round;
}

}  // namespace wordhall
