// Helpers for the Codenames end-to-end tests: the REST client, links and their tokens, waiting
// for the spymaster's clue, the key from the admin API, and the server flags for the default data.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"

namespace wordhall::testing {

// The server flags for the baseline spymaster on the default data; nullopt (after a warning)
// when the data is not prepared.
inline std::optional<std::vector<std::string>> baseline_spymaster_flags() {
  const std::string root = WORDHALL_SOURCE_DIR;
  if (!std::ifstream(root + "/data/embeddings/glove-6b-100d.whv")) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors missing: run tools/prepare-data");
    return std::nullopt;
  }
  return std::vector<std::string>{"--spymaster", "baseline"};
}

// The token at the end of a page URL (…/p/TOKEN, …/join/TOKEN, …/watch/TOKEN).
inline std::string token_of(const std::string& url) { return url.substr(url.rfind('/') + 1); }

struct cn_match {
  std::string id;
  std::string host, invite, spectator;  // tokens
};

struct cn_client {
  unsigned short port;
  std::string admin_token;

  http_result call(const std::string& method, const std::string& target,
                   const std::string& body = "", const std::string& token = "") {
    return http_call(port, method, target, body, token);
  }

  cn_match create(const std::string& body) {
    auto r = call("POST", "/api/codenames", body);
    INFO(r.body);
    REQUIRE(r.status == 201);
    json_probe p(r.body);
    cn_match m{p.str("/matchId"), token_of(p.str("/playerUrl")), token_of(p.str("/inviteUrl")),
               token_of(p.str("/spectatorUrl"))};
    CHECK(p.str("/playerUrl") == "http://127.0.0.1/cn/" + m.id + "/p/" + m.host);
    CHECK(p.str("/inviteUrl") == "http://127.0.0.1/cn/" + m.id + "/join/" + m.invite);
    CHECK(p.str("/spectatorUrl") == "http://127.0.0.1/cn/" + m.id + "/watch/" + m.spectator);
    return m;
  }

  // A new seat through the invitation; its token.
  std::string join(const cn_match& m, const std::string& body) {
    auto r = act(m, "join", m.invite, body);
    INFO(r.body);
    REQUIRE(r.status == 201);
    return token_of(json_probe(r.body).str("/playerUrl"));
  }

  http_result act(const cn_match& m, const std::string& action, const std::string& token,
                  const std::string& body = "{}") {
    return call("POST", "/api/codenames/" + m.id + "/" + action, body, token);
  }

  json_probe view(const cn_match& m, const std::string& token) {
    auto r = call("GET", "/api/codenames/" + m.id, "", token);
    INFO(r.body);
    REQUIRE(r.status == 200);
    return json_probe(r.body);
  }

  // The admin's view of the live match: the key and every clue's targets.
  json_probe admin_state(const cn_match& m) {
    auto r = call("GET", "/admin/matches/" + m.id + "/state", "", admin_token);
    INFO(r.body);
    REQUIRE(r.status == 200);
    return json_probe(r.body);
  }

  // Polls until the spymaster has answered the turn (a clue, a failure, or the end).
  json_probe settled(const cn_match& m, const std::string& token) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      json_probe v = view(m, token);
      if (v.at("/spymaster").is_null() || v.str("/spymaster/status") == "failed") return v;
      REQUIRE(std::chrono::steady_clock::now() < until);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
};

inline void cn_refused(const http_result& r, int status, const std::string& code) {
  INFO("expected " << status << " " << code << ", got " << r.status << " " << r.body);
  CHECK(r.status == status);
  CHECK(json_probe(r.body).str("/error/code") == code);
}

}  // namespace wordhall::testing
