// Dealing a round: every random choice of a round comes from one recorded seed.
//
// The deal is recorded whole in `vc.round_started` (start, target, cards, par), so a replay
// shows the cards a round was dealt whichever dealing dealt them; the seed only makes a deal
// reproducible (tests, `wordhall vectorcards deals`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "events/vectorcards/rules.hpp"
#include "events/vectorcards/scoring.hpp"

namespace wordhall::vectorcards {

// Each token with its unit vector in `words` (all of them known there).
std::vector<hand_card> hand_cards_of(const std::vector<std::string>& tokens,
                                     const word_space& words);

// Which of a hand's `m_private` cards are jokers, each with probability `wildcard_ratio`. Both
// dealings draw it once per hand, before any redeal: a redeal is for the cards, never another
// chance at a joker, so a match deals as many jokers as its setting asks.
std::vector<bool> draw_joker_places(draw_rng& rng, const settings& config);

// Deals round `round` to `players` (seat ids, in seat order) from `seed` the way
// `config.dealing` says ("curated" or "classic", below). In both:
//   - `n_public` unique public cards and, per player, `m_private` unique private cards, none of
//     them the start or target word or a public card; each private card is a joker with
//     probability `wildcard_ratio`;
//   - each player's par: the best move their hand allows (jokers aside).
// The same seed, settings, players and words always deal the same round.
result<deal> deal_round(int round, uint64_t seed, const settings& config,
                        const std::vector<std::string>& players, const word_space& words,
                        const theme* drawn_from, int64_t deadline_ms);

// "classic": start and target are two words of `theme` (those in the vocabulary) or of the
// card pool (the deck's first `card_pool` words), with cos(start, target) below 0.5 when a few
// tries find such a pair; cards are drawn at random from the card pool. With
// `guarantee_improvement`, a player whose hand (jokers aside) has no move beating
// cos(start, target) and no joker is dealt again (a bounded number of times).
result<deal> deal_classic(int round, uint64_t seed, const settings& config,
                          const std::vector<std::string>& players, const word_space& words,
                          const theme* drawn_from, int64_t deadline_ms);

// "curated" (dealing_checks.hpp has its rules as functions):
//   - cards come from the word space's curated card list (word_space::dealing_words(): common
//     lemmas, one form per lemma, none blocked; its first `card_pool`), start and target from
//     its concrete nouns or from the theme's known words; without curated lists, from the deck;
//   - start and target: a pair with cos(start, target) in [pair_band_low, pair_band_high] whose
//     card pool has pulls and pushes to deal (of a few dozen tries; failing that the pair
//     nearest the band);
//   - no card is almost the start or the target (giveaway_similarity);
//   - the public cards mix roles (card_role), in shuffled order: of ten, three pulls (one of the
//     target's dozen closest cards), two pushes, two lures, two near-misses and one other card;
//   - each hand holds one useful card (a pull or a push) and otherwise lures, near-misses or
//     other cards; with `guarantee_improvement` a hand is dealt again (a bounded number of times,
//     keeping the best) until it holds a joker or its par is explainable and at least
//     wanted_improving_moves of its moves improve on cos(start, target).
result<deal> deal_curated(int round, uint64_t seed, const settings& config,
                          const std::vector<std::string>& players, const word_space& words,
                          const theme* drawn_from, int64_t deadline_ms);

}  // namespace wordhall::vectorcards
