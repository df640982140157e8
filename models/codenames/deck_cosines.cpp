// A deck's cosines with the clue words; the contract is in deck_cosines.hpp.
#include "models/codenames/deck_cosines.hpp"

#include <algorithm>

namespace wordhall::codenames {

namespace {

size_t rows_of(const view_set& views, size_t words) {
  return words ? std::min(words, views.words().size()) : views.words().size();
}

}  // namespace

result<deck_cosines> deck_cosines::of(const view_set& views, const std::vector<std::string>& deck,
                                      size_t words) {
  deck_cosines out;
  out.words_ = rows_of(views, words);
  for (size_t i = 0; i < deck.size(); ++i) out.column_of_.emplace(deck[i], Eigen::Index(i));
  for (const auto& space : views.spaces) {
    auto entries = space->entry_columns(deck);
    if (!entries) return entries.err();
    out.cosines_.push_back(space->cosines_with(entries.value(), 0, out.words_));
  }
  return out;
}

result<board_similarities> deck_cosines::similarities(const board_view& board) const {
  if (board.team.empty()) return make_error("bad_board", "the board has no unrevealed team card");
  std::vector<Eigen::Index> columns;
  auto add = [&](const std::string& entry) -> result<void> {
    const auto at = column_of_.find(entry);
    if (at == column_of_.end()) return make_error("not_in_deck", entry + " is not in the deck");
    columns.push_back(at->second);
    return {};
  };
  for (const auto* role : {&board.team, &board.enemy, &board.civilians})
    for (const auto& entry : *role) WORDHALL_TRY(add(entry));
  if (!board.assassin.empty()) WORDHALL_TRY(add(board.assassin));

  board_similarities s;
  for (const auto& view : cosines_) {
    Eigen::MatrixXf cards(view.rows(), Eigen::Index(columns.size()));
    for (size_t j = 0; j < columns.size(); ++j) cards.col(Eigen::Index(j)) = view.col(columns[j]);
    s.cosines.push_back(std::move(cards));
  }
  finish_similarities(board, s);
  return s;
}

result<board_similarities> similarities_for(const view_set& views, const board_view& board,
                                            const candidate_options& options) {
  if (options.deck && options.deck->words() == rows_of(views, options.common_words)) {
    auto s = options.deck->similarities(board);
    if (s || s.err().code != "not_in_deck") return s;
  }
  return similarities_of(views, board, options.common_words);
}

}  // namespace wordhall::codenames
