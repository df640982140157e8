// clue_scorer_net: the scorer's network and its file (clue_scorer.hpp). LibTorch stays inside
// models/torch.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/torch/clue_scorer.hpp"

namespace wordhall::spymaster_torch {

// features -> hidden -> hidden -> 1, ReLU between.
struct clue_scorer_net_impl : torch::nn::Module {
  clue_scorer_net_impl(int64_t features, int64_t hidden);
  torch::Tensor forward(const torch::Tensor& inputs);  // [n, features] -> [n]
  int64_t features, hidden;
  torch::nn::Sequential layers{nullptr};
};
TORCH_MODULE_IMPL(clue_scorer_net, clue_scorer_net_impl);

struct scorer_file {
  clue_scorer_net net{nullptr};
  scorer_layout layout;
};

// Errors: `io_error`.
result<void> save_scorer(clue_scorer_net& net, const scorer_layout& layout,
                         const std::string& path);
// Errors: `io_error` (missing), `data_loss` (not a scorer file).
result<scorer_file> load_scorer(const std::string& path);

}  // namespace wordhall::spymaster_torch
