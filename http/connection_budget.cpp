#include "http/connection_budget.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace wordhall::http {

uint64_t max_connections(uint64_t soft_limit, uint64_t configured) {
  if (soft_limit == 0) return configured;
  uint64_t cap = soft_limit > descriptor_reserve + min_connections ? soft_limit - descriptor_reserve
                                                                   : min_connections;
  return configured > 0 ? std::min(configured, cap) : cap;
}

uint64_t soft_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
  return static_cast<uint64_t>(limit.rlim_cur);
}

}  // namespace wordhall::http
