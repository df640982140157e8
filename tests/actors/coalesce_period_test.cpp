// How long a match lets minor updates wait: the platform's period, longer for many subscribers.
#include <catch2/catch.hpp>

#include "actors/platform.hpp"

namespace wordhall {
namespace {

using std::chrono::milliseconds;

TEST_CASE("minor updates wait the set period, 10 ms per subscriber for big tables, at most 1 s",
          "[actors]") {
  platform_settings settings;  // 200 ms, 10 ms per subscriber
  CHECK(coalesce_period(settings, 0) == milliseconds(200));
  CHECK(coalesce_period(settings, 3) == milliseconds(200));
  CHECK(coalesce_period(settings, 20) == milliseconds(200));
  CHECK(coalesce_period(settings, 21) == milliseconds(210));
  CHECK(coalesce_period(settings, 50) == milliseconds(500));
  CHECK(coalesce_period(settings, 100) == milliseconds(1000));
  CHECK(coalesce_period(settings, 5000) == milliseconds(1000));

  // Zero sends every update at once, however many listen.
  settings.coalesce_updates = milliseconds(0);
  CHECK(coalesce_period(settings, 50) == milliseconds(0));

  // A period set above the cap is kept.
  settings.coalesce_updates = milliseconds(1500);
  CHECK(coalesce_period(settings, 200) == milliseconds(1500));
}

}  // namespace
}  // namespace wordhall
