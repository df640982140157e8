#include "actors/vectorcards_search.hpp"

#include "events/vectorcards/resolution.hpp"

#include <algorithm>

namespace wordhall {

vectorcards_search_effects::vectorcards_search_effects(
    std::shared_ptr<const vectorcards::word_space_slot> words)
    : words_(std::move(words)), lane_("wordhall-search") {}

void vectorcards_search_effects::run(const std::string& service, const std::string& payload,
                                     effect_done done) {
  const bool presearch = service == vectorcards::presearch_service;
  if (!presearch && service != vectorcards::search_service) {
    done(effect_outcome{false, "{}", "unknown_effect", "no service \"" + service + "\" here"});
    return;
  }
  {
    std::unique_lock lock(mu_);
    if (presearch && !take_presearch_token(std::chrono::steady_clock::now())) {
      lock.unlock();
      done(effect_outcome{false, "{}", "busy", "too many matches are playing to search ahead; "
                                               "the round's own search will find these moves"});
      return;
    }
    (presearch ? presearches_ : searches_).push_back(request{payload, std::move(done)});
  }
  lane_.post([this] { run_next(); });
}

bool vectorcards_search_effects::take_presearch_token(std::chrono::steady_clock::time_point now) {
  const double rate = presearches_per_second;
  if (last_refill_ != std::chrono::steady_clock::time_point{}) {
    std::chrono::duration<double> since = now - last_refill_;
    presearch_tokens_ = std::min(rate, presearch_tokens_ + since.count() * rate);
  }
  last_refill_ = now;
  if (presearch_tokens_ < 1.0) return false;
  presearch_tokens_ -= 1.0;
  return true;
}

void vectorcards_search_effects::run_next() {
  // Everything of the kind that goes first, at once: one pass over the deck serves every
  // waiting round, however many matches they are from.
  std::deque<request> batch;
  {
    std::lock_guard lock(mu_);
    batch.swap(searches_.empty() ? presearches_ : searches_);
  }
  if (batch.empty()) return;  // an earlier job took this one's request with its own
  auto words = words_ ? words_->get() : nullptr;
  if (!words) {
    for (auto& r : batch)
      r.done(effect_outcome{false, "{}", "embeddings_unavailable", "the word vectors are not loaded"});
    return;
  }
  std::vector<std::string_view> payloads;
  for (auto& r : batch) payloads.push_back(r.payload);
  auto found = vectorcards::run_round_searches(payloads, *words);
  for (size_t i = 0; i < batch.size(); ++i) {
    if (found[i])
      batch[i].done(effect_outcome{true, std::move(*found[i]), "", ""});
    else
      batch[i].done(effect_outcome{false, "{}", found[i].err().code, found[i].err().message});
  }
}

}  // namespace wordhall
