#include "config/settings.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <map>

using namespace wordhall;

TEST_CASE("the shipped config file loads and every setting has its three names", "[config]") {
  settings s;
  auto loaded = load_settings_file(std::string(WORDHALL_SOURCE_DIR) + "/config/wordhall.json", s);
  REQUIRE(loaded.ok());
  CHECK(s.port == 8080);
  CHECK(s.data_dir == "var");
  CHECK(s.deck_multiword == 0);
  // The sample shows an operator every setting (the limits among them) at the value the server
  // uses without it; only the admin token, a secret, is left to the environment.
  settings defaults;
  std::ifstream file(std::string(WORDHALL_SOURCE_DIR) + "/config/wordhall.json");
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (auto& d : describe_settings()) {
    INFO(d.key);
    CHECK((text.find("\"" + d.key + "\":") != std::string::npos) == (d.key != "adminToken"));
    if (d.is_number) CHECK(d.number(s) == d.number(defaults));
    else CHECK(d.text(s) == d.text(defaults));
  }
  for (auto& d : describe_settings()) {
    CHECK_FALSE(d.key.empty());
    CHECK(d.env.rfind("WORDHALL_", 0) == 0);
    CHECK(d.flag.rfind("--", 0) == 0);
    CHECK_FALSE(d.help.empty());
  }
}

TEST_CASE("config files: unknown keys and wrong types are errors naming the key", "[config]") {
  wordhall::testing::temp_dir dir;
  auto write = [&](const std::string& text) {
    std::ofstream(dir.path() + "/c.json") << text;
    return dir.path() + "/c.json";
  };
  settings s;
  CHECK(load_settings_file(write(R"({"port":9000,"host":"0.0.0.0"})"), s).ok());
  CHECK(s.port == 9000);
  CHECK(s.host == "0.0.0.0");
  auto unknown = load_settings_file(write(R"({"prot":1})"), s);
  CHECK(unknown.err().code == "bad_config");
  CHECK(unknown.err().message.find("\"prot\"") != std::string::npos);
  CHECK(load_settings_file(write(R"({"port":"80"})"), s).err().message.find("integer") !=
        std::string::npos);
  CHECK(load_settings_file(write(R"({"port":70000})"), s).err().code == "bad_setting");
  CHECK(load_settings_file(write("{"), s).err().code == "bad_config");
  CHECK(load_settings_file(dir.path() + "/missing.json", s).err().code == "bad_config");
  CHECK(s.port == 9000);  // failed loads leave what was set before the bad key
}

TEST_CASE("environment variables override the file and are checked", "[config]") {
  std::map<std::string, std::string> env = {{"WORDHALL_PORT", "1234"},
                                            {"WORDHALL_ADMIN_TOKEN", "secret"}};
  auto getenv = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  settings s;
  REQUIRE(apply_settings_env(s, getenv).ok());
  CHECK(s.port == 1234);
  CHECK(s.admin_token == "secret");
  env["WORDHALL_SNAPSHOT_EVERY"] = "lots";
  auto bad = apply_settings_env(s, getenv);
  CHECK(bad.err().code == "bad_setting");
  CHECK(bad.err().message.find("snapshotEvery") != std::string::npos);
}

TEST_CASE("the judge's concurrency also answers to CONCURRENT_LLM_REQUESTS", "[config]") {
  std::map<std::string, std::string> env = {{"CONCURRENT_LLM_REQUESTS", "5"}};
  auto getenv = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  settings s;
  CHECK(s.llm_concurrency == 2);
  CHECK(s.ratings_file.empty());
  CHECK(s.german_words == "/usr/share/dict/ngerman");
  REQUIRE(apply_settings_env(s, getenv).ok());
  CHECK(s.llm_concurrency == 5);
  env["WORDHALL_LLM_CONCURRENCY"] = "3";  // the WORDHALL_ name wins
  REQUIRE(apply_settings_env(s, getenv).ok());
  CHECK(s.llm_concurrency == 3);
  env["WORDHALL_LLM_CONCURRENCY"] = "0";
  CHECK(apply_settings_env(s, getenv).err().message.find("llmConcurrency") != std::string::npos);
}

TEST_CASE("Codenames' deck and spymaster: the deck by file, the spymaster one of four",
          "[config]") {
  std::map<std::string, std::string> env = {{"WORDHALL_CODENAMES_DECK", "/tmp/deck.txt"},
                                            {"WORDHALL_SPYMASTER", "baseline"}};
  auto getenv = [&](const char* name) -> const char* {
    auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  settings s;
  CHECK(s.codenames_deck == "config/codenames-deck.txt");
  CHECK(s.spymaster == "auto");
  REQUIRE(apply_settings_env(s, getenv).ok());
  CHECK(s.codenames_deck == "/tmp/deck.txt");
  CHECK(s.spymaster == "baseline");
  env["WORDHALL_SPYMASTER"] = "clever";
  auto bad = apply_settings_env(s, getenv);
  CHECK(bad.err().code == "bad_setting");
  CHECK(bad.err().message.find("auto, learned, setnet, baseline") != std::string::npos);
  CHECK(s.spymaster == "baseline");

  wordhall::testing::temp_dir dir;
  std::ofstream(dir.path() + "/c.json") << R"({"spymaster":"learned","codenamesDeck":"d.txt"})";
  REQUIRE(load_settings_file(dir.path() + "/c.json", s).ok());
  CHECK(s.spymaster == "learned");
  CHECK(s.codenames_deck == "d.txt");
  std::ofstream(dir.path() + "/c.json") << R"({"spymaster":"Learned"})";
  CHECK(load_settings_file(dir.path() + "/c.json", s).err().code == "bad_setting");
}

TEST_CASE("the abuse limits have defaults and are read from the environment", "[config]") {
  settings s;
  CHECK(s.max_connections == 0);  // from the descriptor limit
  CHECK(s.max_creations_per_minute == 30);
  CHECK(s.max_commands_per_second == 20);
  CHECK(s.trusted_proxies.empty());
  auto env = [](const char* name) -> const char* {
    std::string n = name;
    if (n == "WORDHALL_MAX_CREATIONS_PER_MINUTE") return "0";
    if (n == "WORDHALL_MAX_COMMANDS_PER_SECOND") return "5";
    if (n == "WORDHALL_MAX_CONNECTIONS") return "500";
    if (n == "WORDHALL_TRUSTED_PROXIES") return "10.0.0.1";
    return nullptr;
  };
  REQUIRE(apply_settings_env(s, env).ok());
  CHECK(s.max_creations_per_minute == 0);
  CHECK(s.max_commands_per_second == 5);
  CHECK(s.max_connections == 500);
  CHECK(s.trusted_proxies == "10.0.0.1");
}
