// set_net_proposals: clue_proposals (models/codenames/clue_proposals.hpp) from the seed's set
// network, the weights `wordhall spymaster train` writes. c(t) lives in the view the network was
// trained on (GloVe for the shipped model), which must be one of the view set's views.
//
// Read-only after loading and safe to share between threads. This header is free of LibTorch.
#pragma once

#include <memory>
#include <string>

#include "events/result.hpp"
#include "models/codenames/clue_proposals.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall::spymaster_torch {

// Errors: `invalid_argument` when `views` has no view named `view` or the net's dimension is not
// that view's; those of load_subset_clue_net (`io_error`, `data_loss`, `unavailable` for cuda).
result<std::shared_ptr<const codenames::clue_proposals>> load_set_net_proposals(
    const std::string& weights_file, std::shared_ptr<const codenames::view_set> views,
    const std::string& view, const std::string& device = "cpu");

}  // namespace wordhall::spymaster_torch
