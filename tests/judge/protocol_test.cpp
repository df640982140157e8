// The Mistral request and the validation of its replies: no server involved.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <set>

#include "events/json_read.hpp"
#include "models/judge/mistral_protocol.hpp"
#include "tests/judge/fake_mistral.hpp"

using namespace wordhall;
using namespace wordhall::judge;
using wordhall::judge::test::chat_reply;

namespace {

std::set<std::string> keys_of(simdjson::dom::element e) {
  std::set<std::string> keys;
  simdjson::dom::object o;
  if (e.get(o)) return keys;
  for (auto field : o) keys.emplace(field.key);
  return keys;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

const std::vector<std::string> haus_maus = {"HAUS", "MAUS"};

std::string content_of(const std::string& evaluations_json) { return chat_reply(evaluations_json); }

}  // namespace

TEST_CASE("normalise_word trims and upper-cases German letters in UTF-8", "[judge]") {
  CHECK(normalise_word("  haustür\n") == "HAUSTÜR");
  CHECK(normalise_word("Ärger") == "ÄRGER");
  CHECK(normalise_word("öde") == "ÖDE");
  CHECK(normalise_word("straße") == "STRAßE");  // no capital ß on the tiles
  CHECK(normalise_word("café") == "CAFÉ");
  CHECK(normalise_word("HAUS") == "HAUS");
  CHECK(normalise_word("   ") == "");
  CHECK(utf8_letters("TÜR").size() == 3);
  CHECK(utf8_letters("\xC3").size() == 1);  // a cut sequence is one odd letter, not a crash
}

TEST_CASE("the request has the model, temperature 0, the schema and only the words", "[judge]") {
  auto body = build_rating_request("mistral-large-latest", haus_maus);
  auto doc = json_document::parse(body);
  REQUIRE(doc.ok());
  auto root = doc->root();
  CHECK(keys_of(root) == std::set<std::string>{"model", "temperature", "messages", "response_format"});
  CHECK(std::string_view(root["model"].get_string().value()) == "mistral-large-latest");
  CHECK(root["temperature"].get_int64().value() == 0);

  auto format = root["response_format"];
  CHECK(std::string_view(format["type"].get_string().value()) == "json_schema");
  CHECK(std::string_view(format["json_schema"]["name"].get_string().value()) == "evaluations");
  CHECK(format["json_schema"]["strict"].get_bool().value());
  auto item = format["json_schema"]["schema"]["properties"]["evaluations"]["items"];
  CHECK(std::string_view(item["properties"]["score"]["type"].get_string().value()) == "integer");
  CHECK(keys_of(item["properties"].value()) ==
        std::set<std::string>{"word", "score", "explanation"});

  auto messages = array_of(root["messages"].value());
  REQUIRE(messages.size() == 2);
  CHECK(std::string_view(messages.at(0)["role"].get_string().value()) == "system");
  CHECK(std::string_view(messages.at(1)["role"].get_string().value()) == "user");
  // The user message is the seed's contract: language, words, instructions, and nothing else.
  std::string user(messages.at(1)["content"].get_string().value());
  auto contract = json_document::parse(user);
  REQUIRE(contract.ok());
  CHECK(keys_of(contract->root()) == std::set<std::string>{"language", "words", "instructions"});
  CHECK(std::string_view(contract->root()["language"].get_string().value()) == "German");
  std::vector<std::string> sent;
  for (auto w : array_of(contract->root()["words"].value())) sent.emplace_back(w.get_string().value());
  CHECK(sent == haus_maus);
}

TEST_CASE("the instructions name the categories and the scale but no anchor", "[judge]") {
  auto body = build_rating_request("m", {"QUARK"});
  auto text = lower(body);
  for (auto needed : {"creativity", "rarity", "beauty", "1 to 100", "german", "integer"})
    CHECK(text.find(needed) != std::string::npos);
  for (auto anchor : {"average", "typical", "median", "middle", "mean ", "normal", "baseline",
                      "most words", "50", "default score", "usual"}) {
    INFO(anchor);
    CHECK(text.find(anchor) == std::string::npos);
  }
  // No player, match or board information leaks in: the words are the only variable part.
  CHECK(build_rating_request("m", {"QUARK"}) == body);
  CHECK(lower(std::string(rating_instructions())).find("player") == std::string::npos);
}

TEST_CASE("a valid reply comes back in the order asked, words as asked", "[judge]") {
  auto reply = content_of(R"({"evaluations":[
      {"word":"maus","score":17,"explanation":"Klein und flink."},
      {"word":"HAUS","score":100,"explanation":" Solide. "}]})");
  auto rated = parse_rating_reply(reply, haus_maus);
  REQUIRE(rated.ok());
  REQUIRE(rated->size() == 2);
  CHECK((*rated)[0].word == "HAUS");
  CHECK((*rated)[0].score == 100);
  CHECK((*rated)[0].explanation == "Solide.");
  CHECK((*rated)[1].word == "MAUS");
  CHECK((*rated)[1].score == 17);

  // A fenced answer from a server without schema support, and a score written as 1.0.
  auto fenced = content_of("```json\n{\"evaluations\":[{\"word\":\"HAUS\",\"score\":1.0,"
                           "\"explanation\":\"x\"},{\"word\":\"MAUS\",\"score\":2,\"explanation\":\"y\"}]}\n```");
  auto f = parse_rating_reply(fenced, haus_maus);
  REQUIRE(f.ok());
  CHECK((*f)[0].score == 1);

  // Content as a list of text chunks (newer Mistral replies).
  auto chunks = R"({"choices":[{"message":{"content":[{"type":"text","text":"{\"evaluations\":[{\"word\":\"HAUS\","},{"type":"text","text":"\"score\":5,\"explanation\":\"k\"}]}"}]}}]})";
  auto c = parse_rating_reply(chunks, {"HAUS"});
  REQUIRE(c.ok());
  CHECK((*c)[0].score == 5);
}

TEST_CASE("every malformed reply is refused with a stable code", "[judge]") {
  struct bad_case {
    std::string name, body, code;
  };
  const std::string two_ok = R"({"word":"MAUS","score":3,"explanation":"e"})";
  const std::vector<bad_case> cases = {
      {"not JSON", "{\"choices\":", "llm_bad_reply"},
      {"no choices", R"({"error":"x"})", "llm_bad_reply"},
      {"empty choices", R"({"choices":[]})", "llm_bad_reply"},
      {"content not text", R"({"choices":[{"message":{"content":7}}]})", "llm_bad_reply"},
      {"content not JSON", content_of("Sure! HAUS is lovely."), "llm_bad_reply"},
      {"no evaluations", content_of(R"({"ratings":[]})"), "llm_bad_reply"},
      {"evaluation not an object", content_of(R"({"evaluations":[1]})"), "llm_bad_reply"},
      {"word missing", content_of(R"({"evaluations":[{"score":3,"explanation":"e"}]})"), "llm_bad_reply"},
      {"score a string",
       content_of(R"({"evaluations":[{"word":"HAUS","score":"3","explanation":"e"},)" + two_ok + "]}"),
       "llm_bad_reply"},
      {"score a fraction",
       content_of(R"({"evaluations":[{"word":"HAUS","score":3.5,"explanation":"e"},)" + two_ok + "]}"),
       "llm_bad_reply"},
      {"explanation missing",
       content_of(R"({"evaluations":[{"word":"HAUS","score":3},)" + two_ok + "]}"), "llm_bad_reply"},
      {"explanation empty",
       content_of(R"({"evaluations":[{"word":"HAUS","score":3,"explanation":"  "},)" + two_ok + "]}"),
       "llm_bad_reply"},
      {"a word missing", content_of("{\"evaluations\":[" + two_ok + "]}"), "llm_wrong_words"},
      {"an extra word",
       content_of(R"({"evaluations":[{"word":"HAUS","score":3,"explanation":"e"},)" + two_ok +
                  R"(,{"word":"BAUM","score":3,"explanation":"e"}]})"),
       "llm_wrong_words"},
      {"a word twice",
       content_of("{\"evaluations\":[" + two_ok + "," + two_ok + "]}"), "llm_wrong_words"},
      {"a different word",
       content_of(R"({"evaluations":[{"word":"HAUSE","score":3,"explanation":"e"},)" + two_ok + "]}"),
       "llm_wrong_words"},
      {"score 0",
       content_of(R"({"evaluations":[{"word":"HAUS","score":0,"explanation":"e"},)" + two_ok + "]}"),
       "llm_score_out_of_range"},
      {"score 101",
       content_of(R"({"evaluations":[{"word":"HAUS","score":101,"explanation":"e"},)" + two_ok + "]}"),
       "llm_score_out_of_range"},
      {"score negative",
       content_of(R"({"evaluations":[{"word":"HAUS","score":-4,"explanation":"e"},)" + two_ok + "]}"),
       "llm_score_out_of_range"},
  };
  for (auto& c : cases) {
    INFO(c.name);
    auto rated = parse_rating_reply(c.body, haus_maus);
    REQUIRE_FALSE(rated.ok());
    CHECK(rated.err().code == c.code);
    CHECK_FALSE(rated.err().message.empty());
  }
}

// Hidden: writes our request and the fake server's reply for tools/judge/check-mistral-sdk.mjs,
// which compares them with what Mistral's own TypeScript SDK sends and accepts.
TEST_CASE("write the request and reply for the Mistral SDK check", "[.sdk]") {
  const char* dir = std::getenv("WORDHALL_SDK_CHECK_DIR");
  REQUIRE(dir);
  std::ofstream(std::string(dir) + "/request.json") << build_rating_request("mistral-large-latest", {"HAUSTÜR", "QUARK"});
  std::ofstream(std::string(dir) + "/reply.json")
      << chat_reply(wordhall::judge::test::evaluations({"HAUSTÜR", "QUARK"}, wordhall::judge::test::fake_score));
}
