// `wordhall spymaster quiz-score`; usage and exit status are in quiz_command.hpp.
#include "tools/wordhall/quiz_command.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "models/codenames/clue_quiz.hpp"
#include "models/vector_cache.hpp"
#include "tools/wordhall/command_failure.hpp"
#include "tools/wordhall/people_play.hpp"

namespace wordhall {
namespace {

using namespace codenames;

constexpr std::string_view quiz_command_name = "spymaster quiz-score";

struct quiz_options {
  std::string key;
  std::vector<std::string> answers;
  std::vector<std::string> readers;
  bool json = false;
};

// A vector guesser's answers: its ranking's first cards, as many as the clue asks.
result<std::vector<std::vector<std::string>>> answers_of(const guesser& reader,
                                                         const std::vector<quiz_question>& quiz) {
  std::vector<std::vector<std::string>> out;
  for (const auto& q : quiz) {
    auto ranking = reader.rank(q.given, q.cards);
    if (!ranking) return ranking.err();
    ranking->resize(std::min(ranking->size(), size_t(std::max(q.given.number, 1))));
    out.push_back(std::move(ranking).value());
  }
  return out;
}

void write_score(json_writer& out, const std::string& reader, const quiz_score& s) {
  out.begin_object()
      .field("reader", reader)
      .field("first_pick_ours", s.first_pick_ours)
      .field("all_found", s.all_found)
      .field("cards_per_clue", s.cards_per_clue)
      .field("enemy", s.enemy)
      .field("civilian", s.civilian)
      .field("assassin", s.assassin);
  out.key("first_pick_ours_by_number").begin_array();
  for (size_t n = 0; n < 4; ++n) {
    out.begin_object()
        .field("number", n + 1)
        .field("clues", s.asked_for[n])
        .field("first_ours", s.first_ours_for[n])
        .end_object();
  }
  out.end_array().end_object();
}

int run_quiz_score(const quiz_options& options) {
  if (options.answers.empty() && options.readers.empty()) {
    return fail(quiz_command_name,
                make_error("invalid_argument", "give --answers FILE or --reader VECTORS"));
  }
  auto key_text = read_text_file(options.key);
  if (!key_text) return fail(quiz_command_name, key_text.err());
  auto key = parse_quiz_key(key_text.value());
  if (!key) return fail(quiz_command_name, key.err());
  const auto& quiz = key->questions;
  const std::string& made_by = key->made_by;

  std::vector<std::pair<std::string, quiz_score>> scores;
  for (const auto& file : options.answers) {
    auto text = read_text_file(file);
    if (!text) return fail(quiz_command_name, text.err());
    auto answers = parse_answers(text.value(), quiz);
    if (!answers) return fail(quiz_command_name, make_error("bad_answer", file + ", " +
                                                                          answers.err().message));
    auto score = score_answers(quiz, answers.value());
    if (!score) return fail(quiz_command_name, score.err());
    scores.emplace_back(file, score.value());
  }
  for (const auto& file : options.readers) {
    auto vectors = models::load_vectors_cached(file);
    if (!vectors) return fail(quiz_command_name, vectors.err());
    vector_guesser reader(std::move(vectors).value());
    auto answers = answers_of(reader, quiz);
    if (!answers) return fail(quiz_command_name, answers.err());
    auto score = score_answers(quiz, answers.value());
    if (!score) return fail(quiz_command_name, score.err());
    scores.emplace_back(std::filesystem::path(file).stem().string(), score.value());
  }

  if (options.json) {
    json_writer out;
    out.begin_object().field("questions", quiz.size()).field("made_by", made_by);
    out.key("readers").begin_array();
    for (const auto& [name, s] : scores) write_score(out, name, s);
    out.end_array().end_object();
    std::cout << out.take() << "\n";
    return 0;
  }
  std::printf("%zu questions (%s)\n", quiz.size(), made_by.c_str());
  std::printf("%-28s %10s %10s %10s %8s %9s %9s   first pick ours by number\n", "reader",
              "first ours", "all found", "cards/clue", "enemy", "civilian", "assassin");
  for (const auto& [name, s] : scores) {
    std::printf("%-28s %9.1f%% %9.1f%% %10.2f %7.1f%% %8.1f%% %8.1f%%  ", name.c_str(),
                100 * s.first_pick_ours, 100 * s.all_found, s.cards_per_clue, 100 * s.enemy,
                100 * s.civilian, 100 * s.assassin);
    for (size_t n = 0; n < 4; ++n)
      if (s.asked_for[n])
        std::printf(" %zu%s: %zu of %zu", n + 1, n == 3 ? "+" : "", s.first_ours_for[n],
                    s.asked_for[n]);
    std::printf("\n");
  }
  return 0;
}

}  // namespace

void add_quiz_score_command(CLI::App& spymaster) {
  auto options = std::make_shared<quiz_options>();
  auto* cmd = spymaster.add_subcommand(
      "quiz-score",
      "Score answers to a blind quiz of the spymaster's clues (written by `spymaster eval "
      "--quiz`), beside guessers on word vectors answering the same questions.");
  cmd->add_option("--key", options->key, "the quiz's key, PREFIX-key.json")->required();
  cmd->add_option("--answers", options->answers,
                  "a reader's answers, one line per question: \"N: card, card\"");
  cmd->add_option("--reader", options->readers,
                  "word vectors (.whv) of a guesser that answers the same questions");
  cmd->add_flag("--json", options->json,
                "print {\"questions\":N,\"made_by\":...,\"readers\":[{\"reader\":...,...}]}");
  cmd->callback([options] { throw CLI::RuntimeError(run_quiz_score(*options)); });
}

}  // namespace wordhall
