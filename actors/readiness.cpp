#include "actors/readiness.hpp"

#include "events/json_writer.hpp"

namespace wordhall {

readiness::part_state* readiness::find(const std::string& part) {
  for (auto& p : parts_)
    if (p.name == part) return &p;
  return nullptr;
}

void readiness::expect(const std::string& part) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!find(part)) parts_.push_back({part, state::waiting, {}});
}

void readiness::loaded(const std::string& part) {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto* p = find(part)) {
    p->now = state::loaded;
    p->reason.clear();
  } else {
    parts_.push_back({part, state::loaded, {}});
  }
}

void readiness::blocked(const std::string& part, std::string reason) {
  std::lock_guard<std::mutex> lock(mu_);
  auto* p = find(part);
  if (!p) {
    parts_.push_back({part, state::waiting, {}});
    p = &parts_.back();
  }
  p->now = state::waiting;
  p->reason = std::move(reason);
}

void readiness::unavailable(const std::string& part, std::string reason) {
  std::lock_guard<std::mutex> lock(mu_);
  auto* p = find(part);
  if (!p) {
    parts_.push_back({part, state::unavailable, {}});
    p = &parts_.back();
  }
  p->now = state::unavailable;
  p->reason = std::move(reason);
}

readiness::report readiness::snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  report r;
  for (auto& p : parts_) {
    if (p.now == state::waiting) r.waiting.push_back(p.name);
    if (p.now == state::waiting && !p.reason.empty()) r.blocked.emplace_back(p.name, p.reason);
    if (p.now == state::unavailable) r.unavailable.emplace_back(p.name, p.reason);
  }
  r.ready = r.waiting.empty();
  return r;
}

std::string readiness::to_json(const report& r) {
  json_writer out;
  out.begin_object().field("status",
                           r.ready ? "ready" : r.blocked.empty() ? "loading" : "blocked");
  out.key("waiting").begin_array();
  for (auto& w : r.waiting) out.value(w);
  out.end_array();
  out.key("unavailable").begin_array();
  for (auto& [part, reason] : r.unavailable)
    out.begin_object().field("part", part).field("reason", reason).end_object();
  out.end_array();
  out.key("blocked").begin_array();
  for (auto& [part, reason] : r.blocked)
    out.begin_object().field("part", part).field("reason", reason).end_object();
  out.end_array();
  out.end_object();
  return out.take();
}

}  // namespace wordhall
