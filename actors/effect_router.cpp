#include "actors/effect_router.hpp"

namespace wordhall {

void effect_router::route(std::string service, effect_runner* runner) {
  routes_[std::move(service)] = runner;
}

void effect_router::run(const std::string& service, const std::string& payload,
                        effect_done done) {
  auto it = routes_.find(service);
  if (it == routes_.end() || it->second == nullptr) {
    effect_outcome out;
    out.error_code = "unknown_effect";
    out.error_message = "no effect service \"" + service + "\"";
    return done(std::move(out));
  }
  it->second->run(service, payload, std::move(done));
}

}  // namespace wordhall
