#include "actors/secrets.hpp"

#include <openssl/sha.h>
#include <sys/random.h>

#include <cerrno>
#include <stdexcept>

namespace wordhall {
namespace {

void fill_random(unsigned char* out, size_t n) {
  while (n > 0) {
    ssize_t got = getrandom(out, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    out += got;
    n -= static_cast<size_t>(got);
  }
}

std::string to_hex(const unsigned char* data, size_t n) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(n * 2, '0');
  for (size_t i = 0; i < n; ++i) {
    out[2 * i] = digits[data[i] >> 4];
    out[2 * i + 1] = digits[data[i] & 0xf];
  }
  return out;
}

}  // namespace

std::string random_base62(size_t length) {
  static constexpr char alphabet[] =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::string out;
  out.reserve(length);
  unsigned char buf[64];
  while (out.size() < length) {
    fill_random(buf, sizeof buf);
    for (unsigned char b : buf) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (b < 248) out.push_back(alphabet[b % 62]);
      if (out.size() == length) break;
    }
  }
  return out;
}

std::string random_hex(size_t bytes) {
  std::string raw(bytes, '\0');
  fill_random(reinterpret_cast<unsigned char*>(raw.data()), bytes);
  return to_hex(reinterpret_cast<const unsigned char*>(raw.data()), bytes);
}

uint64_t random_u64() {
  uint64_t v;
  fill_random(reinterpret_cast<unsigned char*>(&v), sizeof v);
  return v;
}

std::string sha256_hex(std::string_view text) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
  return to_hex(digest, sizeof digest);
}

fresh_secret mint_credential() {
  fresh_secret s;
  s.secret = random_base62(22);
  s.digest = sha256_hex(s.secret);
  return s;
}

std::string credential_digest(std::string_view token) {
  return token.empty() ? std::string() : sha256_hex(token);
}

}  // namespace wordhall
