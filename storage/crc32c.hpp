// CRC32C (Castagnoli, polynomial 0x1EDC6F41, reflected 0x82F63B78), as used by iSCSI, ext4 and
// LevelDB. Every stored value carries one (see record_codec.hpp).
//
// `extend` uses the SSE4.2 `crc32` instruction when the CPU has it (checked once at run time) and
// a slicing-by-8 table otherwise; both give identical results and tests hold them to that.
//
// Stored CRCs are masked (LevelDB's trick): computing the CRC of a string that itself contains an
// embedded CRC is error-prone, so what is written is a rotated, offset form of the value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace wordhall::storage::crc32c {

// Returns the CRC32C of concat(A, data[0, n)) where `init_crc` is the CRC32C of some string A.
// `extend(0, data, n)` is the CRC of data alone.
uint32_t extend(uint32_t init_crc, const char* data, size_t n);

inline uint32_t value(const char* data, size_t n) { return extend(0, data, n); }
inline uint32_t value(std::string_view data) { return extend(0, data.data(), data.size()); }

// The two implementations behind `extend`, exposed so tests can compare them.
uint32_t extend_portable(uint32_t init_crc, const char* data, size_t n);
// Only valid when hardware_available(); otherwise falls back to extend_portable.
uint32_t extend_hardware(uint32_t init_crc, const char* data, size_t n);
bool hardware_available();

constexpr uint32_t mask_delta = 0xa282ead8u;

inline uint32_t mask(uint32_t crc) { return ((crc >> 15) | (crc << 17)) + mask_delta; }

inline uint32_t unmask(uint32_t masked_crc) {
  uint32_t rot = masked_crc - mask_delta;
  return (rot >> 17) | (rot << 15);
}

}  // namespace wordhall::storage::crc32c
