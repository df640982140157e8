#include "http/creation_limit.hpp"

namespace wordhall::http {

creation_limit::creation_limit(int64_t per_minute)
    : limiter_(token_rate{per_minute > 0 ? static_cast<double>(per_minute) / 60.0 : 0.0,
                    static_cast<double>(per_minute > 0 ? per_minute : 1)}) {}

std::optional<long> creation_limit::take(const std::string& peer) {
  auto wait = limiter_.take(peer, limiter_clock::now());
  if (wait == limiter_clock::duration::zero()) return std::nullopt;
  refused_.fetch_add(1, std::memory_order_relaxed);
  return retry_after_seconds(wait);
}

route_handler creation_limit::guard(route_handler create) {
  return [this, create = std::move(create)](const request& req,
                                            const std::vector<std::string>& params,
                                            respond_fn respond) {
    if (auto wait = take(req.peer)) return respond(refusal(*wait));
    create(req, params, std::move(respond));
  };
}

std::string creation_limit::refusal_message(long retry_after_seconds) {
  return "too many new matches from your address; try again in " +
         std::to_string(retry_after_seconds) + (retry_after_seconds == 1 ? " second" : " seconds");
}

response creation_limit::refusal(long retry_after_seconds) {
  auto res = error_response(429, "rate_limited", refusal_message(retry_after_seconds));
  res.headers.push_back({"Retry-After", std::to_string(retry_after_seconds)});
  return res;
}

}  // namespace wordhall::http
