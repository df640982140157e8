// Helpers for the Wortkunst end-to-end tests: a REST client that keeps every answer (to look for
// leaked seat tokens afterwards), the game's requests with the seat token as bearer, waiting for
// a move's rating, and building placements from a rack.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "events/json_writer.hpp"
#include "tests/support/clients.hpp"
#include "tests/support/json_probe.hpp"

namespace wordhall::testing {

struct wk_game {
  std::string id;
  std::vector<std::string> urls;
  std::vector<std::string> tokens;  // seat 0 (the host) first
};

struct wk_client {
  unsigned short port;
  std::vector<std::string> bodies;  // every answer, in order

  http_result call(const std::string& method, const std::string& target, const std::string& body = "",
                   const std::string& token = "") {
    auto r = http_call(port, method, target, body, token);
    bodies.push_back(r.body);
    return r;
  }

  wk_game create(int players) {
    auto r = call("POST", "/api/games", R"({"playerCount":)" + std::to_string(players) + "}");
    INFO(r.body);
    REQUIRE(r.status == 201);
    json_probe p(r.body);
    wk_game g{p.str("/gameId"), {}, {}};
    for (auto u : p.at("/playerUrls").get_array()) {
      std::string url(std::string_view(u.get_string().value()));
      auto at = url.rfind("/p/");
      REQUIRE(at != std::string::npos);
      g.urls.push_back(url);
      g.tokens.push_back(url.substr(at + 3));
    }
    return g;
  }

  // POST /api/games/{id}/{action} as the seat holding `token`.
  http_result act(const wk_game& g, const std::string& action, const std::string& token,
                  const std::string& body = "{}") {
    return call("POST", "/api/games/" + g.id + "/" + action, body, token);
  }

  json_probe view(const wk_game& g, const std::string& token) {
    auto r = call("GET", "/api/games/" + g.id, "", token);
    INFO(r.body);
    REQUIRE(r.status == 200);
    return json_probe(r.body);
  }

  void join(const wk_game& g, int seat, const std::string& name) {
    auto r = act(g, "join", g.tokens.at(seat), R"({"name":")" + name + R"("})");
    INFO(r.body);
    REQUIRE(r.status == 200);
  }

  // Polls the view until no move waits for its rating (or its rating failed).
  json_probe settled(const wk_game& g, const std::string& token) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    for (;;) {
      json_probe v = view(g, token);
      if (v.at("/pending").is_null() || v.str("/pending/status") == "failed") return v;
      REQUIRE(std::chrono::steady_clock::now() < until);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
};

inline std::string wk_error(const http_result& r) { return json_probe(r.body).str("/error/code"); }

inline void wk_refused(const http_result& r, int status, const std::string& code) {
  INFO("expected " << status << " " << code << ", got " << r.status << " " << r.body);
  CHECK(r.status == status);
  CHECK(wk_error(r) == code);
}

inline std::vector<std::string> wk_strings(const json_probe& p, const char* pointer) {
  std::vector<std::string> out;
  for (auto e : p.at(pointer).get_array()) out.emplace_back(std::string_view(e.get_string().value()));
  return out;
}

// {"tiles":[…]} laying rack tiles on `squares` in order: a blank ("?") stands for an E.
inline std::string wk_place_body(const std::vector<std::string>& rack,
                                 const std::vector<std::string>& squares) {
  json_writer out;
  out.begin_object().key("tiles").begin_array();
  for (size_t i = 0; i < squares.size(); ++i) {
    bool blank = rack.at(i) == "?";
    out.begin_object().field("square", squares[i]).field("letter", blank ? "E" : rack[i])
        .field("blank", blank).end_object();
  }
  out.end_array().end_object();
  return out.take();
}

// The character at `square` ("H8") of a view's board, as a UTF-8 string ("." when empty).
inline std::string wk_board_at(const json_probe& v, const std::string& square) {
  int col = square[0] - 'A', row = std::stoi(square.substr(1)) - 1;
  std::string line(std::string_view(v.at("/board").at(static_cast<size_t>(row)).get_string().value()));
  size_t pos = 0;
  for (int c = 0; c < col; ++c) pos += (static_cast<unsigned char>(line[pos]) >= 0xC0) ? 2 : 1;
  return line.substr(pos, static_cast<unsigned char>(line[pos]) >= 0xC0 ? 2 : 1);
}

}  // namespace wordhall::testing
