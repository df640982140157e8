// The set network's proposals as scorer evidence; the contract is in set_net_proposals.hpp.
#include "models/torch/set_net_proposals.hpp"

#include <algorithm>

#include "models/torch/subset_clue_net.hpp"

namespace wordhall::spymaster_torch {
namespace {

using namespace codenames;

class set_net_proposals final : public clue_proposals {
 public:
  set_net_proposals(subset_clue_net net, std::shared_ptr<const view_set> views, size_t view)
      : net_(std::move(net)), views_(std::move(views)), view_(view) {}

  const std::string& view() const override { return views_->names[view_]; }

  result<std::vector<float>> agreement(const board_view& board,
                                       const std::vector<clue_candidate>& candidates) const override {
    const size_t team = board.team.size();
    if (team == 0 || team > max_learned_team_cards)
      return make_error("bad_board", "the set network takes 1 to " +
                                         std::to_string(max_learned_team_cards) +
                                         " unrevealed team cards, not " + std::to_string(team));
    const clue_space& space = *views_->spaces[view_];
    auto cards = card_vectors_of(space, board);
    if (!cards) return cards.err();
    const torch::Tensor clues = net_.clues(team, {&cards.value()});  // [1, S, d]
    const auto d = clues.size(2);
    Eigen::Map<const clue_matrix> rows(clues.data_ptr<float>(), clues.size(1), d);
    std::vector<float> out;
    out.reserve(candidates.size());
    for (const auto& c : candidates) {
      Eigen::Index subset = 0;  // bits over the team cards; row subset - 1
      for (auto t : c.targets) subset |= Eigen::Index(1) << t;
      const auto proposal = rows.row(subset - 1);
      const float norm = std::max(proposal.norm(), 1e-12f);
      out.push_back(space.rows().row(Eigen::Index(c.word)).dot(proposal) / norm);
    }
    return out;
  }

 private:
  subset_clue_net net_;
  std::shared_ptr<const view_set> views_;
  size_t view_;
};

}  // namespace

result<std::shared_ptr<const clue_proposals>> load_set_net_proposals(
    const std::string& weights_file, std::shared_ptr<const view_set> views,
    const std::string& view, const std::string& device) {
  const auto at = std::find(views->names.begin(), views->names.end(), view);
  if (at == views->names.end())
    return make_error("invalid_argument",
                      "the set network's view " + view + " is not among the spymaster's views");
  const size_t index = size_t(at - views->names.begin());
  auto net = load_subset_clue_net(weights_file, device, views->spaces[index]->rows().cols());
  if (!net) return net.err();
  return std::shared_ptr<const clue_proposals>(
      std::make_shared<set_net_proposals>(std::move(net).value(), std::move(views), index));
}

}  // namespace wordhall::spymaster_torch
