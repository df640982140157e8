// The multi-view spymaster that gives the candidate its scorer rates highest; the contract is
// in clue_scorer.hpp.
#include <algorithm>
#include <functional>
#include <optional>

#include "models/codenames/deck_cosines.hpp"
#include "models/codenames/guesser_reader.hpp"
#include "models/codenames/plain_clue.hpp"
#include "models/codenames/view_clue.hpp"
#include "models/torch/clue_scorer.hpp"
#include "models/torch/clue_scorer_net.hpp"

namespace wordhall::spymaster_torch {
namespace {

using namespace codenames;

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The seed of a board's noise draws: the same board and history give the same clue.
uint64_t seed_of(const board_view& board) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  auto mix = [&hash](const std::string& text) {
    for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ULL;
    hash = (hash ^ 0xff) * 0x100000001b3ULL;
  };
  for (const auto& e : board.team) mix(e);
  for (const auto& turn : board.history) {
    mix(turn.clue);
    for (const auto& pick : turn.picks) mix(pick);
  }
  return hash;
}

// True when `a` and `b` are meant for the same cards, in any order.
bool same_cards(const clue_candidate& a, const clue_candidate& b) {
  if (a.targets.size() != b.targets.size()) return false;
  return std::is_permutation(a.targets.begin(), a.targets.end(), b.targets.begin());
}

class scored_spymaster final : public spymaster {
 public:
  scored_spymaster(clue_scorer_net net, std::shared_ptr<const view_set> views,
                   std::shared_ptr<const clue_proposals> proposals, candidate_options candidates,
                   turn_utility utility)
      : net_(std::move(net)), views_(std::move(views)), proposals_(std::move(proposals)),
        candidates_(candidates), utility_(utility) {
    if (candidates_.read_guessers) {
      reader_options reading;
      reading.earlier_games = candidates_.remembered_games;
      reading.sharp_mixtures = candidates_.sharp_mixtures;
      reader_ = std::make_shared<const guesser_reader>(views_, reading);
    }
  }

  std::string name() const override { return "learned"; }

  // The best-rated candidate of the first `count`, of those that pass the most of these checks, in
  // order: every view puts the assassin behind its targets, no view links its word to the
  // assassin (both with assassin_last), its word has no rival card among its strong links (with
  // rivals_last). Then, for the same cards, the most common word that passes as many checks and
  // is rated at most commoner_word_within below it.
  size_t best_of(const board_similarities& s, const std::vector<clue_candidate>& candidates,
                 const std::vector<float>& scores, size_t count) const {
    const strong_links* links = candidates_.strong.get();
    auto checks_passed = [&](const clue_candidate& c) {
      if (!candidates_.assassin_last || !assassin_behind_targets(s, c)) return 0;
      if (links && assassin_linked(*links, s, c)) return 1;
      if (candidates_.rivals_last && links && rival_linked(*links, s, c)) return 2;
      return 3;
    };
    std::vector<int> passed(count);
    size_t best = 0;
    for (size_t i = 0; i < count; ++i) {
      passed[i] = checks_passed(candidates[i]);
      if (passed[i] > passed[best] || (passed[i] == passed[best] && scores[i] > scores[best]))
        best = i;
    }
    const double within = candidates_.commoner_word_within;
    if (within < 0) return best;
    // Words come in order of commonness, so a smaller row is a more common word.
    size_t commoner = best;
    for (size_t i = 0; i < count; ++i) {
      if (scores[i] < scores[best] - float(within) || passed[i] < passed[best]) continue;
      if (candidates[i].word >= candidates[commoner].word) continue;
      if (same_cards(candidates[i], candidates[best])) commoner = i;
    }
    return commoner;
  }

  clue clue_of(const board_view& board, const clue_candidate& chosen) const {
    clue out;
    out.word = views_->words()[chosen.word];
    out.number = int(chosen.targets.size());
    for (auto t : chosen.targets) out.targets.push_back(board.team[size_t(t)]);
    return out;
  }

  result<clue> give_clue(const board_view& board) const override {
    auto s = similarities_for(*views_, board, candidates_);
    if (!s) return s.err();
    std::optional<guesser_belief> belief;
    candidate_options options = candidates_;
    if (reader_ && (!board.history.empty() || !board.earlier.empty())) {
      auto read = reader_->read(board);
      if (!read) return read.err();
      belief = std::move(read).value();
      if (candidates_.links_follow_guessers && belief->picks > 0) {
        options.trust = reader_->trust_of(*belief);
        if (options.loose && reader_->reads_like_one_view(*belief)) options.strong = options.loose;
      }
    }
    const auto any_legal = legal_clue_words(*views_, board);
    std::function<bool(size_t)> legal = any_legal;
    std::vector<clue_candidate> candidates;
    if (const auto& marked = candidates_.clue_words) {
      legal = [any_legal, marked](size_t word) { return (*marked)[word] && any_legal(word); };
      candidates = candidates_of(s.value(), legal, options);
      if (candidates.empty()) legal = any_legal;  // no marked word fits this board
    }
    if (candidates.empty()) candidates = candidates_of(s.value(), legal, options);
    if (candidates.empty()) return make_error("no_clue", "every clue word is ruled out on this board");
    // The last card's plain clue is rated with the others, last, so that it is weighed alike.
    const size_t listed = candidates.size();
    if (candidates_.plain_last_clue >= 0 && s->team == 1) {
      const long lead = candidates_.strong ? candidates_.strong->lead() : -1;
      auto plain = plain_clue_for(s.value(), 0, legal, lead);
      // Like every clue it gives when it has another choice, no word linked to the assassin.
      const bool linked = plain && candidates_.assassin_last && candidates_.strong &&
                          assassin_linked(*candidates_.strong, s.value(), *plain);
      if (plain && !linked) candidates.push_back(std::move(*plain));
    }
    auto rows = scorer_inputs(*views_, board, s.value(), candidates, proposals_.get());
    if (!rows) return rows.err();
    const auto n = int64_t(candidates.size());
    std::vector<float> scores(candidates.size());
    {
      c10::InferenceMode inference;
      auto inputs = torch::from_blob(rows->data(), {n, int64_t(rows->size()) / n}, torch::kFloat);
      auto rated = net_->forward(inputs).reshape({n}).contiguous();
      std::copy_n(rated.data_ptr<float>(), n, scores.begin());
    }
    if (belief) {
      // The belief counts as far as the team reads as one of the views alone: a candidate is
      // weighed under share · posterior + (1 − share) · prior, which moves its prior utility by
      // share · shift. A team on other vectors keeps the scorer's choice, the safer for it.
      const auto shift = reader_->shift_of(s.value(), candidates, *belief, utility_,
                                           seed_of(board));
      const double share = reader_->one_view_share(*belief);
      for (size_t i = 0; i < scores.size(); ++i) scores[i] += float(share * shift[i]);
    }
    size_t pick = best_of(s.value(), candidates, scores, listed);
    if (candidates.size() > listed &&
        scores[listed] >= scores[pick] - float(candidates_.plain_last_clue))
      pick = listed;
    // The last card's plain clue is given for people; a bolder one would undo it.
    if (belief && candidates_.view_clues && pick != listed) {
      if (auto bolder = view_clue_over(s.value(), legal, *belief, candidates[pick], board))
        return clue_of(board, *bolder);
    }
    return clue_of(board, candidates[pick]);
  }

  // One view's boldest clear clue (view_clue.hpp), of any view, when under the belief it is worth
  // more than `chosen`; none otherwise.
  std::optional<clue_candidate> view_clue_over(const board_similarities& s,
                                               const std::function<bool(size_t)>& legal,
                                               const guesser_belief& belief,
                                               const clue_candidate& chosen,
                                               const board_view& board) const {
    // Like every clue it gives when it has another choice: every view puts the assassin behind
    // its targets, and no view links its word to the assassin.
    auto acceptable = [&](const clue_candidate& c) {
      if (!assassin_behind_targets(s, c)) return false;
      if (const auto* links = candidates_.strong.get()) {
        if (links->strong_run(s, c.word, c.targets, c.targets.size()) < c.targets.size())
          return false;
        if (assassin_linked(*links, s, c)) return false;
      }
      return legal(c.word);
    };
    std::vector<clue_candidate> contest{chosen};
    for (size_t v = 0; v < s.cosines.size(); ++v)
      for (auto& c : view_clues_of(s, v, acceptable)) contest.push_back(std::move(c));
    // Weighed as the scorer's candidates are: the belief as far as the team reads as one of the
    // views alone, the prior for the rest.
    const double share = reader_->one_view_share(belief);
    std::vector<double> weights(belief.posterior.size());
    for (size_t g = 0; g < weights.size(); ++g)
      weights[g] = share * belief.posterior[g] + (1 - share) * belief.prior[g];
    const auto worth = reader_->utility_of(s, contest, weights, utility_, seed_of(board));
    const auto best = size_t(std::max_element(worth.begin(), worth.end()) - worth.begin());
    if (best == 0 || worth[best] <= worth[0]) return std::nullopt;
    return contest[best];
  }

 private:
  // forward() is not const in LibTorch's API, but inference never changes the net.
  mutable clue_scorer_net net_;
  std::shared_ptr<const view_set> views_;
  std::shared_ptr<const clue_proposals> proposals_;  // null when the scorer takes none
  candidate_options candidates_;
  turn_utility utility_;  // the scorer's scale
  std::shared_ptr<const guesser_reader> reader_;  // null: the scorer's prior alone
};

}  // namespace

result<scorer_layout> read_scorer_layout(const std::string& file) {
  auto loaded = load_scorer(file);
  if (!loaded) return loaded.err();
  return loaded->layout;
}

result<std::shared_ptr<const spymaster>> load_scored_spymaster(
    const std::string& file, std::shared_ptr<const view_set> views,
    std::shared_ptr<const clue_proposals> proposals, candidate_options candidates) {
  auto loaded = load_scorer(file);
  if (!loaded) return loaded.err();
  const scorer_layout& layout = loaded->layout;
  if (layout.views != views->names)
    return make_error("invalid_argument", file + " was trained on the views " +
                                              listed(layout.views) + "; these are " +
                                              listed(views->names));
  const bool wants_proposals = !layout.proposal_view.empty();
  if (wants_proposals && (!proposals || proposals->view() != layout.proposal_view))
    return make_error("invalid_argument",
                      file + " was trained with the set network's proposals on " +
                          layout.proposal_view + ", which this spymaster was not given");
  if (!wants_proposals) proposals.reset();
  if (loaded->net->features != int64_t(scorer_feature_count(views->size(), wants_proposals)))
    return make_error("data_loss", file + " does not fit " + std::to_string(views->size()) + " views");
  return std::shared_ptr<const spymaster>(std::make_shared<scored_spymaster>(
      std::move(loaded->net), std::move(views), std::move(proposals), candidates, layout.utility));
}

}  // namespace wordhall::spymaster_torch
