// Drives Wortkunst through the platform's `game` interface as the match actor does: every event
// goes through its JSON form into an envelope and back, and the log can be replayed.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "events/json_read.hpp"
#include "events/wortkunst/codec.hpp"
#include "events/wortkunst/game.hpp"
#include "events/wortkunst/rules.hpp"
#include "events/wortkunst/tiles.hpp"

namespace wordhall::wortkunst::testing {

struct table {
  std::unique_ptr<game> g = make_game();
  std::unique_ptr<match_state> s = g->initial_state();
  std::vector<event_envelope> log;
  uint64_t seed = 7;
  int decisions = 0;

  result<std::string> run(const std::string& json, const std::string& caller = "",
                          bool platform = false) {
    auto doc = json_document::parse(json);
    REQUIRE(doc.ok());
    auto body = as_object(doc->root(), "command");
    REQUIRE(body.ok());
    ++decisions;
    decision_context ctx{caller, 1'700'000'000'000 + decisions, seed++, {}, platform};
    for (int i = 0; i < 4; ++i)
      ctx.fresh_secrets.push_back({"token" + std::to_string(decisions) + "_" + std::to_string(i),
                                   "digest" + std::to_string(decisions) + "_" + std::to_string(i)});
    auto type = get_string(*body, "type");
    REQUIRE(type.ok());
    auto d = g->decide(*s, command{*type, *body}, ctx);
    if (!d) return d.err();
    for (auto& e : d->events) push(e);
    return d->reply;
  }

  void push(const new_event& e) {
    event_envelope stored{e.type, e.version, log.size() + 1,
                          "id" + std::to_string(log.size() + 1), 1'700'000'000'000, e.payload};
    auto applied = g->apply(*s, stored);
    INFO(e.type << " " << e.payload);
    REQUIRE(applied.ok());
    log.push_back(stored);
  }
  void push(const event& e) { push(encode_event(e)); }

  // The plain state, through its canonical JSON (which this also checks round-trips).
  state st() const {
    auto text = g->encode_state(*s);
    auto decoded = decode_state(text);
    REQUIRE(decoded.ok());
    REQUIRE(encode_state(*decoded) == text);
    return *decoded;
  }

  std::string digest(int seat) const { return st().seats.at(static_cast<size_t>(seat)).digest; }
  std::vector<std::string> rack(int seat) const {
    return st().seats.at(static_cast<size_t>(seat)).rack;
  }

  std::string view(const std::string& caller, bool admin = false,
                   const std::vector<std::string>* online = nullptr) const {
    return g->view(*s, viewer{caller, admin, online});
  }

  // A game made of events, as a replay would see it: `players` seats, all joined, and a bag
  // in the given order (players are dealt 7 each from its front).
  void crafted(int players, std::vector<std::string> bag, int pass_rounds = 1) {
    game_created created{{pass_rounds}, {}};
    for (int i = 0; i < players; ++i) created.digests.push_back("seat" + std::to_string(i));
    push(event{created});
    game_started started{99, {}, std::move(bag)};
    for (int i = 0; i < players; ++i) {
      push(event{seat_joined{i, "P" + std::to_string(i)}});
      started.players.push_back(i);
    }
    push(event{started});
  }
};

inline std::string code_of(const result<std::string>& r) { return r ? "" : r.err().code; }

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// {"type":"place","tiles":[…]} putting `tiles` (rack form: "?" is a blank, played as E) on
// consecutive squares across from `from`.
inline std::string place_across(const std::string& from, const std::vector<std::string>& tiles) {
  std::string out = R"({"type":"place","tiles":[)";
  char column = from[0];
  std::string row = from.substr(1);
  for (size_t i = 0; i < tiles.size(); ++i) {
    bool blank = tiles[i] == "?";
    out += std::string(i ? "," : "") + R"({"square":")" + std::string(1, char(column + i)) + row +
           R"(","letter":")" + (blank ? "E" : tiles[i]) + R"(","blank":)" +
           (blank ? "true" : "false") + "}";
  }
  return out + "]}";
}

inline std::string rating_ok(const std::string& key, const std::vector<std::string>& words,
                             int score) {
  std::string out = R"({"type":"effect_result","key":")" + key +
                    R"(","ok":true,"result":{"judge":"offline","evaluations":[)";
  for (size_t i = 0; i < words.size(); ++i)
    out += std::string(i ? "," : "") + R"({"word":")" + words[i] + R"(","score":)" +
           std::to_string(score) + R"(,"explanation":"schön"})";
  return out + "]}}";
}

inline std::string field_of(const std::string& json, const std::string& field) {
  auto doc = json_document::parse(json);
  REQUIRE(doc.ok());
  auto o = as_object(doc->root(), "json");
  REQUIRE(o.ok());
  auto e = find_field(*o, field);
  return e ? to_json_text(*e) : "<absent>";
}

// The letter a rack tile is played as in these tests (a blank as E).
inline std::string letter_of(const std::string& tile) { return tile == "?" ? "E" : tile; }

// A tile letter the rack lacks.
inline std::string missing_from(const std::vector<std::string>& rack) {
  for (auto& [letter, count] : distribution())
    if (letter != "?" && std::find(rack.begin(), rack.end(), letter) == rack.end()) return letter;
  FAIL("no letter missing");
  return "";
}

// Two players, "Anna" (host) and "Bob", a third seat left unjoined; returns the digests.
inline std::vector<std::string> two_player_game(table& t, int pass_rounds = 1) {
  REQUIRE(t.run(R"({"type":"create","playerCount":3,"settings":{"pass_rounds":)" +
                std::to_string(pass_rounds) + "}}")
              .ok());
  std::vector<std::string> seats{t.digest(0), t.digest(1), t.digest(2)};
  REQUIRE(t.run(R"({"type":"join","name":"Anna"})", seats[0]).ok());
  REQUIRE(t.run(R"({"type":"join","name":"Bob"})", seats[1]).ok());
  REQUIRE(t.run(R"({"type":"start"})", seats[0]).ok());
  return seats;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Every tile is somewhere: on a rack, in the bag or on the board.
inline void check_tiles_conserved(const state& s) {
  std::vector<std::string> all = s.bag;
  for (auto& each : s.seats) all.insert(all.end(), each.rack.begin(), each.rack.end());
  for (auto& row : s.tiles_on_board.rows())
    for (auto& ch : code_points(row))
      if (ch != ".") all.push_back(*tile_letter(ch) == ch ? ch : "?");
  CHECK(sorted(all) == sorted(full_bag()));
}


}  // namespace wordhall::wortkunst::testing
