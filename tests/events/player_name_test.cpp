// player_name: NFC, invisible characters removed, trimmed, 1..max characters, no control
// characters; name_empty when nothing visible is left.
#include <catch2/catch.hpp>

#include "events/player_name.hpp"

using namespace wordhall;

namespace {

std::string cleaned(std::string_view text, size_t max = 24) {
  auto name = player_name(text, max);
  return name ? *name : "<" + name.err().code + ">";
}

}  // namespace

TEST_CASE("a player's name is trimmed and counted in characters", "[events][names]") {
  CHECK(cleaned("  Ann \t") == "Ann");
  CHECK(cleaned("Ann Lee") == "Ann Lee");
  CHECK(cleaned("") == "<name_empty>");
  CHECK(cleaned("   ") == "<name_empty>");
  CHECK(cleaned("An\x01n") == "<bad_name>");
  CHECK(cleaned("line\nbreak") == "<bad_name>");
  CHECK(cleaned(std::string(24, 'x')) == std::string(24, 'x'));
  CHECK(cleaned(std::string(25, 'x')) == "<bad_name>");
  // 24 umlauts are 48 bytes and 24 characters.
  std::string umlauts;
  for (int i = 0; i < 24; ++i) umlauts += "Ä";
  CHECK(cleaned(umlauts) == umlauts);
  CHECK(cleaned(umlauts + "Ö") == "<bad_name>");
  CHECK(cleaned("Bo", 2) == "Bo");
  CHECK(cleaned("Bob", 2) == "<bad_name>");
  CHECK(cleaned("\xff\xfe") == "<bad_name>");
}

TEST_CASE("zero-width characters and bidi controls are removed", "[events][names]") {
  CHECK(cleaned("Ann\u200b") == "Ann");
  CHECK(cleaned("\u200bA\u200cn\u200dn\u2060\ufeff") == "Ann");
  CHECK(cleaned("\u200eAnn\u200f") == "Ann");
  CHECK(cleaned("\u202aA\u202bn\u202cn\u202d\u202e") == "Ann");
  CHECK(cleaned("\u2066Ann\u2067\u2068\u2069") == "Ann");
  // Removed before trimming, so spaces they hid are trimmed too.
  CHECK(cleaned("\u200b Ann \u200b") == "Ann");
  // Nothing visible left: a clear error, not an invisible player.
  CHECK(cleaned("\u202e") == "<name_empty>");
  CHECK(cleaned("\u200b\u200b \ufeff") == "<name_empty>");
  // They do not count toward the length either.
  CHECK(cleaned("Bo\u200b", 2) == "Bo");
}

TEST_CASE("names are normalised to NFC", "[events][names]") {
  // "Zoë" with a combining diaeresis is the same name as with the precomposed ë.
  CHECK(cleaned("Zoe\u0308") == "Zo\u00eb");
  CHECK(cleaned("Zo\u00eb") == "Zo\u00eb");
  // Counted after composing: three characters, not four.
  CHECK(cleaned("Zoe\u0308", 3) == "Zo\u00eb");
}

TEST_CASE("cleaned names compare without regard to case", "[events][names]") {
  CHECK(same_player_name("Ann", "ann"));
  CHECK(same_player_name("ANN", "ann"));
  CHECK_FALSE(same_player_name("Ann", "Anna"));
  CHECK(same_player_name(*player_name("Ann\u200b"), *player_name(" ann")));
}
