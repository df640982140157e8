// clue_proposals: the seed's set network as evidence for the clue scorer (clue_scorer.hpp).
//
// The set network proposes, for every subset t of the team's cards, an ideal clue vector c(t)
// in one view's word space (seed 002). A candidate clue (word w for targets t) agrees with the
// network as much as w lies in c(t)'s direction: cos(w, c(t)) in that view. The scorer sees two
// numbers per candidate (proposal_features): that cosine, and the cosine minus the best one of
// the board's candidates with as many targets, so it can tell "the word the network would say"
// from "a word that merely fits".
//
// This header is free of LibTorch; models/torch/set_net_proposals.hpp implements it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_candidates.hpp"
#include "models/codenames/spymaster.hpp"

namespace wordhall::codenames {

class clue_proposals {
 public:
  virtual ~clue_proposals() = default;
  // The view (view_set name) whose word vectors c(t) lives among.
  virtual const std::string& view() const = 0;
  // cos(w, c(t)) for each candidate of `board` (its targets index board.team). Errors:
  // `bad_board` for a board the network cannot take, `word_not_in_vocabulary` for an entry.
  virtual result<std::vector<float>> agreement(
      const board_view& board, const std::vector<clue_candidate>& candidates) const = 0;
};

constexpr size_t proposal_features = 2;

// proposal_features floats per candidate, in order, from the candidates' agreements.
std::vector<float> proposal_features_of(const std::vector<float>& agreement,
                                        const std::vector<clue_candidate>& candidates);

}  // namespace wordhall::codenames
