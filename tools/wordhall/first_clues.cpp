// The first clues of an evaluation's boards; the contract is in first_clues.hpp.
#include "tools/wordhall/first_clues.hpp"

#include <algorithm>
#include <unordered_map>

#include "models/codenames/codenames_sim.hpp"

namespace wordhall {

result<first_clue_report> first_clues(const codenames::spymaster& giver,
                                      const std::vector<std::string>& deck, uint64_t seed,
                                      size_t boards, const std::vector<std::string>& vocabulary,
                                      const models::wordnet_lexicon& lexicon) {
  std::unordered_map<std::string, size_t> rank;
  for (size_t i = 0; i < vocabulary.size(); ++i) rank.emplace(vocabulary[i], i + 1);
  first_clue_report out;
  std::vector<size_t> ranks;
  size_t not_headwords = 0;
  for (size_t b = 0; b < boards; ++b) {
    const auto cards = codenames::deal_board(deck, codenames::game_seed(seed, b));
    const auto board = codenames::view_of(cards, {});
    auto hint = giver.give_clue(board);
    if (!hint) return hint.err();
    const auto found = rank.find(hint->word);
    ranks.push_back(found == rank.end() ? vocabulary.size() + 1 : found->second);
    const bool headword = lexicon.is_lemma(hint->word) && !lexicon.is_inflection(hint->word);
    not_headwords += !headword;
    std::string line = hint->word + " " + std::to_string(hint->number) + " ->";
    for (size_t t = 0; t < hint->targets.size(); ++t) line += (t ? ", " : " ") + hint->targets[t];
    line += "   (ours:";
    for (size_t t = 0; t < board.team.size(); ++t) line += (t ? ", " : " ") + board.team[t];
    line += "; assassin: " + board.assassin + ")";
    if (!headword) line += "   [not a headword]";
    out.lines.push_back(std::move(line));
  }
  if (!ranks.empty()) {
    std::nth_element(ranks.begin(), ranks.begin() + long(ranks.size() / 2), ranks.end());
    out.median_rank = double(ranks[ranks.size() / 2]);
    out.not_headword_share = double(not_headwords) / double(boards);
  }
  return out;
}

}  // namespace wordhall
