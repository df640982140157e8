// spymaster_loader: the Codenames spymaster that `wordhall spymaster` and `wordhall serve` give
// clues with, by name, from the prepared default data or the paths given.
//
//   "learned"   the set-network spymaster (models/torch/learned_spymaster.hpp): needs a build
//               with LibTorch (WORDHALL_HAVE_TORCH) and the model file, which tools/prepare-data
//               trains to data/models/spymaster-learned.whsm;
//   "baseline"  the classic spymaster of Kim et al. 2019 (models/codenames/baseline_spymaster.hpp);
//   "auto"      learned when it is available, else baseline.
//
// Errors: `unavailable` for "learned" without LibTorch or without the model file (the message
// names --model baseline and tools/prepare-data); `invalid_argument` for another name; those of
// load_clue_space and load_learned_spymaster (a damaged model file is `data_loss`, never a quiet
// fall back to the baseline).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "events/result.hpp"
#include "models/codenames/baseline_spymaster.hpp"
#include "models/codenames/clue_space.hpp"
#include "models/codenames/spymaster.hpp"
#include "models/codenames/subset_clue_choice.hpp"
#include "models/codenames/view_set.hpp"

namespace wordhall {

constexpr const char* default_spymaster_vectors = "data/embeddings/glove-6b-100d.whv";
constexpr const char* default_learned_spymaster_file = "data/models/spymaster-learned.whsm";
// The views of meaning tools/prepare-data makes, GloVe first (it chooses the clue words).
constexpr const char* default_view_files[] = {
    "data/embeddings/glove-6b-100d.whv",
    "data/embeddings/wordnet-graph-100d.whv",
    "data/embeddings/ppmi-wordnet-100d.whv",
};

struct spymaster_paths {
  std::string vectors = default_spymaster_vectors;
  std::string model_file = default_learned_spymaster_file;
  std::string blocklist = "config/blocklist.txt";
  std::string scowl_dir = "/usr/share/dict/scowl";
  std::string frequencies = "data/embeddings/subtlex-frequencies.tsv";
  std::string function_words = "config/function-words.txt";
  size_t clue_words = codenames::clue_space_sources{}.size;
  double threshold = codenames::baseline_options{}.threshold;  // the baseline's tau
  codenames::subset_choice_options learned;                     // how the learned one decodes
};

codenames::clue_space_sources clue_sources(const spymaster_paths& paths);

// The views a multi-view spymaster sees: `views`, else the default_view_files that exist; less
// `drop` (a view's name or file). Errors: `invalid_argument` when `drop` is none of them.
result<std::vector<std::string>> resolve_views(std::vector<std::string> views,
                                               const std::string& drop);

// Where `wordhall spymaster train-scorer` puts the scorer for the default views less `drop`:
// data/models/clue-scorer.whcs, or data/models/clue-scorer-without-NAME.whcs.
std::string default_scorer_file(const std::string& drop);

// True when this build has LibTorch and `scorer_file` exists; scorer_missing says why not.
bool scorer_available(const std::string& scorer_file);
error scorer_missing(const std::string& scorer_file);

// The learned multi-view spymaster: the clue scorer in `scorer_file` over `views`
// (models/torch/clue_scorer.hpp), with the set network in `set_net_file` proposing c(t) when
// the scorer was trained with it. Errors: scorer_missing's, load_set_net_proposals' and
// load_scored_spymaster's.
result<std::shared_ptr<const codenames::spymaster>> load_scorer_spymaster(
    const std::string& scorer_file, std::shared_ptr<const codenames::view_set> views,
    const std::string& set_net_file = default_learned_spymaster_file);

// True when this build has LibTorch and paths.model_file exists.
bool learned_spymaster_available(const spymaster_paths& paths);
// Why it is not: the `unavailable` error "learned" gets, with what to do about it.
error learned_spymaster_missing(const spymaster_paths& paths);

// The spymaster named `model` on a clue space already loaded (an evaluation shares one between
// its spymasters).
result<std::shared_ptr<const codenames::spymaster>> make_spymaster(
    const std::string& model, std::shared_ptr<const codenames::clue_space> space,
    const spymaster_paths& paths);

// Loads the clue space from `paths`, then make_spymaster.
result<std::shared_ptr<const codenames::spymaster>> load_spymaster(const std::string& model,
                                                                   const spymaster_paths& paths);

}  // namespace wordhall
