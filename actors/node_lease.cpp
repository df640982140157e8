#include "actors/node_lease.hpp"

#include "actors/log.hpp"

namespace wordhall {

node_lease::node_lease(std::unique_ptr<storage::jetstream_lease> lease,
                       std::function<void(const std::string&)> lost, std::function<void()> retaken)
    : lease_(std::move(lease)),
      ttl_(lease_->ttl()),
      lost_(std::move(lost)),
      retaken_(std::move(retaken)) {}

node_lease::~node_lease() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (keeper_.joinable()) keeper_.join();
  if (lease_->held()) {
    auto released = lease_->release();
    log_line("cluster_lease_released", released.ok() ? "" : "reason=" + released.to_string());
  }
}

namespace {

int64_t steady_ns(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

uint64_t node_lease::current_epoch() const {
  const int64_t age = steady_ns(std::chrono::steady_clock::now()) - held_from_ns_.load();
  const int64_t limit = std::chrono::duration_cast<std::chrono::nanoseconds>(ttl_).count() * 3 / 4;
  return age < limit ? epoch_.load() : 0;
}

bool node_lease::wait_to_join(const std::function<bool()>& stop) {
  auto last_said = std::chrono::steady_clock::now() - std::chrono::hours(1);
  for (;;) {
    const auto attempt = std::chrono::steady_clock::now();
    auto taken = lease_->acquire();
    if (taken.ok()) {
      held_from_ns_ = steady_ns(attempt);
      epoch_ = 1;
      break;
    }
    if (std::chrono::steady_clock::now() - last_said >= std::chrono::seconds(10)) {
      std::string holder;
      log_line("cluster_node_waiting", lease_->holder(&holder).ok()
                                           ? "held_by=" + holder
                                           : "reason=" + taken.to_string());
      last_said = std::chrono::steady_clock::now();
    }
    if (stop()) return false;
  }
  log_line("cluster_joined");
  keeper_ = std::thread([this] { keep(); });
  return true;
}

void node_lease::keep() {
  auto renewed = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (wake_.wait_for(lock, ttl_ / 3, [this] { return stopping_; })) return;
    const auto attempt = std::chrono::steady_clock::now();
    auto s = lease_->renew();
    if (s.ok()) {
      renewed = std::chrono::steady_clock::now();
      held_from_ns_ = steady_ns(attempt);
      continue;
    }
    log_line("cluster_lease_renewal_failed", "reason=" + s.to_string());
    // Expired (this node was paused, or NATS could not be reached), and nobody took it since:
    // take it again, under a new epoch, so what ran under the old one writes nothing more.
    const auto retake = std::chrono::steady_clock::now();
    if (s.code() == storage::status_code::aborted && lease_->acquire().ok()) {
      log_line("cluster_lease_retaken");
      renewed = std::chrono::steady_clock::now();
      ++epoch_;
      held_from_ns_ = steady_ns(retake);
      retaken_();
      continue;
    }
    if (s.code() == storage::status_code::aborted) {
      lost_(s.message());
      return;
    }
    if (std::chrono::steady_clock::now() - renewed >= ttl_) {
      lost_("no renewal for " + std::to_string(ttl_.count()) + " ms: " + s.message());
      return;
    }
  }
}

}  // namespace wordhall
