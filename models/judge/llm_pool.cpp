#include "models/judge/llm_pool.hpp"

#include <algorithm>

#include "models/judge/http_post.hpp"
#include "models/judge/mistral_protocol.hpp"

namespace wordhall::judge {
namespace {

bool retryable_status(long status) { return status == 408 || status == 429 || status >= 500; }

std::string attempts_text(int n) { return std::to_string(n) + (n == 1 ? " attempt" : " attempts"); }

}  // namespace

llm_pool::llm_pool(llm_config config) : config_(std::move(config)) {
  int n = std::max(1, config_.concurrency);
  workers_.reserve(n);
  for (int i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
}

llm_pool::~llm_pool() {
  std::deque<job> abandoned;
  {
    std::lock_guard lock{mutex_};
    stopping_ = true;
    abandoned.swap(queue_);
    stats_.queued = 0;
    stats_.failed += abandoned.size();
  }
  cancel_ = true;
  wake_.notify_all();
  stopped_.notify_all();
  for (auto& w : workers_) w.join();
  for (auto& j : abandoned)
    j.done(make_error("llm_shutdown", "the judge stopped before the request was sent"));
}

void llm_pool::submit(std::vector<std::string> words, ratings_callback done) {
  {
    std::lock_guard lock{mutex_};
    if (!stopping_) {
      queue_.push_back(job{std::move(words), std::move(done)});
      ++stats_.submitted;
      stats_.queued = queue_.size();
      wake_.notify_one();
      return;
    }
  }
  done(make_error("llm_shutdown", "the judge is stopping"));
}

llm_pool_stats llm_pool::stats() const {
  std::lock_guard lock{mutex_};
  return stats_;
}

void llm_pool::work() {
  http_poster poster;
  std::unique_lock lock{mutex_};
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    job j = std::move(queue_.front());
    queue_.pop_front();
    stats_.queued = queue_.size();
    stats_.max_in_flight = std::max(stats_.max_in_flight, ++stats_.in_flight);
    lock.unlock();

    auto outcome = run(j, poster);

    lock.lock();
    --stats_.in_flight;
    ++(outcome ? stats_.completed : stats_.failed);
    lock.unlock();
    j.done(std::move(outcome));
    lock.lock();
  }
}

result<std::vector<word_rating>> llm_pool::run(const job& j, http_poster& poster) {
  http_post_request request;
  request.url = config_.base_url + "/chat/completions";
  request.headers = {"Content-Type: application/json", "Accept: application/json"};
  if (!config_.api_key.empty()) request.headers.push_back("Authorization: Bearer " + config_.api_key);
  request.body = build_rating_request(config_.model, j.words);
  request.timeout = config_.request_timeout;

  const int attempts = std::max(1, config_.max_attempts);
  error last = make_error("llm_http_error", "not tried");
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    {
      std::lock_guard lock{mutex_};
      ++stats_.attempts;
    }
    std::optional<std::string> slot;
    if (config_.slots) {
      slot = config_.slots->enter(cancel_);
      if (!slot) return make_error("llm_shutdown", "the judge stopped while waiting for a slot");
    }
    auto started = std::chrono::steady_clock::now();
    auto reply = poster.post(request, &cancel_);
    if (slot) config_.slots->leave(*slot);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - started).count();
    std::optional<std::chrono::milliseconds> wait;  // the server's own Retry-After, if any
    std::string status = "0";
    if (!reply) {
      last = reply.err();
      if (last.code == "llm_cancelled") break;
    } else if (reply->status / 100 == 2) {
      auto ratings = parse_rating_reply(reply->body, j.words);
      if (ratings) {
        log("llm_rated", "words=" + std::to_string(j.words.size()) + " attempt=" +
                             std::to_string(attempt) + " ms=" + std::to_string(ms));
        return ratings;
      }
      last = ratings.err();
      status = std::to_string(reply->status);
    } else {
      status = std::to_string(reply->status);
      last = make_error("llm_http_error", "HTTP " + status);
      if (!retryable_status(reply->status)) {
        log("llm_rejected", "status=" + status + " ms=" + std::to_string(ms));
        return make_error("llm_rejected", "HTTP " + status + " (not retried)");
      }
      wait = reply->retry_after;
    }
    log("llm_attempt_failed", "attempt=" + std::to_string(attempt) + " status=" + status +
                                  " code=" + last.code + " ms=" + std::to_string(ms));
    if (attempt == attempts) break;
    std::chrono::milliseconds delay = wait ? std::min(*wait, config_.max_retry_after)
                                           : config_.backoff * (1L << std::min(attempt - 1, 16));
    if (!pause(delay)) return make_error("llm_shutdown", "the judge stopped while waiting to retry");
  }
  if (cancel_) return make_error("llm_shutdown", "the judge stopped during the request");
  log("llm_failed", "code=" + last.code + " attempts=" + std::to_string(attempts));
  return make_error(last.code, last.message + " after " + attempts_text(attempts));
}

bool llm_pool::pause(std::chrono::milliseconds delay) {
  std::unique_lock lock{mutex_};
  return !stopped_.wait_for(lock, delay, [this] { return stopping_; });
}

void llm_pool::log(std::string_view what, const std::string& details) const {
  if (config_.log) config_.log(what, details);
}

}  // namespace wordhall::judge
