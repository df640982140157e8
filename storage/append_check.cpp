#include "storage/append_check.hpp"

#include <limits>

#include "storage/key_codec.hpp"

namespace wordhall::storage {

status check_append_request(const append_request& request) {
  status s = check_match_id(request.match_id);
  if (!s.ok()) return s;
  const std::string match = "match " + request.match_id;
  const uint64_t expected = request.expected_last_seq;
  if (request.events.size() > std::numeric_limits<uint64_t>::max() - expected) {
    return status::invalid_argument(match + ": seq overflow");
  }
  for (size_t i = 0; i < request.events.size(); ++i) {
    if (request.events[i].seq != expected + 1 + i) {
      return status::invalid_argument(match + ": event " + std::to_string(i) + " has seq " +
                                      std::to_string(request.events[i].seq) + ", expected " +
                                      std::to_string(expected + 1 + i));
    }
  }
  const uint64_t new_last = expected + request.events.size();
  if (request.snapshot && request.snapshot->seq > new_last) {
    return status::invalid_argument(match + ": snapshot at seq " +
                                    std::to_string(request.snapshot->seq) +
                                    " is past the last event " + std::to_string(new_last));
  }
  if (request.meta && !request.meta->id.empty() && request.meta->id != request.match_id) {
    return status::invalid_argument(match + ": meta names match " + request.meta->id);
  }
  return status::success();
}

}  // namespace wordhall::storage
