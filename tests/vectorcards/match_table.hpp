// Drives vector cards' decide/evolve as the match actor does, over the word fixture, keeping
// every event for replays: the table the game's tests play on. Like the platform it runs the
// effects a state waits for (a closing round's search, through the same run_round_search the
// server's search service calls) and decides their results, unless `run_effects` is off. A
// running round's presearches run only with `run_presearches` (the server runs them when its
// search lane has time; without them, the round's own search finds every move, as under load).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "events/json_writer.hpp"
#include "events/vectorcards/resolution.hpp"
#include "events/vectorcards/rules.hpp"
#include "tests/vectorcards/word_fixture.hpp"

namespace wordhall::vectorcards::testing {

struct table {
  state s;
  environment env{fixture_words(), nullptr};
  std::vector<event> log;
  uint64_t seed = 1;
  int64_t now = 1'000'000;
  int minted = 0;
  bool run_effects = true;
  bool run_presearches = false;
  std::set<std::string> started;  // the keys of effects run and still wanted

  result<std::string> run(const std::string& json, const std::string& caller = "",
                          bool platform = false) {
    auto doc = json_document::parse(json);
    REQUIRE(doc.ok());
    auto body = as_object(doc->root(), "command");
    decision_context ctx{caller, now, seed++, {}, platform};
    ++minted;
    ctx.fresh_secrets.push_back({"secret" + std::to_string(minted), "digest" + std::to_string(minted)});
    auto out = decide(s, command{*get_string(*body, "type"), *body}, ctx, env);
    if (!out) return out.err();
    for (auto& e : out->events) {
      s = evolve(std::move(s), e);
      log.push_back(e);
    }
    if (run_effects) settle();
    return out->reply;
  }

  // Runs every effect the state waits for and decides its result, as the match actor does: an
  // effect is run once while it stays wanted (its key), whatever came of it.
  void settle() {
    auto wanted = pending_effects(s);
    std::set<std::string> still;
    for (auto& effect : wanted) still.insert(effect.key);
    for (auto it = started.begin(); it != started.end();)
      it = still.count(*it) ? std::next(it) : started.erase(it);
    for (auto& effect : wanted) {
      if (started.count(effect.key)) continue;
      REQUIRE((effect.service == search_service || effect.service == presearch_service));
      if (effect.service == presearch_service && !run_presearches) continue;
      started.insert(effect.key);
      // As the server's search runner: without vectors the search fails.
      auto found = env.words ? run_round_search(effect.payload, *env.words)
                             : result<std::string>(make_error("embeddings_unavailable",
                                                              "the word vectors are not loaded"));
      json_writer result;
      result.begin_object().field("type", "effect_result").field("key", effect.key)
          .field("ok", found.ok());
      if (found) {
        result.raw_field("result", *found);
      } else {
        result.key("error").begin_object().field("code", found.err().code)
            .field("message", found.err().message).end_object();
      }
      result.end_object();
      REQUIRE(run(result.take(), "", true).ok());
    }
  }

  // Joins a player; returns its digest (what the caller presents, hashed).
  std::string join(const std::string& name) {
    auto reply = run(R"({"type":"join","player_name":")" + name + "\"}");
    REQUIRE(reply.ok());
    return "digest" + std::to_string(minted);
  }

  const round_state& round() const { return s.rounds.back(); }

  // A legal move for the player: the first public card and the first non-joker private card.
  std::string move_for(const std::string& id, const char* s1 = "+", const char* s2 = "+") {
    auto& hand = round().dealt->hands.at(id);
    std::string priv = hand[0].token, joker;
    if (hand[0].joker) joker = R"(,"joker_override_token":"juice")";
    return R"({"type":"submit","round_id":")" + std::to_string(round().dealt->round) +
           R"(","public_token":")" + round().dealt->public_cards[0] + R"(","public_sign":")" + s1 +
           R"(","private_token":")" + priv + R"(","private_sign":")" + s2 + "\"" + joker + "}";
  }
};

inline std::string code_of(const result<std::string>& r) { return r ? "" : r.err().code; }

}  // namespace wordhall::vectorcards::testing
