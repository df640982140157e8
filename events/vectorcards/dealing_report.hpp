// The deal report (`wordhall vectorcards deals`): how playable seeded rounds are, dealt exactly
// as the server deals them (deal_round), measured with dealing_checks.hpp's rules.
//
// Over every hand with a par (jokers aside): par − cos(start, target) (median, 10th
// percentile), the share of explainable pars, improving moves (median; the share of hands with
// at least three); over every dealt card: the share on the curated card list; over every card,
// start and target word: the blocked ones.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "events/vectorcards/rules.hpp"

namespace wordhall::vectorcards {

struct deal_report_options {
  int count = 1000;   // rounds dealt
  uint64_t seed = 1;  // round i is dealt with the i-th draw of draw_rng(seed)
  int players = 4;    // seats p1..pN
  settings config;    // dealing, band, thresholds, theme's name, card pool…
  const theme* drawn_from = nullptr;
};

struct deal_report {
  int deals = 0;
  int hands = 0;  // hands with a par
  double par_uplift_median = 0.0;
  double par_uplift_p10 = 0.0;
  double explainable_share = 0.0;
  double improving_moves_median = 0.0;
  double hands_with_3_improving_share = 0.0;
  double lemma_share = 0.0;
  std::vector<std::string> blocked_words;  // sorted, each once
};

// `blocked` says whether a word is on a blocklist; `lemmas` is the curated card list.
result<deal_report> report_deals(const deal_report_options& options, const word_space& words,
                                 const std::vector<std::string>& lemmas,
                                 const std::function<bool(const std::string&)>& blocked);

std::string deal_report_json(const deal_report& report);
std::string deal_report_text(const deal_report& report, const deal_report_options& options);

}  // namespace wordhall::vectorcards
