// Helpers for the vector cards REST tests: a server with the default word vectors, a client that
// keeps every answer (to look for leaked secrets afterwards), and the requests a match is made of.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "events/json_writer.hpp"
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"

namespace wordhall::testing {

// The flags of the word-check test; nullopt (after a warning) when the data is not prepared.
inline std::optional<std::vector<std::string>> default_word_flags() {
  const std::string source_root = WORDHALL_SOURCE_DIR;
  const std::string vectors = source_root + "/data/embeddings/glove-6b-100d.whv";
  if (!std::ifstream(vectors)) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors missing: run tools/prepare-data");
    return std::nullopt;
  }
  return std::vector<std::string>{
      "--vectors",          vectors,
      "--blocklist",        source_root + "/config/blocklist.txt",
      "--function-words",   source_root + "/config/function-words.txt",
      "--word-frequencies", source_root + "/data/embeddings/subtlex-frequencies.tsv"};
}

// A REST client that keeps every answer, so a test can check afterwards that no secret leaked.
struct rest_client {
  unsigned short port;
  std::vector<std::string> bodies;

  http_result call(const std::string& method, const std::string& target,
                   const std::string& body = "") {
    auto r = http_call(port, method, target, body);
    bodies.push_back(r.body);
    return r;
  }
  http_result post(const std::string& target, const std::string& body) {
    return call("POST", target, body);
  }
  http_result get(const std::string& target) { return call("GET", target); }
};

inline std::string error_code(const http_result& r) {
  return json_probe(r.body).str("/error/code");
}

inline void check_refused(const http_result& r, int status, const std::string& code) {
  INFO("expected " << status << " " << code << ", got " << r.body);
  CHECK(r.status == status);
  CHECK(error_code(r) == code);
}

inline std::string with_player(const std::string& player_id) {
  json_writer out;
  out.begin_object().field("player_id", player_id).end_object();
  return out.take();
}

inline std::string submit_body(const std::string& player_id, const std::string& public_token,
                               const std::string& public_sign, const std::string& private_token,
                               const std::string& private_sign) {
  json_writer out;
  out.begin_object().field("player_id", player_id).field("public_token", public_token)
      .field("public_sign", public_sign).field("private_token", private_token)
      .field("private_sign", private_sign).end_object();
  return out.take();
}

inline std::vector<std::string> tokens(const json_probe& p, const char* pointer) {
  std::vector<std::string> out;
  for (auto card : p.at(pointer).get_array())
    out.emplace_back(std::string_view(card["token"].get_string().value()));
  return out;
}

inline double number(const json_probe& p, const char* pointer) {
  return p.at(pointer).get_double().value();
}

struct seat {
  std::string id;      // the secret player_id
  std::string player;  // the public seat, "p1"
};

inline std::string create_match(rest_client& c, const std::string& settings_json) {
  auto r = c.post("/match", R"({"name":"Friday","settings":)" + settings_json + "}");
  INFO(r.body);
  REQUIRE(r.status == 201);
  std::string id = json_probe(r.body).str("/match_id");
  REQUIRE_FALSE(id.empty());
  return id;
}

inline seat join(rest_client& c, const std::string& match, const std::string& name) {
  auto r = c.post("/match/" + match + "/join", R"({"player_name":")" + name + R"("})");
  INFO(r.body);
  REQUIRE(r.status == 200);
  json_probe p(r.body);
  return {p.str("/player_id"), p.str("/player")};
}

inline int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

inline std::string round_url(const std::string& match, const std::string& player_id) {
  return "/match/" + match + "/round/current?player_id=" + player_id;
}

}  // namespace wordhall::testing
