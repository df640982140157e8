// Choosing and loading a Codenames spymaster; the contract is in spymaster_loader.hpp.
#include "tools/wordhall/spymaster_loader.hpp"

#include <filesystem>

#ifdef WORDHALL_HAVE_TORCH
#include "models/torch/learned_spymaster.hpp"
#endif

namespace wordhall {

error learned_spymaster_missing(const spymaster_paths& paths) {
#ifdef WORDHALL_HAVE_TORCH
  return make_error("unavailable",
                    "no learned spymaster model: " + paths.model_file +
                        " does not exist (tools/prepare-data trains it; --model-file names "
                        "another); give --model baseline for the classic spymaster");
#else
  (void)paths;
  return make_error("unavailable",
                    "this build has no LibTorch, so no learned spymaster (install libtorch-dev "
                    "and rebuild, then run tools/prepare-data); give --model baseline for the "
                    "classic spymaster");
#endif
}

codenames::clue_space_sources clue_sources(const spymaster_paths& paths) {
  codenames::clue_space_sources sources;
  sources.vectors = paths.vectors;
  sources.blocklist = paths.blocklist;
  sources.scowl_dir = paths.scowl_dir;
  sources.frequencies = paths.frequencies;
  sources.function_words = paths.function_words;
  sources.size = paths.clue_words;
  return sources;
}

bool learned_spymaster_available(const spymaster_paths& paths) {
#ifdef WORDHALL_HAVE_TORCH
  std::error_code ignored;
  return std::filesystem::is_regular_file(paths.model_file, ignored);
#else
  (void)paths;
  return false;
#endif
}

result<std::shared_ptr<const codenames::spymaster>> make_spymaster(
    const std::string& model, std::shared_ptr<const codenames::clue_space> space,
    const spymaster_paths& paths) {
  if (model == "baseline" || (model == "auto" && !learned_spymaster_available(paths))) {
    codenames::baseline_options options;
    options.threshold = paths.threshold;
    return std::shared_ptr<const codenames::spymaster>(
        std::make_shared<codenames::baseline_spymaster>(std::move(space), options));
  }
  if (model != "learned" && model != "auto") {
    return make_error("invalid_argument",
                      "unknown spymaster \"" + model + "\": learned, baseline or auto");
  }
  if (!learned_spymaster_available(paths)) return learned_spymaster_missing(paths);
#ifdef WORDHALL_HAVE_TORCH
  spymaster_torch::learned_options options;
  options.choice = paths.learned;
  return spymaster_torch::load_learned_spymaster(paths.model_file, std::move(space), options);
#else
  return learned_spymaster_missing(paths);
#endif
}

result<std::shared_ptr<const codenames::spymaster>> load_spymaster(const std::string& model,
                                                                   const spymaster_paths& paths) {
  if (model == "learned" && !learned_spymaster_available(paths))
    return learned_spymaster_missing(paths);  // before seconds of loading the clue space
  auto space = codenames::load_clue_space(clue_sources(paths));
  if (!space) return space.err();
  return make_spymaster(model, std::move(space).value(), paths);
}

}  // namespace wordhall
