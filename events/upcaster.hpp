// upcaster_chain: raises stored event payloads from old schema versions to the current one.
//
// Events are immutable once stored, so when a game changes an event's shape it bumps the
// version and registers one step per old version: (type, v) -> payload of version v + 1.
// `upcast` applies steps until the event reaches the version its game now reads.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "events/envelope.hpp"
#include "events/result.hpp"

namespace wordhall {

class upcaster_chain {
 public:
  using step = std::function<result<std::string>(std::string_view payload)>;

  void add(std::string type, uint32_t from_version, step fn);

  // Leaves `event` at `current_version` or says why it can't.
  result<void> upcast(event_envelope& event, uint32_t current_version) const;

 private:
  std::map<std::pair<std::string, uint32_t>, step> steps_;
};

}  // namespace wordhall
