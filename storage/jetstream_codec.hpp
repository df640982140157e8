// Names and message bodies of the JetStream journal (jetstream_journal.hpp).
//
//   subject      := prefix '.' token          e.g. wh.ev.k3f9a2
//   kv key       := token
//   token        := ( [A-Za-z0-9_-] | '=' hex hex )+
//
// A match id is any 1..255 bytes (key_codec.hpp). Bytes outside [A-Za-z0-9_-] ('.', '*', '>',
// spaces and '=' itself would split or widen a subject, or are not allowed in a KV key) are
// written as '=' and two upper-case hex digits, so every id maps to one token and back.
// Generated ids are hex and pass through unchanged.
//
//   append message := format:u8 (=1) count:u32le ( len:u32le event_value ){count}
//
// One message holds all the events of one append, each framed and checksummed as in
// record_codec.hpp, so an append is visible to readers entirely or not at all. Decoding never
// reads outside the message; a short body, a length running past the end, trailing bytes, an
// unknown format, an event failing its CRC or events whose seqs do not follow each other all
// return data_loss.
//
//   snapshot entry := masked_crc:u32le hint_seq:u64le hint_stream_seq:u64le snapshot_value
//   (the CRC covers the two hint numbers; snapshot_value carries its own, record_codec.hpp)
//
// The hint says where the match's events after hint_seq begin: in messages after stream sequence
// hint_stream_seq. Reading on from a snapshot then skips the messages it already covers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "events/envelope.hpp"
#include "storage/record_codec.hpp"
#include "storage/status.hpp"

namespace wordhall::storage {

constexpr uint8_t append_message_format = 1;

std::string match_token(std::string_view match_id);
// False for a string that no match id encodes to.
bool decode_match_token(std::string_view token, std::string* match_id);

// Overwrites *out.
void encode_append_message(const std::vector<event_envelope>& events, std::string* out);
// Replaces *out with the message's events.
status decode_append_message(std::string_view message, std::vector<event_envelope>* out);

// Where a match's events after `seq` begin: in its messages after stream sequence `stream_seq`.
struct read_hint {
  uint64_t seq = 0;
  uint64_t stream_seq = 0;
};

void encode_snapshot_entry(const snapshot_record& snapshot, const read_hint& hint,
                           std::string* out);
status decode_snapshot_entry(std::string_view entry, snapshot_record* snapshot, read_hint* hint);

// The journal's listing order (key_codec.hpp's meta keys): by id length, then bytewise.
bool match_id_before(std::string_view a, std::string_view b);

}  // namespace wordhall::storage
