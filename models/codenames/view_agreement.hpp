// view_agreement: how far the views a spymaster holds foretell a reader it never saw.
//
// A clue is safe for a guesser the spymaster cannot see only if what its views agree on is what
// that guesser reads. consensus_agreement measures it without playing: of every pair of a clue
// word and a deck entry that all the views in hand put nearest to each other (the entry is the
// word's nearest of the whole deck in every view in hand: a one-card clue they all read alike),
// how often the reader's view also puts that entry nearest of the deck, and among its three
// nearest. On a board a one-card clue needs the card ahead of some twenty cards, not of the whole
// deck, so a reader gets more clues than these shares, but no spymaster over these views can
// choose a one-card clue the reader gets more surely than their agreement allows.
//
// Pairs are counted per band of clue-word commonness (the words' row order: most common first).
// Pure; deterministic.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <functional>
#include <vector>

namespace wordhall::codenames {

struct agreement_band {
  size_t first_word = 0, end_word = 0;  // rows [first_word, end_word) of the clue words
  size_t pairs = 0;                     // pairs every view in hand puts nearest
  size_t reader_first = 0;              // ... that the reader's view puts nearest too
  size_t reader_top3 = 0;               // ... or among its three nearest
};

// `views`: per view, clue words x deck entries cosines, all of one shape; `reader`: the index of
// the reader's view among them, the others in hand. `band_ends`: the bands' last rows (exclusive),
// increasing; a band past the words ends at the last word. Every pair counts in the band of its
// word. `is_clue(word, entry)`, when given, says whether a word may be a clue for the entry at all
// (not the entry itself, nor a form of it or a word built on it: "dog", "dogs" and "doghouse" say
// nothing about DOG); a word nearest to an entry it may not clue is no pair.
std::vector<agreement_band> consensus_agreement(
    const std::vector<Eigen::MatrixXf>& views, size_t reader, const std::vector<size_t>& band_ends,
    const std::function<bool(Eigen::Index word, Eigen::Index entry)>& is_clue = {});

}  // namespace wordhall::codenames
