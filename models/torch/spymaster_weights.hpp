// The learned spymaster's weights file (".whsm"), written by `wordhall spymaster train`.
//
// Layout, all integers little-endian, floats IEEE float32:
//   8 bytes   magic "WHSPYM1\0"
//   u32       version, 1
//   3 x i64   net_config: dimensions d, set_width k, hidden
//   u32       count of tensors, then per tensor, in named_parameters() order:
//               u32 name length, the name's bytes ("g_team.phi.0.weight", ...)
//               u32 rank, rank x i64 sizes, then the elements row-major as float32
// Loading checks magic, version, that every name and shape matches the net the header describes,
// and that the file ends right after the last tensor; anything else is `data_loss`.
#pragma once

#include <string>

#include "events/result.hpp"
#include "models/torch/spymaster_net.hpp"

namespace wordhall::spymaster_torch {

// Writes `path` + ".tmp" and renames it, so a reader never sees half a file. Errors: `io_error`.
result<void> save_weights(spymaster_net& net, const std::string& path);

// A new net on the CPU with the file's config and weights. Errors: `io_error`, `data_loss`.
result<spymaster_net> load_weights(const std::string& path);

}  // namespace wordhall::spymaster_torch
