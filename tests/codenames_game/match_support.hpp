// Drives Codenames through the platform's `game` interface as the match actor does: every event
// goes through its JSON form into an envelope and back, so the log can be replayed. The deck is
// 40 made-up words; tests find cards by the roles the state records.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "events/codenames/codec.hpp"
#include "events/codenames/game.hpp"
#include "events/codenames/rules.hpp"
#include "events/json_read.hpp"

namespace wordhall::codenames_game::testing {

inline std::vector<std::string> test_deck() {
  std::vector<std::string> words;
  for (int i = 0; i < 40; ++i) words.push_back("word" + std::to_string(i));
  return words;
}

struct table {
  std::unique_ptr<game> g = make_game(std::make_shared<const std::vector<std::string>>(test_deck()));
  std::unique_ptr<match_state> s = g->initial_state();
  std::vector<event_envelope> log;
  uint64_t seed = 11;
  int decisions = 0;
  // Who is connected, as the platform passes it; null: no presence (every teammate counts).
  const std::vector<std::string>* online = nullptr;

  result<std::string> run(const std::string& json, const std::string& caller = "",
                          bool platform = false) {
    auto doc = json_document::parse(json);
    REQUIRE(doc.ok());
    auto body = as_object(doc->root(), "command");
    REQUIRE(body.ok());
    ++decisions;
    decision_context ctx{caller, 1'700'000'000'000 + decisions, seed++, {}, platform, online};
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

  // The plain state, through its canonical JSON (which this also checks round-trips).
  state st() const {
    auto text = g->encode_state(*s);
    auto decoded = decode_state(text);
    REQUIRE(decoded.ok());
    REQUIRE(encode_state(*decoded) == text);
    return *decoded;
  }

  std::string view(const std::string& caller, bool admin = false) const {
    return g->view(*s, viewer{caller, admin, online});
  }

  std::vector<effect_request> effects() const { return g->pending_effects(*s); }

  // The clue effect now listed (exactly one).
  effect_request clue_request() const {
    auto listed = effects();
    REQUIRE(listed.size() == 1);
    return listed[0];
  }

  // Answers the listed clue request with `number` covered cards of the team to move.
  void give_clue(const std::string& word, int number) {
    state now = st();
    std::string targets;
    int found = 0;
    for (auto& c : now.cards)
      if (found < number && !c.revealed && c.role == now.team)
        targets += std::string(found++ ? "," : "") + "\"" + c.word + "\"";
    auto r = run(R"({"type":"effect_result","key":")" + clue_request().key +
                     R"(","ok":true,"result":{"clue":")" + word + R"(","number":)" +
                     std::to_string(number) + R"(,"targets":[)" + targets +
                     R"(],"spymaster":"baseline"}})",
                 "", true);
    REQUIRE(r.ok());
  }

  void fail_clue(const std::string& code) {
    auto r = run(R"({"type":"effect_result","key":")" + clue_request().key +
                     R"(","ok":false,"error":{"code":")" + code + R"(","message":"it broke"}})",
                 "", true);
    REQUIRE(r.ok());
  }

  // The index of the first covered card of `role`.
  int covered(const std::string& role) const {
    state now = st();
    for (size_t i = 0; i < now.cards.size(); ++i)
      if (!now.cards[i].revealed && now.cards[i].role == role) return static_cast<int>(i);
    FAIL("no covered card of " << role);
    return -1;
  }

  // `proposer` proposes `card`, `confirmer` confirms it.
  result<std::string> guess(int card, const std::string& proposer, const std::string& confirmer) {
    auto p = run(R"({"type":"propose","card":)" + std::to_string(card) + "}", proposer);
    if (!p) return p;
    return run(R"({"type":"confirm","card":)" + std::to_string(card) + "}", confirmer);
  }
};

inline std::string code_of(const result<std::string>& r) { return r ? "" : r.err().code; }

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

inline std::string field_of(const std::string& json, const std::string& pointer) {
  auto doc = json_document::parse(json);
  REQUIRE(doc.ok());
  auto e = doc->root().at_pointer(pointer);
  return e.error() ? "<absent>" : to_json_text(e.value());
}

inline std::string json_quoted(const std::string& text) { return "\"" + text + "\""; }

// A match of `mode` with players on teams as given ("red"/"blue"), seat 0 the host, started.
// Returns the players' digests in seat order; `t` keeps the invite and spectator digests in
// its state.
inline std::vector<std::string> started_match(table& t, const std::string& mode,
                                              const std::vector<std::string>& teams) {
  auto created = t.run(R"({"type":"create","mode":")" + mode + R"(","name":"Host","team":")" +
                       teams.at(0) + R"("})");
  REQUIRE(created.ok());
  std::vector<std::string> digests{t.st().seats.at(0).digest};
  std::string invite = t.st().invite_digest;
  for (size_t i = 1; i < teams.size(); ++i) {
    REQUIRE(t.run(R"({"type":"join","name":"P)" + std::to_string(i) + R"(","team":")" +
                      teams[i] + R"("})",
                  invite)
                .ok());
    digests.push_back(t.st().seats.at(i).digest);
  }
  REQUIRE(t.run(R"({"type":"start"})", digests[0]).ok());
  return digests;
}

}  // namespace wordhall::codenames_game::testing
