// What the clue scorer's tests share: a scorer briefly trained over the one view "spread"
// (tests/codenames/fixtures.hpp), and the 15 boards they deal from that view's first 40 words.
#pragma once

#include "tests/spymaster_torch/catch_over_torch.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/codenames_sim.hpp"
#include "models/codenames/strong_links.hpp"
#include "models/torch/clue_scorer.hpp"
#include "tests/codenames/fixtures.hpp"

namespace wordhall::spymaster_torch::testing {

inline std::string scorer_temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("wordhall-scorer-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

// Examples whose utility is a fixed function of two features, for one view.
inline codenames::scorer_examples synthetic_examples(size_t count) {
  codenames::scorer_examples out;
  out.features = codenames::feature_count(1);
  codenames::seeded_random random(5);
  for (size_t i = 0; i < count; ++i) {
    std::vector<float> row(out.features);
    for (auto& x : row) x = float(2.0 * random.uniform() - 1.0);
    out.inputs.insert(out.inputs.end(), row.begin(), row.end());
    out.utilities.push_back(2.0f * row[0] - row[4] + (row[2] > 0 ? 1.0f : -1.0f));
    out.boards.push_back(uint32_t(i / 20));
  }
  return out;
}

inline scorer_layout views_only(std::vector<std::string> views) {
  return {std::move(views), "", {}};
}

// A scorer over the one view "spread", trained briefly on the synthetic examples, in a temporary
// file named after `name`; returns its path.
inline std::string spread_scorer(const std::string& name) {
  const std::string file = scorer_temp_path(name);
  scorer_train_options options;
  options.epochs = 2;
  REQUIRE(train_clue_scorer(synthetic_examples(400), views_only({"spread"}), file, options).ok());
  return file;
}

// The spread view's first 40 words, which the boards below are dealt from.
inline std::vector<std::string> spread_deck() {
  std::vector<std::string> deck;
  for (size_t i = 0; i < 40; ++i) deck.push_back(codenames::testing::spread_name(i));
  return deck;
}

// Board `shift` of the 15 the spymaster tests deal from spread_deck(): 8 cards ours, 7 enemy,
// 9 civilians and the assassin, shifted by 7 words a board, all covered.
inline std::vector<codenames::card> shifted_cards(size_t shift) {
  using codenames::card_role;
  std::vector<codenames::card> cards;
  for (size_t i = 0; i < 25; ++i)
    cards.push_back({codenames::testing::spread_name((i + shift * 7) % 40),
                     i < 8 ? card_role::team : i < 15 ? card_role::enemy
                                             : i < 24 ? card_role::civilian
                                                      : card_role::assassin});
  return cards;
}

// The same board as the spymaster sees it before the first clue.
inline codenames::board_view shifted_board(size_t shift) {
  return codenames::view_of(shifted_cards(shift), {});
}

// The row of `word` among the view set's words (words.size() when it is not there).
inline size_t row_of(const codenames::view_set& views, const std::string& word) {
  const auto& words = views.words();
  return size_t(std::find(words.begin(), words.end(), word) - words.begin());
}

}  // namespace wordhall::spymaster_torch::testing
