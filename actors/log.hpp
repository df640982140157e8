// log_line: one line on stderr per event worth logging, e.g.
//   2026-11-22T02:10:00.123Z match_recovered match=Ab3xYz9QwE12 events=42 ms=0.8
// Callers pass only ids, counts and codes: never names, tokens or message bodies (no PII).
#pragma once

#include <string_view>

namespace wordhall {

void log_line(std::string_view what, std::string_view details = {});

// Milliseconds since the Unix epoch, the clock events are stamped with.
long long wall_clock_ms();

}  // namespace wordhall
