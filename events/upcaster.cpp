#include "events/upcaster.hpp"

namespace wordhall {

void upcaster_chain::add(std::string type, uint32_t from_version, step fn) {
  steps_[{std::move(type), from_version}] = std::move(fn);
}

result<void> upcaster_chain::upcast(event_envelope& event, uint32_t current_version) const {
  if (event.version > current_version) {
    return make_error("unknown_event_version",
                      event.type + " v" + std::to_string(event.version) +
                          " is newer than this server reads (v" +
                          std::to_string(current_version) + ")");
  }
  while (event.version < current_version) {
    auto it = steps_.find({event.type, event.version});
    if (it == steps_.end()) {
      return make_error("unknown_event_version", "no upcaster for " + event.type + " v" +
                                                     std::to_string(event.version));
    }
    auto raised = it->second(event.payload);
    if (!raised) return raised.err();
    event.payload = std::move(*raised);
    ++event.version;
  }
  return {};
}

}  // namespace wordhall
