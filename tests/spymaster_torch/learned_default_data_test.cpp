// The learned spymaster on the prepared default data (tools/prepare-data trains
// data/models/spymaster-learned.whsm), and `wordhall spymaster clue|eval` using it.
#include "tests/spymaster_torch/catch_over_torch.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>
#include <unistd.h>

#include "models/codenames/clue_space.hpp"
#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/codenames_sim.hpp"
#include "models/codenames/noun_clues.hpp"
#include "models/torch/learned_spymaster.hpp"
#include "models/vector_file.hpp"
#include "tests/spymaster_torch/default_data.hpp"
#include "tests/support/json_probe.hpp"

using namespace wordhall;
using namespace wordhall::codenames;
using namespace wordhall::testing;

namespace {

clue_space_sources default_sources() {
  clue_space_sources s;
  s.vectors = glove;
  s.blocklist = root + "/config/blocklist.txt";
  s.scowl_dir = "/usr/share/dict/scowl";
  s.frequencies = root + "/data/embeddings/subtlex-frequencies.tsv";
  s.function_words = root + "/config/function-words.txt";
  return s;
}

}  // namespace

TEST_CASE("learned on the default data: a clue and a short evaluation",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  auto space = load_clue_space(default_sources());
  REQUIRE(space.ok());
  auto giver = spymaster_torch::load_learned_spymaster(model, space.value());
  REQUIRE(giver.ok());

  board_view board;
  board.team = {"apple", "banana", "dog"};
  board.enemy = {"car", "bank"};
  board.civilians = {"cloud"};
  board.assassin = "gun";
  board.given = {"fruit"};
  auto hint = giver.value()->give_clue(board);
  REQUIRE(hint.ok());
  clue_rules rules(space.value()->blocked(), table_entries(board), board.given);
  CHECK(rules.legal(hint->word));
  CHECK(hint->number >= 1);
  CHECK(size_t(hint->number) == hint->targets.size());

  auto deck = load_deck_file(root + "/" + default_deck_path);
  REQUIRE(deck.ok());
  // One forward pass for 64 boards answers as 64 passes do, with the full-size net.
  std::vector<board_view> boards;
  for (size_t i = 0; i < 64; ++i) {
    auto cards = deal_board(deck.value(), game_seed(9, i));
    for (size_t revealed = 0; revealed < i % 8; ++revealed) cards[revealed].revealed = true;
    boards.push_back(view_of(cards, {}));
  }
  auto batch = giver.value()->give_clues(boards);
  REQUIRE(batch.size() == boards.size());
  for (size_t i = 0; i < boards.size(); ++i) {
    auto alone = giver.value()->give_clue(boards[i]);
    REQUIRE(batch[i].ok());
    REQUIRE(alone.ok());
    CHECK(batch[i]->word == alone->word);
    CHECK(batch[i]->targets == alone->targets);
  }

  vector_guesser taker(space.value()->vectors());
  auto summary = evaluate(deck.value(), 4, 5, *giver.value(), taker);
  REQUIRE(summary.ok());
  CHECK(summary->mean_turns >= 1.0);
  CHECK(summary->mean_turns <= 25.0);
  CHECK(summary->words_per_clue > 0.5);
}

TEST_CASE("wordhall spymaster eval --json: every spymaster, then the paired comparisons",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  auto run = run_wordhall("spymaster eval --games 3 --seed 5 --json 2>/dev/null");
  REQUIRE(run.status == 0);
  wordhall::testing::json_probe json(run.output);
  simdjson::dom::object spymasters;
  REQUIRE_FALSE(json.root().get(spymasters));
  std::vector<std::string> names;
  for (auto [name, summary] : spymasters) {
    if (name == "paired") continue;
    names.emplace_back(name);
    CAPTURE(name);
    const double win = summary["win_rate"], turns = summary["mean_turns"];
    const double words = summary["words_per_clue"], assassin = summary["assassin_rate"];
    CHECK(win >= 0.0);
    CHECK(win <= 1.0);
    CHECK(assassin >= 0.0);
    CHECK(assassin <= 1.0 - win);
    CHECK(turns >= 1.0);
    CHECK(turns <= 25.0);
    CHECK(words >= 0.0);
  }
  CHECK(names == std::vector<std::string>{"learned", "unread", "setnet", "rule", "baseline"});
  CHECK(json.num("/paired/learned_minus_rule/games") == 3);
  CHECK(json.num("/paired/learned_minus_unread/games") == 3);
  CHECK(json.num("/paired/unread_minus_rule/games") == 3);
  const double low = json.at("/paired/learned_minus_rule/turns/ci95/0").get_double().value();
  const double high = json.at("/paired/learned_minus_rule/turns/ci95/1").get_double().value();
  const double mean = json.at("/paired/learned_minus_rule/turns/mean").get_double().value();
  CHECK(low <= mean);
  CHECK(mean <= high);
}

TEST_CASE("wordhall spymaster clue: the learned clue as JSON", "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  auto run = run_wordhall(
      "spymaster clue --json 2>/dev/null <<'EOF'\n"
      "{\"team\":[\"apple\",\"banana\"],\"enemy\":[\"car\"],\"civilians\":[],"
      "\"assassin\":\"gun\",\"given\":[]}\nEOF");
  REQUIRE(run.status == 0);
  wordhall::testing::json_probe json(run.output);
  CHECK_FALSE(json.str("/clue").empty());
  const auto number = json.num("/number");
  CHECK(number >= 1);
  CHECK(number <= 2);
  CHECK(int64_t(json.at("/targets").get_array().size()) == number);
}

TEST_CASE("wordhall spymaster sheet-score --boards, then clue --lines: a recorded team's boards "
          "asked again",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  const std::string record = "docs/blind-reader/games-one-view-seed47.txt";
  auto boards = run_wordhall("spymaster sheet-score --games 3 --seed 47 --sheet " + record +
                             " --boards 2>/dev/null");
  REQUIRE(boards.status == 0);
  // One board for every turn of the first three games but their first.
  std::ifstream record_file(root + "/" + record);
  size_t turns = 0;
  for (std::string line; std::getline(record_file, line);)
    if (line.rfind("1.", 0) == 0 || line.rfind("2.", 0) == 0 || line.rfind("3.", 0) == 0) ++turns;
  auto asked = lines_of(boards.output);
  REQUIRE(asked.size() == turns - 3);
  for (const auto& board : asked) {
    wordhall::testing::json_probe json(board);
    CHECK(json.at("/history").get_array().size() >= 1);
    CHECK_FALSE(json.str("/assassin").empty());
  }

  // One answer a line, a board without a clue answered with its error in its place; exit 1.
  const std::string input = asked[0] + "\n{\"team\":[]}\n" + asked[1] + "\n";
  auto answers = run_wordhall("spymaster clue --json --lines 2>/dev/null <<'EOF'\n" + input + "EOF");
  CHECK(answers.status == 1);
  auto answered = lines_of(answers.output);
  REQUIRE(answered.size() == 3);
  CHECK_THAT(answered[0], Catch::StartsWith("{\"clue\":"));
  CHECK(wordhall::testing::json_probe(answered[1]).str("/error/code") == "bad_field");
  CHECK_THAT(answered[2], Catch::StartsWith("{\"clue\":"));
  // The same as asking about each board alone.
  auto alone = run_wordhall("spymaster clue --json 2>/dev/null <<'EOF'\n" + asked[1] + "\nEOF");
  REQUIRE(alone.status == 0);
  CHECK(lines_of(alone.output).at(0) == answered[2]);
}

TEST_CASE("wordhall spymaster clue: the last card's plain clue is clear in every view",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  const std::string board =
      "{\"team\":[\"wig\"],\"enemy\":[\"plane\",\"helm\",\"sole\"],"
      "\"civilians\":[\"toy\",\"egg\"],\"assassin\":\"cheek\",\"given\":[]}";
  auto clue_with = [&](const std::string& allowance) {
    auto run = run_wordhall("spymaster clue --json --plain-last-clue " + allowance +
                            " 2>/dev/null <<'EOF'\n" + board + "\nEOF");
    REQUIRE(run.status == 0);
    wordhall::testing::json_probe json(run.output);
    CHECK(json.num("/number") == 1);
    CHECK(json.str("/targets/0") == "wig");
    return json.str("/clue");
  };
  // Any allowance gives the plain clue: the card ahead of every other card by the views' mean
  // and in GloVe (the links' lead view), the assassin behind it in every view.
  const std::string plain = clue_with("1000");
  std::vector<models::embeddings> views;
  for (const char* file : {"glove-6b-100d", "wordnet-graph-200d", "ppmi-wordnet-100d",
                           "ppmi-gcide-100d", "ppmi-text-100d"}) {
    auto loaded = models::load_vector_file(root + "/data/embeddings/" + file + ".whv");
    REQUIRE(loaded.ok());
    views.push_back(std::move(loaded).value());
  }
  auto cosine = [&](size_t view, const std::string& a, const std::string& b) {
    const auto& v = views[view];
    return v.vector(v.require(a).value()).dot(v.vector(v.require(b).value()));
  };
  auto mean = [&](const std::string& card) {
    float sum = 0;
    for (size_t v = 0; v < views.size(); ++v) sum += cosine(v, plain, card);
    return sum / float(views.size());
  };
  INFO("plain clue: " << plain);
  for (const std::string other : {"plane", "helm", "sole", "toy", "egg", "cheek"}) {
    CHECK(mean(other) < mean("wig"));
    CHECK(cosine(0, plain, other) < cosine(0, plain, "wig"));
  }
  for (size_t v = 0; v < views.size(); ++v) CHECK(cosine(v, plain, "cheek") < cosine(v, plain, "wig"));
  // The default gives the plain clue or, when the scorer rates it too far below, its own best.
  const std::string chosen = clue_with("0.2");
  CHECK((chosen == plain || chosen == clue_with("-1")));
}

TEST_CASE("the standalone trainer writes the weights `wordhall spymaster train` writes",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  const std::string standalone = std::string(WORDHALL_BUILD_DIR) + "/spymaster_train";
  REQUIRE(std::filesystem::exists(standalone));
  const std::string ours = std::string(WORDHALL_BUILD_DIR) + "/spymaster-torch-driver.whsm";
  const std::string theirs = std::string(WORDHALL_BUILD_DIR) + "/spymaster-torch-standalone.whsm";
  const std::string common = " --vectors '" + glove + "' --deck config/codenames-deck.txt" +
                             " --steps 3 --batch 8 --seed 7 --device cpu --checkpoint-every 0";
  auto driver = run_wordhall("spymaster train" + common + " --out '" + ours + "' 2>&1");
  INFO(driver.output);
  REQUIRE(driver.status == 0);
  const std::string command =
      "cd '" + root + "' && '" + standalone + "'" + common + " --out '" + theirs + "' 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  auto bytes = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string written = bytes(ours);
  CHECK(written.size() > 100000);
  CHECK(written == bytes(theirs));

  // The deck's words alone (what is carried to a GPU machine) train the same weights.
  const std::string deck_vectors = std::string(WORDHALL_BUILD_DIR) + "/spymaster-torch-deck.whv";
  auto cut = run_wordhall("embeddings convert '" + glove + "' '" + deck_vectors +
                          "' --words config/codenames-deck.txt 2>&1");
  INFO(cut.output);
  REQUIRE(cut.status == 0);
  CHECK(std::filesystem::file_size(deck_vectors) < std::filesystem::file_size(glove) / 100);
  const std::string from_deck = std::string(WORDHALL_BUILD_DIR) + "/spymaster-torch-deck.whsm";
  std::string deck_common = common;
  deck_common.replace(deck_common.find(glove), glove.size(), deck_vectors);
  const std::string deck_command =
      "cd '" + root + "' && '" + standalone + "'" + deck_common + " --out '" + from_deck + "' 2>&1";
  REQUIRE(std::system(deck_command.c_str()) == 0);
  CHECK(written == bytes(from_deck));
}

TEST_CASE("wordhall spymaster agreement: the clues the other views read alike, as each view reads "
          "them", "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  auto run = run_wordhall("spymaster agreement --json 2>/dev/null");
  REQUIRE(run.status == 0);
  wordhall::testing::json_probe json(run.output);
  for (const char* view : {"/glove-6b-100d", "/wordnet-graph-200d", "/ppmi-wordnet-100d",
                           "/ppmi-gcide-100d", "/ppmi-text-100d"}) {
    CAPTURE(view);
    CHECK(json.num((std::string(view) + "/pairs").c_str()) > 20);
    CHECK(json.at((std::string(view) + "/bands").c_str()).get_array().size() == 3);
  }
  // The glosses' view reads what the others agree on far more often than the relation graph,
  // a taxonomy, does: that is why a guesser on the graph is the hardest to clue for.
  const double glosses = json.at("/ppmi-wordnet-100d/reader_first").get_double().value();
  const double graph = json.at("/wordnet-graph-200d/reader_first").get_double().value();
  CHECK(glosses > graph + 0.2);

  auto one = run_wordhall("spymaster agreement --view data/embeddings/glove-6b-100d.whv 2>&1");
  CHECK(one.status == 2);
  CHECK_THAT(one.output, Catch::Contains("two views or more"));
}

TEST_CASE("wordhall spymaster eval --quiz, then quiz-score: a blind quiz of the learned clues",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("wordhall-quiz-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string prefix = (dir / "quiz").string();
  auto made = run_wordhall(
      "spymaster eval --model learned --games 6 --seed 5 --noun-clues true --quiz 6 --quiz-out '" +
      prefix + "' 2>&1");
  REQUIRE(made.status == 0);
  std::ifstream sheet_file(prefix + ".txt");
  const std::string sheet(std::istreambuf_iterator<char>(sheet_file), {});
  CHECK_THAT(sheet, Catch::Contains("6. "));
  CHECK_THAT(sheet, !Catch::Contains("7. "));
  CHECK_THAT(sheet, !Catch::Contains("assassin"));

  // A reader who knows the targets finds every card; the key is what tells them.
  std::ifstream key_file(prefix + "-key.json");
  const std::string key(std::istreambuf_iterator<char>(key_file), {});
  wordhall::testing::json_probe json(key);
  // With --noun-clues every clue is a word that names a thing: WordNet uses it mostly as a noun,
  // or does not know it.
  auto wordnet = wordhall::models::wordnet_lexicon::load("/usr/share/wordnet");
  REQUIRE(wordnet.ok());
  std::vector<std::string> clue_words;
  for (size_t q = 0; q < 6; ++q)
    clue_words.emplace_back(
        json.at(("/questions/" + std::to_string(q) + "/clue").c_str()).get_string().value());
  const auto nouns = wordhall::codenames::mostly_noun_words(clue_words, wordnet.value());
  for (size_t q = 0; q < 6; ++q) {
    CAPTURE(clue_words[q]);
    CHECK(nouns[q]);
  }
  std::ofstream answers(prefix + "-targets.txt");
  for (size_t q = 0; q < 6; ++q) {
    auto targets = json.at(("/questions/" + std::to_string(q) + "/targets").c_str()).get_array();
    answers << q + 1 << ":";
    size_t i = 0;
    for (auto t : targets.value())
      answers << (i++ ? ", " : " ") << std::string_view(t.get_string());
    answers << "\n";
  }
  answers.close();
  auto scored = run_wordhall("spymaster quiz-score --json --key '" + prefix +
                             "-key.json' --answers '" + prefix +
                             "-targets.txt' --reader data/embeddings/glove-6b-100d.whv");
  REQUIRE(scored.status == 0);
  wordhall::testing::json_probe score(scored.output);
  CHECK(score.num("/questions") == 6);
  CHECK(score.at("/readers/0/first_pick_ours").get_double().value() == Approx(1.0));
  CHECK(score.at("/readers/0/all_found").get_double().value() == Approx(1.0));
  CHECK(score.at("/readers/0/assassin").get_double().value() == Approx(0.0));
  CHECK(score.at("/readers/1/reader").get_string().value() == "glove-6b-100d");

  std::ofstream wrong(prefix + "-wrong.txt");
  wrong << "1: no-such-card\n";
  wrong.close();
  auto refused = run_wordhall("spymaster quiz-score --key '" + prefix + "-key.json' --answers '" +
                              prefix + "-wrong.txt' 2>&1");
  CHECK(refused.status == 2);
  CHECK_THAT(refused.output,
             Catch::Contains("line 1: \"no-such-card\" is not one of the face-down cards"));
  auto no_model = run_wordhall("spymaster eval --games 2 --seed 5 --quiz 2 --quiz-out '" + prefix +
                               "' 2>&1");
  CHECK(no_model.status == 2);
  CHECK_THAT(no_model.output, Catch::Contains("--quiz needs one spymaster"));

  // --sheet: whole games with a person as the guesser; no answers yet, so each waits at turn 1.
  const std::string sheet_answers = (dir / "sheet.txt").string();
  auto first_round = run_wordhall("spymaster eval --model learned --games 2 --seed 5 --sheet '" +
                                  sheet_answers + "' 2>&1");
  REQUIRE(first_round.status == 0);
  CHECK_THAT(first_round.output, Catch::Contains("0 of 2 games over"));
  CHECK_THAT(first_round.output, Catch::Contains("\n1.1  "));
  CHECK_THAT(first_round.output, Catch::Contains("\n2.1  "));
  std::ofstream(sheet_answers) << "1.1: no-such-card\n";
  auto refused_sheet = run_wordhall("spymaster eval --model learned --games 2 --seed 5 --sheet '" +
                                    sheet_answers + "' 2>&1");
  CHECK(refused_sheet.status == 2);
  CHECK_THAT(refused_sheet.output, Catch::Contains("game 1, turn 1: \"no-such-card\""));

  // An answer names its clue as the sheet shows it ("1.1  WORD N", then the cards face down):
  // the next round goes on from it, and the same answer to another clue is refused.
  const std::string& text = first_round.output;
  const size_t at = text.find("\n1.1  ") + 1;
  const std::string question = text.substr(at, text.find('\n', at) - at);
  const size_t down = text.find("face down: ", at) + std::string("face down: ").size();
  const std::string first_card = text.substr(down, text.find_first_of(" \n", down) - down);
  std::ofstream(sheet_answers) << question << ": " << first_card << "\n";
  auto second_round = run_wordhall("spymaster eval --model learned --games 2 --seed 5 --sheet '" +
                                   sheet_answers + "' 2>&1");
  REQUIRE(second_round.status == 0);
  CHECK_THAT(second_round.output, Catch::Contains("\n2.1  "));
  const bool game_one_over = second_round.output.find("# game 1: ") != std::string::npos;
  CHECK(game_one_over == (second_round.output.find("\n1.2  ") == std::string::npos));
  std::ofstream(sheet_answers) << "1.1 NOT-ITS-CLUE 1: " << first_card << "\n";
  auto other_clue = run_wordhall("spymaster eval --model learned --games 2 --seed 5 --sheet '" +
                                 sheet_answers + "' 2>&1");
  CHECK(other_clue.status == 2);
  CHECK_THAT(other_clue.output,
             Catch::Contains("game 1, turn 1 was answered to NOT-ITS-CLUE 1, but this "
                             "spymaster's clue there is " + question.substr(5)));
  // sheet-score plays the record as answered, without the spymaster: the first game still
  // waiting is named.
  auto unfinished = run_wordhall("spymaster sheet-score --games 2 --seed 5 --sheet '" +
                                 sheet_answers + "' 2>&1");
  CHECK(unfinished.status == 2);
  CHECK_THAT(unfinished.output,
             Catch::Contains((game_one_over ? "game 2 is not over: " : "game 1 is not over: ") +
                             sheet_answers + " has no answer for its turn " +
                             (game_one_over ? "1" : "2")));
  std::filesystem::remove_all(dir);
}
