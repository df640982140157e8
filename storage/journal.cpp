// What every journal does the same way through its own operations; the contract is in
// journal.hpp.
#include "storage/journal.hpp"

#include <limits>

#include "storage/key_codec.hpp"

namespace wordhall::storage {

status journal::read_events(std::string_view match_id, uint64_t from_seq, size_t limit,
                            std::vector<event_envelope>* out) const {
  out->clear();
  if (limit == 0) return check_match_id(match_id);
  return for_each_event(match_id, from_seq, std::numeric_limits<uint64_t>::max(),
                        [&](const event_envelope& event) {
                          out->push_back(event);
                          return out->size() < limit;
                        });
}

status journal::verify_match(std::string_view match_id) const {
  match_meta meta;
  status s = read_meta(match_id, &meta);
  if (!s.ok()) return s;
  s = for_each_event(match_id, 1, std::numeric_limits<uint64_t>::max(),
                     [](const event_envelope&) { return true; });
  if (!s.ok()) return s;
  snapshot_record snapshot;
  s = latest_snapshot(match_id, std::numeric_limits<uint64_t>::max(), &snapshot);
  return s.code() == status_code::not_found ? status::success() : s;
}

}  // namespace wordhall::storage
