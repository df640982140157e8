// Choosing and loading a Codenames spymaster; the contract is in spymaster_loader.hpp.
#include "tools/wordhall/spymaster_loader.hpp"

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>

#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/deck_cosines.hpp"
#include "models/codenames/noun_clues.hpp"
#include "models/codenames/strong_links.hpp"
#include "models/codenames/view_set.hpp"
#include "models/wordnet_lexicon.hpp"

#ifdef WORDHALL_HAVE_TORCH
#include "models/torch/clue_scorer.hpp"
#include "models/torch/learned_spymaster.hpp"
#include "models/torch/set_net_proposals.hpp"
#endif

namespace wordhall {
namespace {

[[maybe_unused]] error no_torch() {
  return make_error("unavailable",
                    "this build has no LibTorch, so no learned spymaster (install libtorch-dev "
                    "and rebuild, then run tools/prepare-data); give --model baseline for the "
                    "classic spymaster");
}

}  // namespace

error set_net_missing(const spymaster_paths& paths) {
#ifdef WORDHALL_HAVE_TORCH
  return make_error("unavailable",
                    "no set network: " + paths.model_file +
                        " does not exist (tools/prepare-data trains it; --model-file names "
                        "another); give --model baseline for the classic spymaster");
#else
  (void)paths;
  return no_torch();
#endif
}

codenames::clue_space_sources clue_sources(const spymaster_paths& paths) {
  codenames::clue_space_sources sources;
  sources.vectors = paths.vectors;
  sources.blocklist = paths.blocklist;
  sources.sour_words = paths.sour_words;
  sources.profanity = paths.profanity;
  sources.scowl_dir = paths.scowl_dir;
  sources.frequencies = paths.frequencies;
  sources.function_words = paths.function_words;
  sources.size = paths.clue_words;
  return sources;
}

result<std::vector<std::string>> resolve_views(std::vector<std::string> views,
                                               const std::string& drop) {
  if (views.empty()) {
    std::error_code ignored;
    for (const char* file : default_view_files)
      if (std::filesystem::is_regular_file(file, ignored)) views.push_back(file);
  }
  if (drop.empty()) return views;
  std::string names;
  for (const auto& v : views) names += (names.empty() ? "" : ", ") + codenames::view_name(v);
  auto named = [&](const std::string& file) {
    return file == drop || codenames::view_name(file) == drop;
  };
  const auto kept = std::remove_if(views.begin(), views.end(), named);
  if (kept == views.end())
    return make_error("invalid_argument", "--drop-view " + drop + " is none of the views (" +
                                              names + ")");
  views.erase(kept, views.end());
  return views;
}

std::string default_scorer_file(const std::string& drop) {
  if (drop.empty()) return default_clue_scorer_file;
  return "data/models/clue-scorer-without-" + codenames::view_name(drop) + ".whcs";
}

bool scorer_available(const std::string& scorer_file) {
#ifdef WORDHALL_HAVE_TORCH
  std::error_code ignored;
  return std::filesystem::is_regular_file(scorer_file, ignored);
#else
  (void)scorer_file;
  return false;
#endif
}

error scorer_missing(const std::string& scorer_file) {
#ifdef WORDHALL_HAVE_TORCH
  return make_error("unavailable", "no clue scorer: " + scorer_file +
                                       " does not exist (wordhall spymaster train-scorer makes "
                                       "it; tools/prepare-data does for the default views); "
                                       "give --model baseline for the classic spymaster");
#else
  (void)scorer_file;
  return no_torch();
#endif
}

result<std::string> lead_view_of(const std::string& lead_views,
                                 const codenames::view_set& views) {
  std::vector<std::string> known = views.names;
  for (const char* file : default_view_files) {
    auto name = codenames::view_name(file);
    if (std::find(known.begin(), known.end(), name) == known.end()) known.push_back(name);
  }
  std::string lead;
  std::string_view rest = lead_views;
  while (!rest.empty()) {
    const size_t comma = std::min(rest.find(','), rest.size());
    const std::string name(rest.substr(0, comma));
    rest.remove_prefix(std::min(comma + 1, rest.size()));
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string listed;
      for (const auto& n : known) listed += (listed.empty() ? "" : ", ") + n;
      return make_error("invalid_argument",
                        "no view is named \"" + name + "\" (views: " + listed + ")");
    }
    const bool held = std::find(views.names.begin(), views.names.end(), name) != views.names.end();
    if (lead.empty() && held) lead = name;
  }
  return lead;
}

result<codenames::candidate_options> learned_candidates(const spymaster_paths& paths,
                                                        const codenames::view_set& views) {
  codenames::candidate_options candidates;
  candidates.common_words = paths.common_clue_words;
  candidates.assassin_last = paths.assassin_last;
  candidates.rivals_last = paths.rivals_last;
  candidates.commoner_word_within = paths.commoner_word_within;
  candidates.read_guessers = paths.read_guessers;
  candidates.remembered_games = paths.remembered_games;
  candidates.sharp_mixtures = paths.sharp_mixtures;
  candidates.links_follow_guessers = paths.links_follow_guessers;
  candidates.plain_last_clue = paths.plain_last_clue;
  candidates.view_clues = paths.view_clues;
  if (paths.noun_clues) {
    auto wordnet = models::wordnet_lexicon::load(paths.wordnet);
    if (!wordnet) return wordnet.err();
    candidates.clue_words = std::make_shared<const std::vector<bool>>(
        codenames::mostly_noun_words(views.words(), wordnet.value()));
  }
  if (paths.strong_link_rank == 0) return candidates;
  auto lead = lead_view_of(paths.links_lead_view, views);
  if (!lead) return lead.err();
  auto deck = codenames::load_deck_file(paths.deck);
  if (!deck) return deck.err();
  auto links = codenames::strong_links::of(views, deck.value(), paths.strong_link_rank,
                                           lead.value(), paths.later_link_rank,
                                           paths.links_keep_lead);
  if (!links) return links.err();
  candidates.strong = std::move(links).value();
  auto cosines = codenames::deck_cosines::of(views, deck.value(), candidates.common_words);
  if (!cosines) return cosines.err();
  candidates.deck = std::make_shared<const codenames::deck_cosines>(std::move(cosines).value());
  if (paths.links_follow_guessers && paths.loose_link_rank > paths.strong_link_rank) {
    auto loose = codenames::strong_links::of(views, deck.value(), paths.loose_link_rank,
                                             lead.value(), 0, paths.links_keep_lead);
    if (!loose) return loose.err();
    candidates.loose = std::move(loose).value();
  }
  return candidates;
}

result<std::shared_ptr<const codenames::spymaster>> load_scorer_spymaster(
    const std::string& scorer_file, std::shared_ptr<const codenames::view_set> views,
    const std::string& set_net_file, const codenames::candidate_options& candidates) {
  if (!scorer_available(scorer_file)) return scorer_missing(scorer_file);
#ifdef WORDHALL_HAVE_TORCH
  auto layout = spymaster_torch::read_scorer_layout(scorer_file);
  if (!layout) return layout.err();
  std::shared_ptr<const codenames::clue_proposals> proposals;
  if (!layout->proposal_view.empty()) {
    auto loaded = spymaster_torch::load_set_net_proposals(set_net_file, views, layout->proposal_view);
    if (!loaded) return loaded.err();
    proposals = std::move(loaded).value();
  }
  return spymaster_torch::load_scored_spymaster(scorer_file, std::move(views), std::move(proposals),
                                                candidates);
#else
  (void)views;
  (void)set_net_file;
  (void)candidates;
  return scorer_missing(scorer_file);
#endif
}

bool set_net_available(const spymaster_paths& paths) {
#ifdef WORDHALL_HAVE_TORCH
  std::error_code ignored;
  return std::filesystem::is_regular_file(paths.model_file, ignored);
#else
  (void)paths;
  return false;
#endif
}

std::string best_available_spymaster(const spymaster_paths& paths) {
  if (scorer_available(paths.scorer_file)) return "learned";
  if (set_net_available(paths)) return "setnet";
  return "baseline";
}

result<void> check_spymaster_files(const std::string& model, const spymaster_paths& paths) {
  if (model == "learned" && !scorer_available(paths.scorer_file))
    return scorer_missing(paths.scorer_file);
  if (model == "setnet" && !set_net_available(paths)) return set_net_missing(paths);
  return {};
}

result<std::shared_ptr<const codenames::spymaster>> make_spymaster(
    const std::string& model, std::shared_ptr<const codenames::clue_space> space,
    const spymaster_paths& paths) {
  if (model == "baseline") {
    codenames::baseline_options options;
    options.threshold = paths.threshold;
    return std::shared_ptr<const codenames::spymaster>(
        std::make_shared<codenames::baseline_spymaster>(std::move(space), options));
  }
  if (model != "setnet")
    return make_error("invalid_argument", "make_spymaster: \"" + model + "\" needs no clue space");
  if (!set_net_available(paths)) return set_net_missing(paths);
#ifdef WORDHALL_HAVE_TORCH
  spymaster_torch::learned_options options;
  options.choice = paths.learned;
  return spymaster_torch::load_learned_spymaster(paths.model_file, std::move(space), options);
#else
  return set_net_missing(paths);
#endif
}

result<std::shared_ptr<const codenames::spymaster>> load_spymaster(const std::string& model,
                                                                   const spymaster_paths& paths) {
  const std::string chosen = model == "auto" ? best_available_spymaster(paths) : model;
  if (chosen != "learned" && chosen != "setnet" && chosen != "baseline")
    return make_error("invalid_argument",
                      "unknown spymaster \"" + model + "\": learned, setnet, baseline or auto");
  WORDHALL_TRY(check_spymaster_files(chosen, paths));
  if (chosen == "learned") {
    auto files = resolve_views(paths.view_files, "");
    if (!files) return files.err();
    if (files->empty())
      return make_error("unavailable", "no views of meaning for the learned spymaster (" +
                                           std::string(default_view_files[0]) +
                                           " and the others that tools/prepare-data makes)");
    auto views = codenames::load_view_set(clue_sources(paths), files.value());
    if (!views) return views.err();
    auto candidates = learned_candidates(paths, *views.value());
    if (!candidates) return candidates.err();
    return load_scorer_spymaster(paths.scorer_file, std::move(views).value(), paths.model_file,
                                 candidates.value());
  }
  auto space = codenames::load_clue_space(clue_sources(paths));
  if (!space) return space.err();
  return make_spymaster(chosen, std::move(space).value(), paths);
}

}  // namespace wordhall
