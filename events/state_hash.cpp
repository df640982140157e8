#include <cstdio>

#include "events/game.hpp"

namespace wordhall {

std::string state_hash(const game& g, const match_state& state) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : g.encode_state(state)) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace wordhall
