#include "events/vectorcards/dealing_report.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <unordered_set>

#include "events/json_writer.hpp"
#include "events/vectorcards/dealing.hpp"
#include "events/vectorcards/dealing_checks.hpp"

namespace wordhall::vectorcards {
namespace {

// The value below which `fraction` of `values` lie (nearest rank; 0 when empty).
double quantile(std::vector<double> values, double fraction) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  size_t at = static_cast<size_t>(fraction * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(at, values.size() - 1)];
}

double share(size_t part, size_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace

result<deal_report> report_deals(const deal_report_options& options, const word_space& words,
                                 const std::vector<std::string>& lemmas,
                                 const std::function<bool(const std::string&)>& blocked) {
  std::unordered_set<std::string> lemma_set(lemmas.begin(), lemmas.end());
  std::vector<std::string> seats;
  for (int p = 1; p <= options.players; ++p) seats.push_back("p" + std::to_string(p));
  std::vector<double> uplifts, improving;
  size_t explained = 0, with_3 = 0, cards = 0, on_list = 0;
  std::set<std::string> blocked_found;
  auto check_word = [&](const std::string& w) {
    if (blocked(w)) blocked_found.insert(w);
  };
  auto count_card = [&](const std::string& w) {
    ++cards;
    on_list += lemma_set.count(w);
    check_word(w);
  };

  draw_rng seeds(options.seed);
  deal_report out;
  for (int i = 0; i < options.count; ++i) {
    auto d = deal_round(1, seeds.next(), options.config, seats, words, options.drawn_from, 0);
    if (!d) return d.err();
    ++out.deals;
    check_word(d->start);
    check_word(d->target);
    auto start = words.unit_vector(d->start), target = words.unit_vector(d->target);
    auto publics = hand_cards_of(d->public_cards, words);
    for (auto& p : d->public_cards) count_card(p);
    for (auto& [seat, hand] : d->hands) {
      std::vector<std::string> plain;
      for (auto& c : hand)
        if (!c.joker) plain.push_back(c.token);
      for (auto& c : plain) count_card(c);
      const auto& par = d->par.at(seat);
      if (!par) continue;
      auto privates = hand_cards_of(plain, words);
      auto all = publics;
      all.insert(all.end(), privates.begin(), privates.end());
      uplifts.push_back(par->similarity - d->base_similarity);
      explained += explainable(*par, start, target, all, options.config.explain_min) ? 1 : 0;
      int moves = improving_moves(start, target, publics, privates, d->base_similarity);
      improving.push_back(moves);
      with_3 += moves >= wanted_improving_moves ? 1 : 0;
    }
  }
  out.hands = static_cast<int>(uplifts.size());
  out.par_uplift_median = quantile(uplifts, 0.5);
  out.par_uplift_p10 = quantile(uplifts, 0.1);
  out.explainable_share = share(explained, uplifts.size());
  out.improving_moves_median = quantile(improving, 0.5);
  out.hands_with_3_improving_share = share(with_3, uplifts.size());
  out.lemma_share = share(on_list, cards);
  out.blocked_words.assign(blocked_found.begin(), blocked_found.end());
  return out;
}

std::string deal_report_json(const deal_report& r) {
  json_writer out;
  out.begin_object()
      .field("deals", r.deals)
      .field("hands", r.hands)
      .field("par_uplift_median", r.par_uplift_median)
      .field("par_uplift_p10", r.par_uplift_p10)
      .field("explainable_share", r.explainable_share)
      .field("improving_moves_median", r.improving_moves_median)
      .field("hands_with_3_improving_share", r.hands_with_3_improving_share)
      .field("lemma_share", r.lemma_share)
      .key("blocked_words")
      .begin_array();
  for (auto& w : r.blocked_words) out.value(w);
  out.end_array().end_object();
  return out.take();
}

std::string deal_report_text(const deal_report& r, const deal_report_options& o) {
  auto line = [](const char* label, double value, const char* unit) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %-34s %8.3f%s\n", label, value, unit);
    return std::string(buf);
  };
  std::string theme = o.config.theme.empty() ? "none" : o.config.theme;
  std::string out = "vector cards deals: " + std::to_string(r.deals) + " rounds, " +
                    std::to_string(r.hands) + " hands with a par (" + o.config.dealing +
                    " dealing, seed " + std::to_string(o.seed) + ", theme " + theme + ")\n";
  out += line("par - base, median", r.par_uplift_median, "");
  out += line("par - base, 10th percentile", r.par_uplift_p10, "");
  out += line("explainable pars", 100 * r.explainable_share, " %");
  out += line("improving moves per hand, median", r.improving_moves_median, "");
  out += line("hands with >= 3 improving moves", 100 * r.hands_with_3_improving_share, " %");
  out += line("cards on the curated list", 100 * r.lemma_share, " %");
  out += "  blocked card, start or target words: " +
         (r.blocked_words.empty() ? std::string("none") : std::to_string(r.blocked_words.size()));
  for (auto& w : r.blocked_words) out += " " + w;
  return out + "\n";
}

}  // namespace wordhall::vectorcards
