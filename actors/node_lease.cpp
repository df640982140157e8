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

bool node_lease::wait_to_join(const std::function<bool()>& stop) {
  auto last_said = std::chrono::steady_clock::now() - std::chrono::hours(1);
  for (;;) {
    auto taken = lease_->acquire();
    if (taken.ok()) break;
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
    auto s = lease_->renew();
    if (s.ok()) {
      renewed = std::chrono::steady_clock::now();
      continue;
    }
    log_line("cluster_lease_renewal_failed", "reason=" + s.to_string());
    // Expired while NATS could not be reached, and nobody took it since: take it again.
    if (s.code() == storage::status_code::aborted && lease_->acquire().ok()) {
      log_line("cluster_lease_retaken");
      renewed = std::chrono::steady_clock::now();
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
