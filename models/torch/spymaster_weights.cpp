// Reading and writing the learned spymaster's weights; the layout is in spymaster_weights.hpp.
#include "models/torch/spymaster_weights.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string_view>
#include <vector>

namespace wordhall::spymaster_torch {
namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the file's integers are little-endian");
constexpr std::string_view magic{"WHSPYM1\0", 8};
constexpr uint32_t version = 1;

template <class T>
void put(std::ofstream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
bool get(std::ifstream& in, T& value) {
  return bool(in.read(reinterpret_cast<char*>(&value), sizeof value));
}

}  // namespace

result<void> save_weights(spymaster_net& net, const std::string& path) {
  const std::string temporary = path + ".tmp";
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  if (!out) return make_error("io_error", "cannot write " + temporary);
  out.write(magic.data(), magic.size());
  put(out, version);
  put(out, net->config.dimensions);
  put(out, net->config.set_width);
  put(out, net->config.hidden);
  auto parameters = net->named_parameters();
  put(out, static_cast<uint32_t>(parameters.size()));
  for (const auto& item : parameters) {
    put(out, static_cast<uint32_t>(item.key().size()));
    out.write(item.key().data(), item.key().size());
    auto values = item.value().detach().to(torch::kCPU, torch::kFloat).contiguous();
    put(out, static_cast<uint32_t>(values.dim()));
    for (auto size : values.sizes()) put(out, static_cast<int64_t>(size));
    out.write(reinterpret_cast<const char*>(values.data_ptr<float>()),
              values.numel() * sizeof(float));
  }
  out.close();
  if (!out) return make_error("io_error", temporary + ": write failed");
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    return make_error("io_error", "cannot rename " + temporary + " to " + path);
  return {};
}

result<spymaster_net> load_weights(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("io_error", "cannot read " + path);
  auto bad = [&](const std::string& why) {
    return make_error("data_loss", path + ": not a valid spymaster weights file: " + why);
  };
  char head[8];
  uint32_t file_version = 0, count = 0;
  net_config config;
  if (!in.read(head, 8) || std::string_view(head, 8) != magic) return bad("bad magic");
  if (!get(in, file_version) || file_version != version) return bad("unknown version");
  if (!get(in, config.dimensions) || !get(in, config.set_width) || !get(in, config.hidden) ||
      config.dimensions <= 0 || config.set_width <= 0 || config.hidden <= 0 ||
      config.dimensions > 100000 || config.set_width > 100000 || config.hidden > 100000)
    return bad("bad config");
  spymaster_net net(config);
  auto parameters = net->named_parameters();
  if (!get(in, count) || count != parameters.size()) return bad("wrong count of tensors");
  torch::NoGradGuard no_grad;
  for (auto& item : parameters) {
    uint32_t length = 0, rank = 0;
    if (!get(in, length) || length > 4096) return bad("bad name");
    std::string name(length, '\0');
    if (!in.read(name.data(), length) || name != item.key()) return bad("unexpected " + name);
    if (!get(in, rank) || rank != uint32_t(item.value().dim())) return bad("rank of " + name);
    for (uint32_t i = 0; i < rank; ++i) {
      int64_t size = 0;
      if (!get(in, size) || size != item.value().size(i)) return bad("shape of " + name);
    }
    std::vector<float> values(item.value().numel());
    if (!in.read(reinterpret_cast<char*>(values.data()), values.size() * sizeof(float)))
      return bad("truncated " + name);
    item.value().copy_(torch::from_blob(values.data(), item.value().sizes(), torch::kFloat));
  }
  if (in.peek() != std::char_traits<char>::eof()) return bad("trailing bytes");
  return net;
}

}  // namespace wordhall::spymaster_torch
