// player_name: trimmed, 1..max characters (code points, not bytes), no control characters.
#include <catch2/catch.hpp>

#include "events/player_name.hpp"

using namespace wordhall;

TEST_CASE("a player's name is trimmed and counted in characters", "[events][names]") {
  CHECK(player_name("  Ann \t") == std::optional<std::string>("Ann"));
  CHECK(player_name("Ann Lee") == std::optional<std::string>("Ann Lee"));
  CHECK_FALSE(player_name(""));
  CHECK_FALSE(player_name("   "));
  CHECK_FALSE(player_name("An\x01n"));
  CHECK_FALSE(player_name("line\nbreak"));
  CHECK(player_name(std::string(24, 'x')));
  CHECK_FALSE(player_name(std::string(25, 'x')));
  // 24 umlauts are 48 bytes and 24 characters.
  std::string umlauts;
  for (int i = 0; i < 24; ++i) umlauts += "Ä";
  CHECK(player_name(umlauts) == std::optional<std::string>(umlauts));
  CHECK_FALSE(player_name(umlauts + "Ö"));
  CHECK(player_name("Bo", 2));
  CHECK_FALSE(player_name("Bob", 2));
}
