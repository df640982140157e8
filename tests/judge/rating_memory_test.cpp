// The rating memory: first rating wins, survives a reopen, and shrugs off a torn last line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "models/judge/rating_memory.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::judge;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<rating_memory> open_memory(const std::string& path) {
  auto m = rating_memory::open(path);
  REQUIRE(m.ok());
  return std::move(*m);
}

}  // namespace

TEST_CASE("ratings persist across a reopen, keyed by judge kind and normalised word", "[judge]") {
  wordhall::testing::temp_dir dir;
  const std::string path = dir.path() + "/sub/ratings.jsonl";  // the folder is created
  {
    auto memory = open_memory(path);
    auto kept = memory->remember("mistral-large-latest", {"Haustür", 64, "Schön."});
    CHECK(kept.rating.word == "HAUSTÜR");
    CHECK(kept.rating.score == 64);
    // A later rating of the same word by the same kind of judge loses.
    auto again = memory->remember("some-local-model", {"HAUSTÜR", 12, "Anders."});
    CHECK(again.rating.score == 64);
    CHECK(again.judge == "mistral-large-latest");
    memory->remember("offline", {"HAUSTÜR", 40, "Zusammengesetzt."});
    CHECK(memory->size() == 2);
  }
  auto memory = open_memory(path);
  CHECK(memory->size() == 2);
  auto model = memory->find("another-model", "haustür");
  REQUIRE(model);
  CHECK(model->rating.score == 64);
  CHECK(model->rating.explanation == "Schön.");
  CHECK(model->judge == "mistral-large-latest");
  auto offline = memory->find("offline", "HAUSTÜR");
  REQUIRE(offline);
  CHECK(offline->rating.score == 40);  // offline ratings never answer for a model, nor the reverse
  CHECK_FALSE(memory->find("offline", "HAUS"));
  CHECK(memory->write_failures() == 0);
  auto text = read_all(path);
  CHECK(std::count(text.begin(), text.end(), '\n') == 2);
}

TEST_CASE("a torn last line is dropped and the file stays appendable", "[judge]") {
  wordhall::testing::temp_dir dir;
  const std::string path = dir.path() + "/ratings.jsonl";
  {
    auto memory = open_memory(path);
    memory->remember("m", {"EINS", 10, "a"});
    memory->remember("m", {"ZWEI", 20, "b"});
  }
  std::ofstream(path, std::ios::app) << "this line is garbage\n"
                                     << R"({"judge":"m","word":"DREI","score":30,"explan)";
  {
    auto memory = open_memory(path);
    CHECK(memory->size() == 2);
    CHECK(memory->skipped_lines() == 1);  // the garbage; the torn line is not counted, it is cut
    CHECK_FALSE(memory->find("m", "DREI"));
    memory->remember("m", {"VIER", 40, "d"});
  }
  auto text = read_all(path);
  CHECK(text.back() == '\n');
  CHECK(text.find("DREI") == std::string::npos);
  auto memory = open_memory(path);
  CHECK(memory->size() == 3);
  REQUIRE(memory->find("m", "VIER"));
  CHECK(memory->find("m", "VIER")->rating.score == 40);
}

TEST_CASE("an empty path remembers in memory only; an unusable one is an error", "[judge]") {
  auto memory = open_memory("");
  memory->remember("offline", {"HAUS", 30, "x"});
  CHECK(memory->find("offline", "haus"));
  auto bad = rating_memory::open("/proc/no/such/ratings.jsonl");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.err().code == "judge_memory_unavailable");
}
