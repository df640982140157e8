// event_envelope: one event of one match as stored and as shown to admins.
//
// JSON form (the wire and admin form; storage keeps its own binary framing, see
// storage/record_codec.hpp):
//   {"type":"ttt.mark_placed","v":1,"seq":7,"id":"<32 hex>","ts":1763776800000,"payload":{...}}
// `type` names the game and the event ("<game>.<event>"); `v` is the payload's schema version,
// which upcasters raise to the current one on read; `seq` counts from 1 within a match with no
// gaps; `id` is unique across all matches; `ts` is milliseconds since the Unix epoch (wall clock
// at decision time); `payload` is a JSON object whose shape `type`/`v` define.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "events/json_writer.hpp"
#include "events/result.hpp"

namespace wordhall {

struct event_envelope {
  std::string type;
  uint32_t version = 1;
  uint64_t seq = 0;
  std::string id;
  int64_t timestamp_ms = 0;
  std::string payload = "{}";

  friend bool operator==(const event_envelope& a, const event_envelope& b) {
    return a.type == b.type && a.version == b.version && a.seq == b.seq && a.id == b.id &&
           a.timestamp_ms == b.timestamp_ms && a.payload == b.payload;
  }
};

void write_envelope(json_writer& out, const event_envelope& event);
std::string encode_envelope_json(const event_envelope& event);
result<event_envelope> decode_envelope_json(std::string_view json);

}  // namespace wordhall
