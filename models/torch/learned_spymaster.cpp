// The learned spymaster's inference; the contract is in learned_spymaster.hpp.
#include "models/torch/learned_spymaster.hpp"

#include <map>

#include "models/torch/subset_clue_net.hpp"

namespace wordhall::spymaster_torch {
namespace {

using codenames::board_view;
using codenames::card_vectors;
using codenames::clue;
using codenames::clue_matrix;

class learned_spymaster final : public codenames::spymaster {
 public:
  learned_spymaster(subset_clue_net net, std::shared_ptr<const codenames::clue_space> space,
                    learned_options options)
      : net_(std::move(net)), space_(std::move(space)), options_(std::move(options)) {}

  std::string name() const override { return "setnet"; }

  result<clue> give_clue(const board_view& board) const override {
    return std::move(clues_for({&board}).front());
  }

  std::vector<result<clue>> give_clues(const std::vector<board_view>& boards) const override {
    std::vector<const board_view*> pointers;
    for (const auto& board : boards) pointers.push_back(&board);
    return clues_for(pointers);
  }

 private:
  std::vector<result<clue>> clues_for(const std::vector<const board_view*>& boards) const {
    std::vector<result<clue>> out(boards.size(), make_error("internal", "not answered"));
    std::vector<card_vectors> cards(boards.size());
    std::map<size_t, std::vector<size_t>> by_team_size;  // boards sharing one forward pass
    for (size_t i = 0; i < boards.size(); ++i) {
      const size_t team = boards[i]->team.size();
      if (team == 0) {
        out[i] = make_error("bad_board", "the board has no unrevealed team card");
        continue;
      }
      if (team > max_learned_team_cards) {
        out[i] = make_error("bad_board", "the learned spymaster takes at most " +
                                             std::to_string(max_learned_team_cards) +
                                             " unrevealed team cards, not " +
                                             std::to_string(team));
        continue;
      }
      auto vectors = codenames::card_vectors_of(*space_, *boards[i]);
      if (!vectors) {
        out[i] = vectors.err();
        continue;
      }
      cards[i] = std::move(vectors).value();
      by_team_size[team].push_back(i);
    }
    for (const auto& [team, members] : by_team_size) {
      std::vector<const card_vectors*> member_cards;
      for (size_t i : members) member_cards.push_back(&cards[i]);
      const torch::Tensor clues = net_.clues(team, member_cards);  // [B, S, d] on the CPU
      const auto subsets = clues.size(1), d = clues.size(2);
      for (size_t b = 0; b < members.size(); ++b) {
        const size_t i = members[b];
        Eigen::Map<const clue_matrix> rows(clues.data_ptr<float>() + int64_t(b) * subsets * d,
                                           subsets, d);
        out[i] = codenames::choose_subset_clue(*space_, *boards[i], cards[i], rows,
                                               options_.choice);
      }
    }
    return out;
  }

  subset_clue_net net_;
  std::shared_ptr<const codenames::clue_space> space_;
  learned_options options_;
};

}  // namespace

result<std::shared_ptr<const codenames::spymaster>> load_learned_spymaster(
    const std::string& weights_file, std::shared_ptr<const codenames::clue_space> space,
    learned_options options) {
  auto net = load_subset_clue_net(weights_file, options.device, space->rows().cols());
  if (!net) return net.err();
  return std::shared_ptr<const codenames::spymaster>(std::make_shared<learned_spymaster>(
      std::move(net).value(), std::move(space), std::move(options)));
}

}  // namespace wordhall::spymaster_torch
