// Unguessable identifiers and credentials.
//
// Every secret comes from the kernel's CSPRNG (getrandom). Credentials (player tokens) carry 128
// bits or more and are never stored: events and state hold their SHA-256 digest, so neither the
// journal nor an admin view can be replayed into someone's seat.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "events/game.hpp"

namespace wordhall {

// `length` characters from [0-9A-Za-z], each uniformly drawn (62^22 > 2^130).
std::string random_base62(size_t length);
std::string random_hex(size_t bytes);
uint64_t random_u64();

// Lower-case hex SHA-256 of `text`.
std::string sha256_hex(std::string_view text);

// A new credential of 22 base62 characters (about 131 bits) and its digest.
fresh_secret mint_credential();

// The digest events use for a presented credential ("" stays "": no credential).
std::string credential_digest(std::string_view token);

}  // namespace wordhall
