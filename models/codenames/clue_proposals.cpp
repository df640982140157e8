// Proposal features; the contract is in clue_proposals.hpp.
#include "models/codenames/clue_proposals.hpp"

#include <algorithm>
#include <map>

namespace wordhall::codenames {

std::vector<float> proposal_features_of(const std::vector<float>& agreement,
                                        const std::vector<clue_candidate>& candidates) {
  std::map<size_t, float> best;  // by number of targets
  for (size_t i = 0; i < candidates.size(); ++i) {
    const size_t k = candidates[i].targets.size();
    auto [at, fresh] = best.emplace(k, agreement[i]);
    if (!fresh) at->second = std::max(at->second, agreement[i]);
  }
  std::vector<float> out;
  out.reserve(candidates.size() * proposal_features);
  for (size_t i = 0; i < candidates.size(); ++i) {
    out.push_back(agreement[i]);
    out.push_back(agreement[i] - best[candidates[i].targets.size()]);
  }
  return out;
}

}  // namespace wordhall::codenames
