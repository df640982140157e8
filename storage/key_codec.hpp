// Keys of the journal's RocksDB database. Grammar (all three kinds live in one column family):
//
//   event_key    := 'e' len:u8 match_id:byte[len] seq:u64be
//   snapshot_key := 's' len:u8 match_id:byte[len] seq:u64be
//   meta_key     := 'm' len:u8 match_id:byte[len]
//
// 1 <= len <= 255. Keys compare bytewise (RocksDB's default comparator), so:
//   - numbers are big-endian: seq 255 sorts before seq 256, and one match's events are one
//     contiguous run in seq order, readable with a single forward scan;
//   - the id is length-prefixed, so the event prefix of "ab" is not a prefix of any key of
//     "abc" and a prefix scan never strays into another match;
//   - meta keys, and hence match listings, order by (id length, id bytes): shorter ids first,
//     then bytewise. Generated ids share one length, so for them this is plain id order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "storage/status.hpp"

namespace wordhall::storage {

constexpr char event_tag = 'e';
constexpr char snapshot_tag = 's';
constexpr char meta_tag = 'm';
constexpr size_t max_match_id_size = 255;

// invalid_argument unless 1 <= match_id.size() <= 255.
status check_match_id(std::string_view match_id);

// Each encoder overwrites *out (reusing its capacity), or leaves it alone and returns
// invalid_argument for a bad id.
status encode_event_key(std::string_view match_id, uint64_t seq, std::string* out);
status encode_snapshot_key(std::string_view match_id, uint64_t seq, std::string* out);
status encode_meta_key(std::string_view match_id, std::string* out);

// The prefix shared by every event (or snapshot) key of one match: tag, len, id.
status event_prefix(std::string_view match_id, std::string* out);
status snapshot_prefix(std::string_view match_id, std::string* out);
// The prefix shared by all meta keys (just the tag), for listing matches.
std::string meta_prefix();

// The smallest key greater than every key that starts with `prefix`, for iterate_upper_bound.
// Empty when there is none (prefix all 0xff); the prefixes above start with a tag below 0xff,
// so for them it always exists.
std::string prefix_successor(std::string_view prefix);

// Decoders return false for a key of another kind or a malformed key. The match id views point
// into `key`.
bool decode_event_key(std::string_view key, std::string_view* match_id, uint64_t* seq);
bool decode_snapshot_key(std::string_view key, std::string_view* match_id, uint64_t* seq);
bool decode_meta_key(std::string_view key, std::string_view* match_id);

// Big-endian fixed-width helpers shared with the decoders.
void put_u64_be(std::string* out, uint64_t v);
uint64_t get_u64_be(const char* p);

}  // namespace wordhall::storage
