// The learned spymaster's inference; the contract is in learned_spymaster.hpp.
#include "models/torch/learned_spymaster.hpp"

#include <cstring>
#include <map>

#include "models/torch/spymaster_net.hpp"
#include "models/torch/spymaster_weights.hpp"

namespace wordhall::spymaster_torch {
namespace {

using codenames::board_view;
using codenames::card_vectors;
using codenames::clue;
using codenames::clue_matrix;

// Columns [first, first + count) of a board's card matrix as a [count, d] tensor (Eigen's
// column-major storage is the row-major layout of its transpose).
torch::Tensor card_rows(const card_vectors& cards, Eigen::Index first, Eigen::Index count) {
  const auto d = cards.columns.rows();
  auto out = torch::empty({count, d}, torch::kFloat);
  if (count > 0) {
    std::memcpy(out.data_ptr<float>(), cards.columns.data() + first * d,
                size_t(count * d) * sizeof(float));
  }
  return out;
}

// The cards g_E encodes: the enemy's, or when none is left what the clue must still avoid.
torch::Tensor avoided_cards(const card_vectors& cards) {
  if (cards.enemy > 0) return card_rows(cards, cards.team, cards.enemy);
  return card_rows(cards, cards.team, cards.civilians + (cards.assassin ? 1 : 0));
}

torch::Tensor assassin_row(const card_vectors& cards) {
  if (!cards.assassin) return torch::zeros({cards.columns.rows()}, torch::kFloat);
  return card_rows(cards, cards.columns.cols() - 1, 1).squeeze(0);
}

class learned_spymaster final : public codenames::spymaster {
 public:
  learned_spymaster(spymaster_net net, torch::Device device,
                    std::shared_ptr<const codenames::clue_space> space, learned_options options)
      : net_(std::move(net)), device_(device), space_(std::move(space)),
        options_(std::move(options)) {
    for (size_t n = 1; n <= max_learned_team_cards; ++n)
      masks_.push_back(subset_masks(int64_t(n)).to(device_));
  }

  std::string name() const override { return "learned"; }

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
      const torch::Tensor clues = subset_clues(team, members, cards);  // [B, S, d] on the CPU
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

  // c(t) for every subset of the team cards of each board in `members` (all with `team` cards).
  torch::Tensor subset_clues(size_t team, const std::vector<size_t>& members,
                             const std::vector<card_vectors>& cards) const {
    c10::InferenceMode inference;  // thread-local: no autograd state, nothing shared is written
    std::vector<torch::Tensor> teams, avoided, assassins;
    for (size_t i : members) {
      teams.push_back(card_rows(cards[i], 0, cards[i].team));
      avoided.push_back(avoided_cards(cards[i]));
      assassins.push_back(assassin_row(cards[i]));
    }
    auto team_sets = net_->g_team->forward(torch::stack(teams).to(device_), masks_[team - 1]);
    std::vector<torch::Tensor> enemy_sets;
    for (const auto& words : avoided) enemy_sets.push_back(enemy_set(words));
    auto clues = net_->combine(team_sets, torch::stack(enemy_sets),
                               torch::stack(assassins).to(device_));
    return clues.to(torch::kCPU).contiguous();
  }

  // g_E of one board's avoided cards [m, d] as [k]; 0 for an empty set.
  torch::Tensor enemy_set(const torch::Tensor& words) const {
    if (words.size(0) == 0)
      return torch::zeros({net_->config.set_width}, torch::TensorOptions(device_));
    auto all = torch::ones({1, words.size(0)}, torch::TensorOptions(device_));
    return net_->g_enemy->forward(words.unsqueeze(0).to(device_), all).view({-1});
  }

  // LibTorch's forward() is not const; inference never changes the net.
  mutable spymaster_net net_;
  torch::Device device_;
  std::shared_ptr<const codenames::clue_space> space_;
  learned_options options_;
  std::vector<torch::Tensor> masks_;  // masks_[n - 1]: subset_masks(n) on the device
};

}  // namespace

result<std::shared_ptr<const codenames::spymaster>> load_learned_spymaster(
    const std::string& weights_file, std::shared_ptr<const codenames::clue_space> space,
    learned_options options) {
  auto device = device_named(options.device);
  if (!device) return device.err();
  auto net = load_weights(weights_file);
  if (!net) return net.err();
  const auto dimensions = space->rows().cols();
  if (net.value()->config.dimensions != dimensions) {
    return make_error("invalid_argument",
                      weights_file + " was trained on " +
                          std::to_string(net.value()->config.dimensions) +
                          "-dimensional vectors; the clue words have " +
                          std::to_string(dimensions) + " dimensions");
  }
  net.value()->eval();
  net.value()->to(device.value());
  return std::shared_ptr<const codenames::spymaster>(std::make_shared<learned_spymaster>(
      std::move(net).value(), device.value(), std::move(space), std::move(options)));
}

}  // namespace wordhall::spymaster_torch
