// The bridge's answers to HTTP handlers: a match, a missing match, and a server that drains.
#include <catch2/catch.hpp>

#include <future>

#include "actors/bridge.hpp"
#include "platform_harness.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall;
using namespace wordhall::testing;

namespace {

struct answer {
  std::optional<command_outcome> outcome;
  bridge_error error;
};

answer command_through_bridge(platform_harness& h, const std::string& match_id,
                              const std::string& json) {
  std::promise<answer> done;
  command_match(h.system(), h.directory(), match_id, "", json,
                [&](std::optional<command_outcome> out, const bridge_error& e) {
                  done.set_value({std::move(out), e});
                });
  return done.get_future().get();
}

answer create_through_bridge(platform_harness& h, const std::string& game) {
  std::promise<answer> done;
  create_match(h.system(), h.directory(), game, "", R"({"type":"create","name":"Ann"})",
               [&](std::string, std::optional<command_outcome> out, const bridge_error& e) {
                 done.set_value({std::move(out), e});
               });
  return done.get_future().get();
}

}  // namespace

TEST_CASE("the bridge tells a missing match and an unknown game from a draining server",
          "[actors]") {
  temp_dir dir;
  platform_harness h(dir.path());
  auto [id, created] = h.create("tictactoe", R"({"type":"create","name":"Ann"})");
  REQUIRE(created.ok);

  auto joined = command_through_bridge(h, id, R"({"type":"join","name":"Bob"})");
  REQUIRE(joined.outcome);
  CHECK(joined.outcome->ok);
  CHECK(command_through_bridge(h, "nosuchmatch0", R"({"type":"join","name":"Bob"})").error.code ==
        "no_such_match");
  CHECK(create_through_bridge(h, "chess").error.code == "unknown_game");

  {
    caf::scoped_actor self{h.system()};
    self->request(h.directory(), caf::infinite, drain_atom::value)
        .receive([](bool) {}, [](caf::error&) {});
  }
  auto during_drain = command_through_bridge(h, id, R"({"type":"place","cell":4})");
  CHECK_FALSE(during_drain.outcome);
  CHECK(during_drain.error.code == "server_restarting");
  CHECK(create_through_bridge(h, "tictactoe").error.code == "server_restarting");
}
