// The scorer's network and file; the contract is in clue_scorer_net.hpp.
#include "models/torch/clue_scorer_net.hpp"

#include <filesystem>
#include <sstream>

namespace wordhall::spymaster_torch {
namespace {

constexpr const char* file_kind = "wordhall clue scorer 1";

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : "\n") + n;
  return out;
}

}  // namespace

clue_scorer_net_impl::clue_scorer_net_impl(int64_t features_, int64_t hidden_)
    : features(features_), hidden(hidden_) {
  layers = register_module(
      "layers", torch::nn::Sequential(torch::nn::Linear(features, hidden), torch::nn::ReLU(),
                                      torch::nn::Linear(hidden, hidden), torch::nn::ReLU(),
                                      torch::nn::Linear(hidden, 1)));
}

torch::Tensor clue_scorer_net_impl::forward(const torch::Tensor& inputs) {
  return layers->forward(inputs).squeeze(1);
}

result<void> save_scorer(clue_scorer_net& net, const scorer_layout& layout,
                         const std::string& path) {
  const std::string partial = path + ".tmp";
  try {
    torch::serialize::OutputArchive archive;
    archive.write("kind", c10::IValue(std::string(file_kind)));
    archive.write("views", c10::IValue(joined(layout.views)));
    archive.write("proposal_view", c10::IValue(layout.proposal_view));
    const auto& u = layout.utility;
    archive.write("utility",
                  c10::IValue(std::vector<double>{u.team, u.enemy, u.civilian, u.assassin}));
    archive.write("features", c10::IValue(net->features));
    archive.write("hidden", c10::IValue(net->hidden));
    net->save(archive);
    archive.save_to(partial);
  } catch (const c10::Error& e) {
    return make_error("io_error", "cannot write " + partial + ": " + e.what_without_backtrace());
  }
  std::error_code failed;
  std::filesystem::rename(partial, path, failed);
  if (failed) return make_error("io_error", "cannot rename " + partial + ": " + failed.message());
  return {};
}

result<scorer_file> load_scorer(const std::string& path) {
  std::error_code ignored;
  if (!std::filesystem::is_regular_file(path, ignored))
    return make_error("io_error", "no clue scorer at " + path);
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(path);
    c10::IValue kind, views, features, hidden;
    archive.read("kind", kind);
    if (!kind.isString() || kind.toStringRef() != file_kind)
      return make_error("data_loss", path + " is not a clue scorer file");
    archive.read("views", views);
    archive.read("features", features);
    archive.read("hidden", hidden);
    scorer_file out;
    out.net = clue_scorer_net(features.toInt(), hidden.toInt());
    out.net->load(archive);
    out.net->eval();
    std::istringstream names(views.toStringRef());
    for (std::string name; std::getline(names, name);) out.layout.views.push_back(name);
    c10::IValue proposal_view;  // absent from scorers trained without the set network
    if (archive.try_read("proposal_view", proposal_view) && proposal_view.isString())
      out.layout.proposal_view = proposal_view.toStringRef();
    // Scorers that do not record their utility all learned the one below.
    out.layout.utility = {1.0, -1.0, -0.25, -8.0};
    c10::IValue utility;
    if (archive.try_read("utility", utility)) {
      if (!utility.isDoubleList() || utility.toDoubleList().size() != 4)
        return make_error("data_loss", path + " has a damaged turn utility");
      const auto u = utility.toDoubleList();
      out.layout.utility = {u[0], u[1], u[2], u[3]};
    }
    return out;
  } catch (const c10::Error& e) {
    return make_error("data_loss", path + " is damaged: " + e.what_without_backtrace());
  }
}

}  // namespace wordhall::spymaster_torch
