#include "storage/crc32c.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>

using namespace wordhall::storage;

TEST_CASE("crc32c matches the standard check values", "[storage][crc32c]") {
  CHECK(crc32c::value("123456789") == 0xE3069283u);
  CHECK(crc32c::value(std::string(32, '\0')) == 0x8A9136AAu);
  CHECK(crc32c::value(std::string(32, '\xff')) == 0x62A8AB43u);
  CHECK(crc32c::value("") == 0u);
  std::string ascending;
  for (int i = 0; i < 32; ++i) ascending.push_back(static_cast<char>(i));
  CHECK(crc32c::value(ascending) == 0x46DD794Eu);
}

TEST_CASE("crc32c hardware and table paths agree on every length and alignment",
          "[storage][crc32c]") {
  std::mt19937 rng(42);
  std::string data(4096 + 16, '\0');
  for (auto& c : data) c = static_cast<char>(rng());
  for (size_t offset = 0; offset < 8; ++offset) {
    for (size_t n : {0, 1, 3, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 4096}) {
      const char* p = data.data() + offset;
      INFO("offset " << offset << " length " << n);
      CHECK(crc32c::extend_portable(0, p, n) == crc32c::extend_hardware(0, p, n));
      CHECK(crc32c::extend_portable(0x12345678u, p, n) ==
            crc32c::extend_hardware(0x12345678u, p, n));
    }
  }
#if defined(__x86_64__)
  // On x86-64 the hardware path must really be the one in use wherever the CPU allows it.
  CHECK(crc32c::hardware_available() == static_cast<bool>(__builtin_cpu_supports("sse4.2")));
#endif
}

TEST_CASE("crc32c extend equals the crc of the concatenation", "[storage][crc32c]") {
  std::string a = "hello, ", b = "world";
  CHECK(crc32c::extend(crc32c::value(a), b.data(), b.size()) == crc32c::value(a + b));
  CHECK(crc32c::extend_portable(crc32c::extend_portable(0, a.data(), a.size()), b.data(),
                                b.size()) == crc32c::value(a + b));
}

TEST_CASE("crc32c mask round-trips and changes the value", "[storage][crc32c]") {
  uint32_t crc = crc32c::value("foo");
  CHECK(crc32c::mask(crc) != crc);
  CHECK(crc32c::mask(crc32c::mask(crc)) != crc);
  CHECK(crc32c::unmask(crc32c::mask(crc)) == crc);
  CHECK(crc32c::unmask(crc32c::unmask(crc32c::mask(crc32c::mask(crc)))) == crc);
}
