// Values of the journal's RocksDB database. Every value is framed the same way:
//
//   value := masked_crc:u32le body
//   masked_crc = crc32c::mask(crc32c(body))
//
// Inside bodies fixed-width numbers are little-endian and str := len:u32le byte[len].
//
//   event body    := format:u8 (=1) version:u32 seq:u64 timestamp_ms:i64
//                    type:str id:str payload:str
//   snapshot body := format:u8 (=1) seq:u64 game:str state:str
//   meta body     := JSON text of match_meta:
//                    {"id":..,"game":..,"created_ms":..,"status":..,"players":[..],
//                     "last_seq":..,"updated_ms":..,"next_deadline_ms":..}
//
// `payload` and `state` are JSON text kept byte for byte, so replay never re-serialises them.
// RocksDB checksums its blocks, but this CRC covers the record end to end, including paths
// (memtable, WAL replay, a bug of ours) that block checksums do not see.
//
// Decoders never read outside `value`: a short value, a length running past the end, trailing
// bytes, a bad CRC or an unknown format all return data_loss saying what failed. The caller adds
// which key it was reading.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "events/envelope.hpp"
#include "storage/match_meta.hpp"
#include "storage/status.hpp"

namespace wordhall::storage {

// A match's state as of `seq` (the state after applying events 1..seq), so recovery can replay
// from seq+1 instead of from the start. `state` is the game's JSON text.
struct snapshot_record {
  uint64_t seq = 0;
  std::string game;
  std::string state;

  friend bool operator==(const snapshot_record& a, const snapshot_record& b) {
    return a.seq == b.seq && a.game == b.game && a.state == b.state;
  }
};

constexpr uint8_t event_format = 1;
constexpr uint8_t snapshot_format = 1;

// Encoders overwrite *out, reusing its capacity.
void encode_event_value(const event_envelope& event, std::string* out);
void encode_snapshot_value(const snapshot_record& snapshot, std::string* out);
void encode_meta_value(const match_meta& meta, std::string* out);

// Decoders assign into *out's existing strings, so decoding many records into one object
// reuses its buffers. On error *out is left partly written.
status decode_event_value(std::string_view value, event_envelope* out);
status decode_snapshot_value(std::string_view value, snapshot_record* out);
status decode_meta_value(std::string_view value, match_meta* out);

}  // namespace wordhall::storage
