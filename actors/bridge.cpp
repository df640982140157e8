#include "actors/bridge.hpp"

namespace wordhall {
namespace {

constexpr auto lookup_timeout = std::chrono::seconds(10);
// As long as the WebSocket path waits: a command may queue behind a batch being made durable.
constexpr auto command_timeout = std::chrono::seconds(30);

const bridge_error busy{"unavailable", "the server is busy"};
const bridge_error restarting{"server_restarting", "the server is restarting; try again in a moment"};

const bridge_error damaged{"data_loss", damaged_match_message};

const bridge_error& directory_refusal(const caf::error& e) {
  if (is_match_damaged(e)) return damaged;
  return is_shutting_down(e) ? restarting : busy;
}

void send_command(caf::event_based_actor* self, caf::actor match, const std::string& caller,
                  const std::string& command_json, command_done done) {
  self->request(match, command_timeout, command_atom::value, caller, command_json)
      .then([=](const command_outcome& out) { done(out, {}); },
            [=](caf::error&) {
              done(std::nullopt, {"unavailable", "the match did not answer; try again"});
            });
}

}  // namespace

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
            [=](caf::error& e) { done(std::nullopt, directory_refusal(e)); });
  });
}

void command_match(caf::actor_system& system, caf::actor directory, std::string match_id,
                   std::string caller_digest, std::string command_json, command_done done) {
  system.spawn([=](caf::event_based_actor* self) {
    self->request(directory, lookup_timeout, lookup_atom::value, match_id)
        .then(
            [=](caf::actor match) {
              if (!match)
                return done(std::nullopt, {"no_such_match", "no match \"" + match_id + "\""});
              send_command(self, match, caller_digest, command_json, done);
            },
            [=](caf::error& e) { done(std::nullopt, directory_refusal(e)); });
  });
}

void create_match(caf::actor_system& system, caf::actor directory, std::string game_name,
                  std::string caller_digest, std::string command_json,
                  std::function<void(std::string match_id, std::optional<command_outcome>,
                                     const bridge_error&)> done) {
  system.spawn([=](caf::event_based_actor* self) {
    self->request(directory, lookup_timeout, create_atom::value, game_name)
        .then(
            [=](const std::string& id, caf::actor match) {
              if (!match)
                return done("", std::nullopt,
                            {"unknown_game", "there is no game \"" + game_name + "\""});
              send_command(self, match, caller_digest, command_json,
                           [=](std::optional<command_outcome> out, const bridge_error& e) {
                             done(id, std::move(out), e);
                           });
            },
            [=](caf::error& e) { done("", std::nullopt, directory_refusal(e)); });
  });
}

}  // namespace wordhall
