// word_judge: dedupe, memory first, one request for the rest, offline without a key.
#include <catch2/catch.hpp>

#include <fstream>
#include <future>
#include <map>

#include "models/judge/judge.hpp"
#include "tests/judge/fake_mistral.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall;
using namespace wordhall::judge;
using namespace wordhall::judge::test;

namespace {

judge_config model_config(const fake_mistral& server, const std::string& ratings_file) {
  judge_config c;
  c.use_llm = true;
  c.llm.base_url = server.base_url();
  c.llm.api_key = "k";
  c.llm.backoff = 10ms;
  c.llm.max_attempts = 2;
  c.ratings_file = ratings_file;
  return c;
}

// The offline judge with a small word list written next to its memory.
judge_config offline_config(const wordhall::testing::temp_dir& dir) {
  judge_config c;
  c.ratings_file = dir.path() + "/ratings.jsonl";
  c.german.word_list = dir.path() + "/words.txt";
  std::ofstream(c.german.word_list) << "Haus\nTür\nStern\nHimmel\n";
  return c;
}

result<judgement> rate(word_judge& judge, std::vector<std::string> words) {
  std::promise<result<judgement>> answer;
  auto done = answer.get_future();
  judge.rate(words, [&](result<judgement> j) { answer.set_value(std::move(j)); });
  REQUIRE(done.wait_for(10s) == std::future_status::ready);
  return done.get();
}

}  // namespace

TEST_CASE("the model rates the distinct words in one request, in the order asked", "[judge]") {
  wordhall::testing::temp_dir dir;
  fake_mistral server;
  word_judge judge(model_config(server, dir.path() + "/ratings.jsonl"));
  CHECK(judge.name() == "mistral-large-latest");
  CHECK_FALSE(judge.offline());
  auto j = rate(judge, {"Maus", "HAUS", "maus ", "QUARK"});
  REQUIRE(j.ok());
  CHECK(j->judge == "mistral-large-latest");
  REQUIRE(j->evaluations.size() == 3);
  CHECK(j->evaluations[0].word == "Maus");  // as first asked
  CHECK(j->evaluations[0].score == fake_score("MAUS"));
  CHECK(j->evaluations[1].word == "HAUS");
  CHECK(j->evaluations[2].word == "QUARK");
  REQUIRE(server.request_count() == 1);
  CHECK(server.requests()[0] == std::vector<std::string>{"MAUS", "HAUS", "QUARK"});  // normalised

  // Remembered words make no request; only the new one is asked for.
  auto k = rate(judge, {"HAUS", "BAUM"});
  REQUIRE(k.ok());
  CHECK(k->evaluations[0].score == fake_score("HAUS"));
  REQUIRE(server.request_count() == 2);
  CHECK(server.requests()[1] == std::vector<std::string>{"BAUM"});
  auto l = rate(judge, {"haus", "BAUM", "quark"});
  REQUIRE(l.ok());
  CHECK(server.request_count() == 2);
  CHECK(judgement_json(*l).rfind(R"({"judge":"mistral-large-latest","evaluations":[{"word":"haus",)", 0) == 0);
}

TEST_CASE("a word keeps its rating across restarts: the model is not asked again", "[judge]") {
  wordhall::testing::temp_dir dir;
  const std::string file = dir.path() + "/ratings.jsonl";
  fake_mistral server;
  int first = 0;
  {
    word_judge judge(model_config(server, file));
    auto j = rate(judge, {"STERN"});
    REQUIRE(j.ok());
    first = j->evaluations[0].score;
  }
  word_judge judge(model_config(server, file));
  CHECK(judge.memory().size() == 1);
  auto j = rate(judge, {"Stern"});
  REQUIRE(j.ok());
  CHECK(j->evaluations[0].score == first);
  CHECK(server.request_count() == 1);
}

TEST_CASE("when every attempt fails nothing is remembered and the next try asks again", "[judge]") {
  wordhall::testing::temp_dir dir;
  fake_mistral server;
  step down{0ms, 500, {}, [](auto&) { return std::string("{}"); }};
  server.script({down, down});
  word_judge judge(model_config(server, dir.path() + "/ratings.jsonl"));
  auto failed = rate(judge, {"HAUS", "MAUS"});
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.err().code == "llm_http_error");
  CHECK(failed.err().message == "HTTP 500 after 2 attempts");
  CHECK(judge.memory().size() == 0);
  CHECK(judge.pool_stats().failed == 1);
  auto retried = rate(judge, {"HAUS", "MAUS"});
  REQUIRE(retried.ok());
  CHECK(server.request_count() == 3);
  CHECK(judge.memory().size() == 2);
}

TEST_CASE("without a key the offline judge rates, and its ratings stay offline", "[judge]") {
  wordhall::testing::temp_dir dir;
  auto config = offline_config(dir);
  judgement offline_answer;
  {
    word_judge judge(config);
    CHECK(judge.offline());
    CHECK(judge.name() == "offline");
    CHECK(judge.warnings().empty());
    auto j = rate(judge, {"HAUSTÜR", "HIMMELSSTERN"});
    REQUIRE(j.ok());
    CHECK(j->judge == "offline");
    CHECK(j->evaluations[0].explanation.find("aus Haus und Tür") != std::string::npos);
    CHECK(j->evaluations[1].explanation.find("Zusammensetzung aus Himmel und Stern") != std::string::npos);
    CHECK(judgement_json(*j).rfind(R"({"judge":"offline","evaluations":[{"word":"HAUSTÜR","score":)", 0) == 0);
    offline_answer = *j;
  }
  // The same file: the offline ratings come back, unchanged.
  {
    word_judge judge(config);
    auto j = rate(judge, {"HAUSTÜR"});
    REQUIRE(j.ok());
    CHECK(j->evaluations[0].score == offline_answer.evaluations[0].score);
  }
  // A key turned on later: the model rates the word, the offline rating is not reused.
  fake_mistral server;
  word_judge judge(model_config(server, config.ratings_file));
  auto j = rate(judge, {"HAUSTÜR"});
  REQUIRE(j.ok());
  CHECK(j->judge == "mistral-large-latest");
  CHECK(j->evaluations[0].score == fake_score("HAUSTÜR"));
  CHECK(server.request_count() == 1);
}

TEST_CASE("a missing word list or memory file degrades, with a warning", "[judge]") {
  judge_config c;
  c.german.word_list = "/nonexistent/ngerman";
  c.ratings_file = "/proc/nope/ratings.jsonl";
  word_judge judge(c);
  CHECK(judge.warnings().size() == 2);
  auto j = rate(judge, {"HAUSTÜR"});
  REQUIRE(j.ok());
  CHECK(j->evaluations[0].explanation.find("Zusammengesetzt") == std::string::npos);
}

TEST_CASE("bad requests are refused; no words is an empty judgement", "[judge]") {
  word_judge judge(judge_config{});
  auto empty = rate(judge, {});
  REQUIRE(empty.ok());
  CHECK(empty->evaluations.empty());
  CHECK(rate(judge, {"HAUS", "  "}).err().code == "judge_bad_request");
  CHECK(rate(judge, {std::string(65, 'A')}).err().code == "judge_bad_request");
  CHECK(rate(judge, std::vector<std::string>(65, "HAUS")).err().code == "judge_bad_request");
}

TEST_CASE("the environment picks the model judge and its endpoint", "[judge]") {
  std::map<std::string, std::string> env;
  auto getenv = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  auto none = judge_config_from_env(getenv);
  CHECK_FALSE(none.use_llm);
  CHECK(none.llm.base_url == "https://api.mistral.ai/v1");
  CHECK(none.llm.model == "mistral-large-latest");
  CHECK(none.llm.concurrency == 2);

  env["MISTRAL_API_KEY"] = "secret";
  auto keyed = judge_config_from_env(getenv);
  CHECK(keyed.use_llm);
  CHECK(keyed.llm.api_key == "secret");

  env = {{"MISTRAL_BASE_URL", "http://127.0.0.1:8081/v1/"}, {"MISTRAL_MODEL", "qwen2.5-7b"}};
  judge_config base;
  base.llm.concurrency = 4;
  auto local = judge_config_from_env(getenv, base);
  CHECK(local.use_llm);  // a local server needs no key
  CHECK(local.llm.api_key.empty());
  CHECK(local.llm.base_url == "http://127.0.0.1:8081/v1");
  CHECK(local.llm.model == "qwen2.5-7b");
  CHECK(local.llm.concurrency == 4);
}
