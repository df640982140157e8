// The fake LLM's counters: tools/bench/fake_llm.cpp serves them, wortkunst_loadgen reads them.
//
//   GET  /stats        {"requests":N,"replies":N,"bad_requests":N,"in_flight":N,
//                       "max_in_flight":N,"delay_ms":N,"first_request_ns":T,"last_reply_ns":T}
//   GET  /stats?log=1  the same plus "log":[{"words":["HAUS",…],"at_ns":T},…], one per reply
//   POST /stats/reset  zeroes the counters and the log (max_in_flight restarts from in_flight)
//
// Times are std::chrono::steady_clock nanoseconds, 0 before the first. On Linux that clock is
// CLOCK_MONOTONIC, one clock for every process on the machine, so a load generator can line a
// reply up with the update it caused. The queue was busy from the first request to the last reply.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "events/json_writer.hpp"

namespace wordhall::loadgen {

struct fake_llm_reply {
  std::vector<std::string> words;  // as asked
  int64_t at_ns = 0;               // when the reply went out
};

struct fake_llm_stats {
  uint64_t requests = 0, replies = 0, bad_requests = 0;
  int64_t in_flight = 0, max_in_flight = 0, delay_ms = 0;
  int64_t first_request_ns = 0, last_reply_ns = 0;
  std::vector<fake_llm_reply> log;

  double busy_s() const {
    return first_request_ns > 0 && last_reply_ns > first_request_ns
               ? static_cast<double>(last_reply_ns - first_request_ns) / 1e9
               : 0;
  }
  double replies_per_s() const { return busy_s() > 0 ? static_cast<double>(replies) / busy_s() : 0; }
};

inline std::string fake_llm_stats_json(const fake_llm_stats& s, bool with_log) {
  json_writer out;
  out.begin_object().field("requests", s.requests).field("replies", s.replies)
      .field("bad_requests", s.bad_requests).field("in_flight", s.in_flight)
      .field("max_in_flight", s.max_in_flight).field("delay_ms", s.delay_ms)
      .field("first_request_ns", s.first_request_ns).field("last_reply_ns", s.last_reply_ns);
  if (with_log) {
    out.key("log").begin_array();
    for (auto& r : s.log) {
      out.begin_object().key("words").begin_array();
      for (auto& w : r.words) out.value(w);
      out.end_array().field("at_ns", r.at_ns).end_object();
    }
    out.end_array();
  }
  return out.end_object().take();
}

// False when `text` is not the object above (a missing "log" is an empty one).
inline bool parse_fake_llm_stats(std::string_view text, fake_llm_stats& into) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(text.data(), text.size()).get(root)) return false;
  auto count = [&](const char* name, auto& field) {
    int64_t v = 0;
    if (root[name].get(v)) return false;
    field = static_cast<std::decay_t<decltype(field)>>(v);
    return true;
  };
  if (!count("requests", into.requests) || !count("replies", into.replies) ||
      !count("bad_requests", into.bad_requests) || !count("in_flight", into.in_flight) ||
      !count("max_in_flight", into.max_in_flight) || !count("delay_ms", into.delay_ms) ||
      !count("first_request_ns", into.first_request_ns) || !count("last_reply_ns", into.last_reply_ns))
    return false;
  into.log.clear();
  simdjson::dom::array log;
  if (root["log"].get(log)) return true;
  for (auto entry : log) {
    fake_llm_reply r;
    simdjson::dom::array words;
    if (entry["words"].get(words) || entry["at_ns"].get(r.at_ns)) return false;
    for (auto w : words) {
      std::string_view word;
      if (w.get(word)) return false;
      r.words.emplace_back(word);
    }
    into.log.push_back(std::move(r));
  }
  return true;
}

}  // namespace wordhall::loadgen
