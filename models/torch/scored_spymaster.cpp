// The multi-view spymaster that gives the candidate its scorer rates highest; the contract is
// in clue_scorer.hpp.
#include <algorithm>

#include "models/torch/clue_scorer.hpp"
#include "models/torch/clue_scorer_net.hpp"

namespace wordhall::spymaster_torch {
namespace {

using namespace codenames;

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

class scored_spymaster final : public spymaster {
 public:
  scored_spymaster(clue_scorer_net net, std::shared_ptr<const view_set> views,
                   candidate_options candidates)
      : net_(std::move(net)), views_(std::move(views)), candidates_(candidates) {}

  std::string name() const override { return "learned"; }

  result<clue> give_clue(const board_view& board) const override {
    auto s = similarities_of(*views_, board);
    if (!s) return s.err();
    const auto candidates = legal_candidates_of(*views_, board, s.value(), candidates_);
    if (candidates.empty()) return make_error("no_clue", "every clue word is ruled out on this board");
    const auto f = int64_t(feature_count(views_->size()));
    auto inputs = torch::empty({int64_t(candidates.size()), f}, torch::kFloat);
    float* row = inputs.data_ptr<float>();
    for (const auto& c : candidates) {
      candidate_features(s.value(), c, views_->words().size(), row);
      row += f;
    }
    int64_t best = 0;
    {
      c10::InferenceMode inference;
      best = net_->forward(inputs).argmax().item<int64_t>();
    }
    const auto& chosen = candidates[size_t(best)];
    clue out;
    out.word = views_->words()[chosen.word];
    out.number = int(chosen.targets.size());
    for (auto t : chosen.targets) out.targets.push_back(board.team[size_t(t)]);
    return out;
  }

 private:
  // forward() is not const in LibTorch's API, but inference never changes the net.
  mutable clue_scorer_net net_;
  std::shared_ptr<const view_set> views_;
  candidate_options candidates_;
};

}  // namespace

result<std::shared_ptr<const spymaster>> load_scored_spymaster(
    const std::string& file, std::shared_ptr<const view_set> views,
    candidate_options candidates) {
  auto loaded = load_scorer(file);
  if (!loaded) return loaded.err();
  if (loaded->views != views->names)
    return make_error("invalid_argument", file + " was trained on the views " +
                                              listed(loaded->views) + "; these are " +
                                              listed(views->names));
  if (loaded->net->features != int64_t(feature_count(views->size())))
    return make_error("data_loss", file + " does not fit " + std::to_string(views->size()) + " views");
  return std::shared_ptr<const spymaster>(
      std::make_shared<scored_spymaster>(std::move(loaded->net), std::move(views), candidates));
}

}  // namespace wordhall::spymaster_torch
