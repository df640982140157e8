#include "actors/bridge.hpp"

namespace wordhall {
namespace {

constexpr auto lookup_timeout = std::chrono::seconds(10);

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
            [=](caf::error&) { done(std::nullopt, {"unavailable", "the server is busy"}); });
  });
}

}  // namespace wordhall
