// `wordhall wortkunst check`: the function behind it, and the built command when it exists.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>

#include "events/wortkunst/check.hpp"

using namespace wordhall::wortkunst;

namespace {

std::string empty_rows_with(int row, const std::string& text) {
  std::string out = "[";
  for (int y = 0; y < 15; ++y)
    out += std::string(y ? "," : "") + "\"" + (y == row ? text : std::string(15, '.')) + "\"";
  return out + "]";
}

}  // namespace

TEST_CASE("check: words and their squares, or a rule's code", "[wortkunst][check]") {
  auto first = check_placement_json(
      R"({"placement":[{"square":"G8","letter":"Ä"},{"square":"H8","letter":"h","blank":true}]})");
  CHECK(first.exit_code == 0);
  CHECK(first.output == R"({"ok":true,"words":["ÄH"],"formed":[{"word":"ÄH","squares":["G8","H8"]}]})");

  std::string board = empty_rows_with(7, ".......HaUS....");  // a blank played as A on I8
  auto cross = check_placement_json(
      R"({"board":)" + board +
      R"(,"placement":[{"square":"H9","letter":"A"},{"square":"I9","letter":"B"}]})");
  CHECK(cross.exit_code == 0);
  CHECK(cross.output ==
        R"({"ok":true,"words":["AB","HA","AB"],"formed":[{"word":"AB","squares":["H9","I9"]},{"word":"HA","squares":["H8","H9"]},{"word":"AB","squares":["I8","I9"]}]})");

  auto diagonal = check_placement_json(R"({"board":)" + board +
                                       R"(,"placement":[{"square":"G9","letter":"X"}]})");
  CHECK(diagonal.exit_code == 1);
  CHECK(diagonal.output.find(R"("code":"not_connected")") != std::string::npos);
  CHECK(check_placement_json(R"({"placement":[{"square":"H8","letter":"A"}]})").output.find(
            "first_move_too_short") != std::string::npos);
  CHECK(check_placement_json(R"({"placement":[{"square":"H8","letter":"ß"}]})").exit_code == 1);
}

TEST_CASE("check: malformed input exits 2 with a JSON error", "[wortkunst][check]") {
  auto code_of = [](const std::string& input) {
    auto out = check_placement_json(input);
    CHECK(out.exit_code == 2);
    auto at = out.output.find(R"("code":")");
    REQUIRE(at != std::string::npos);
    return out.output.substr(at + 8, out.output.find('"', at + 8) - at - 8);
  };
  CHECK(code_of("not json") == "bad_json");
  CHECK(code_of("[]") == "bad_json");
  CHECK(code_of(R"({"board":[]})") == "bad_board");
  CHECK(code_of(R"({"board":)" + empty_rows_with(3, "...ß...........") + R"(,"placement":[]})") ==
        "bad_board");
  CHECK(code_of(R"({"board":)" + empty_rows_with(3, "....") + R"(,"placement":[]})") == "bad_board");
  CHECK(code_of(R"({"board":"x","placement":[]})") == "bad_board");
  CHECK(code_of(R"({})") == "bad_field");
  CHECK(code_of(R"({"placement":{}})") == "bad_field");
  CHECK(code_of(R"({"placement":[1]})") == "bad_field");
}

TEST_CASE("the built command reads stdin, prints one line, exits 0/1/2", "[wortkunst][check]") {
  std::string binary = std::string(WORDHALL_BUILD_DIR) + "/wordhall";
  if (!std::ifstream(binary)) {
    WARN("no " << binary << " yet: the command itself is not tested");
    return;
  }
  auto run = [&](const std::string& input, std::string* output) {
    std::string command = "printf '%s' '" + input + "' | " + binary + " wortkunst check";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    char buffer[4096];
    output->clear();
    while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output->append(buffer, n);
    int status = pclose(pipe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  std::string out;
  CHECK(run(R"({"placement":[{"square":"G8","letter":"Ü"},{"square":"H8","letter":"B"}]})", &out) == 0);
  CHECK(out == "{\"ok\":true,\"words\":[\"ÜB\"],\"formed\":[{\"word\":\"ÜB\",\"squares\":[\"G8\",\"H8\"]}]}\n");
  CHECK(run(R"({"placement":[{"square":"A1","letter":"A"},{"square":"B1","letter":"B"}]})", &out) == 1);
  CHECK(out.find("first_move_off_centre") != std::string::npos);
  CHECK(run("nonsense", &out) == 2);
  CHECK(out.find("bad_json") != std::string::npos);
}
