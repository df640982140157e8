#include "actors/bridge.hpp"

namespace wordhall {
namespace {

constexpr auto lookup_timeout = std::chrono::seconds(10);
constexpr auto command_timeout = std::chrono::seconds(30);

command_outcome failure(std::string code, std::string message) {
  return command_outcome{false, 0, "{}", std::move(code), std::move(message)};
}

}  // namespace

void run_command(caf::actor_system& system, caf::actor directory, std::string match_id,
                 std::string game, std::string caller, std::string command_json,
                 std::function<void(const command_outcome&, const std::string&)> done) {
  system.spawn([=](caf::event_based_actor* self) {
    auto send_to = [=](caf::actor match, std::string id) {
      self->request(match, command_timeout, command_atom::value, caller, command_json)
          .then([=](const command_outcome& out) { done(out, id); },
                [=](caf::error&) {
                  done(failure("unavailable", "the match did not answer; try again"), id);
                });
    };
    if (match_id.empty()) {
      self->request(directory, lookup_timeout, create_atom::value, game)
          .then(
              [=](const std::string& id, caf::actor match) {
                if (!match) return done(failure("unknown_game", "no game \"" + game + "\""), "");
                send_to(match, id);
              },
              [=](caf::error&) { done(failure("unavailable", "the server is busy"), ""); });
      return;
    }
    self->request(directory, lookup_timeout, lookup_atom::value, match_id)
        .then(
            [=](caf::actor match) {
              if (!match)
                return done(failure("no_such_match", "no match \"" + match_id + "\""), match_id);
              send_to(match, match_id);
            },
            [=](caf::error&) { done(failure("unavailable", "the server is busy"), match_id); });
  });
}

void inspect_match(caf::actor_system& system, caf::actor directory, std::string match_id,
                   std::function<void(std::optional<live_report>, const bridge_error&)> done) {
  system.spawn([=](caf::event_based_actor* self) {
    self->request(directory, lookup_timeout, lookup_atom::value, match_id)
        .then(
            [=](caf::actor match) {
              if (!match)
                return done(std::nullopt, {"no_such_match", "no match \"" + match_id + "\""});
              self->request(match, lookup_timeout, inspect_atom::value)
                  .then([=](const live_report& r) { done(r, {}); },
                        [=](caf::error& e) {
                          done(std::nullopt, {"match_broken", self->system().render(e)});
                        });
            },
            [=](caf::error&) { done(std::nullopt, {"unavailable", "the server is busy"}); });
  });
}

}  // namespace wordhall
