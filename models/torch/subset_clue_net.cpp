// The set network's inference; the contract is in subset_clue_net.hpp.
#include "models/torch/subset_clue_net.hpp"

#include <cstring>

#include "models/torch/spymaster_weights.hpp"

namespace wordhall::spymaster_torch {
namespace {

using codenames::card_vectors;

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

}  // namespace

subset_clue_net::subset_clue_net(spymaster_net net, torch::Device device)
    : net_(std::move(net)), device_(device) {
  for (size_t n = 1; n <= max_learned_team_cards; ++n)
    masks_.push_back(subset_masks(int64_t(n)).to(device_));
}

torch::Tensor subset_clue_net::clues(size_t team,
                                     const std::vector<const card_vectors*>& boards) const {
  c10::InferenceMode inference;  // thread-local: no autograd state, nothing shared is written
  std::vector<torch::Tensor> teams, avoided, assassins;
  for (const auto* cards : boards) {
    teams.push_back(card_rows(*cards, 0, cards->team));
    avoided.push_back(avoided_cards(*cards));
    assassins.push_back(assassin_row(*cards));
  }
  auto team_sets = net_->g_team->forward(torch::stack(teams).to(device_), masks_[team - 1]);
  std::vector<torch::Tensor> enemy_sets;
  for (const auto& words : avoided) enemy_sets.push_back(enemy_set(words));
  auto clues = net_->combine(team_sets, torch::stack(enemy_sets),
                             torch::stack(assassins).to(device_));
  return clues.to(torch::kCPU).contiguous();
}

torch::Tensor subset_clue_net::enemy_set(const torch::Tensor& words) const {
  if (words.size(0) == 0)
    return torch::zeros({net_->config.set_width}, torch::TensorOptions(device_));
  auto all = torch::ones({1, words.size(0)}, torch::TensorOptions(device_));
  return net_->g_enemy->forward(words.unsqueeze(0).to(device_), all).view({-1});
}

result<subset_clue_net> load_subset_clue_net(const std::string& weights_file,
                                             const std::string& device, int64_t dimensions) {
  auto where = device_named(device);
  if (!where) return where.err();
  auto net = load_weights(weights_file);
  if (!net) return net.err();
  if (net.value()->config.dimensions != dimensions) {
    return make_error("invalid_argument",
                      weights_file + " was trained on " +
                          std::to_string(net.value()->config.dimensions) +
                          "-dimensional vectors; the clue words have " +
                          std::to_string(dimensions) + " dimensions");
  }
  net.value()->eval();
  net.value()->to(where.value());
  return subset_clue_net(std::move(net).value(), where.value());
}

}  // namespace wordhall::spymaster_torch
