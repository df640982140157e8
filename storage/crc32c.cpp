#include "storage/crc32c.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <nmmintrin.h>
#define WORDHALL_CRC32C_X86 1
#endif

namespace wordhall::storage::crc32c {
namespace {

constexpr uint32_t reflected_poly = 0x82f63b78u;

// tables[k][b] is the CRC of byte b followed by k zero bytes, so eight bytes can be folded with
// eight independent lookups (slicing-by-8) instead of eight dependent ones.
using crc_tables = std::array<std::array<uint32_t, 256>, 8>;

constexpr crc_tables make_tables() {
  crc_tables t{};
  for (uint32_t b = 0; b < 256; ++b) {
    uint32_t crc = b;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1u) ? reflected_poly : 0u);
    t[0][b] = crc;
  }
  for (size_t k = 1; k < 8; ++k) {
    for (uint32_t b = 0; b < 256; ++b) t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xffu];
  }
  return t;
}

constexpr crc_tables tables = make_tables();

inline uint64_t load_le64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  return v;
}

#ifdef WORDHALL_CRC32C_X86
__attribute__((target("sse4.2"))) uint32_t extend_sse42(uint32_t crc, const char* p, size_t n) {
#if defined(__x86_64__)
  uint64_t l = crc;
  for (; n >= 8; n -= 8, p += 8) l = _mm_crc32_u64(l, load_le64(p));
  crc = static_cast<uint32_t>(l);
#endif
  for (; n > 0; --n, ++p) crc = _mm_crc32_u8(crc, static_cast<uint8_t>(*p));
  return crc;
}

bool detect_sse42() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
}
#endif

}  // namespace

bool hardware_available() {
#ifdef WORDHALL_CRC32C_X86
  static const bool available = detect_sse42();
  return available;
#else
  return false;
#endif
}

uint32_t extend_portable(uint32_t init_crc, const char* data, size_t n) {
  uint32_t crc = init_crc ^ 0xffffffffu;
  const char* p = data;
  for (; n >= 8; n -= 8, p += 8) {
    uint64_t word = load_le64(p) ^ crc;
    crc = tables[7][word & 0xff] ^ tables[6][(word >> 8) & 0xff] ^
          tables[5][(word >> 16) & 0xff] ^ tables[4][(word >> 24) & 0xff] ^
          tables[3][(word >> 32) & 0xff] ^ tables[2][(word >> 40) & 0xff] ^
          tables[1][(word >> 48) & 0xff] ^ tables[0][word >> 56];
  }
  for (; n > 0; --n, ++p) crc = (crc >> 8) ^ tables[0][(crc ^ static_cast<uint8_t>(*p)) & 0xff];
  return crc ^ 0xffffffffu;
}

uint32_t extend_hardware(uint32_t init_crc, const char* data, size_t n) {
#ifdef WORDHALL_CRC32C_X86
  if (hardware_available()) return extend_sse42(init_crc ^ 0xffffffffu, data, n) ^ 0xffffffffu;
#endif
  return extend_portable(init_crc, data, n);
}

uint32_t extend(uint32_t init_crc, const char* data, size_t n) {
  return extend_hardware(init_crc, data, n);
}

}  // namespace wordhall::storage::crc32c
