#include "actors/vectorcards_search.hpp"

#include "events/vectorcards/resolution.hpp"

namespace wordhall {

vectorcards_search_effects::vectorcards_search_effects(
    std::shared_ptr<const vectorcards::word_space_slot> words)
    : words_(std::move(words)), lane_("wordhall-search") {}

void vectorcards_search_effects::run(const std::string& service, const std::string& payload,
                                     effect_done done) {
  if (service != vectorcards::search_service) {
    done(effect_outcome{false, "{}", "unknown_effect", "no service \"" + service + "\" here"});
    return;
  }
  lane_.post([this, payload, done = std::move(done)] {
    auto words = words_ ? words_->get() : nullptr;
    if (!words) {
      done(effect_outcome{false, "{}", "embeddings_unavailable", "the word vectors are not loaded"});
      return;
    }
    auto found = vectorcards::run_round_search(payload, *words);
    if (!found) {
      done(effect_outcome{false, "{}", found.err().code, found.err().message});
      return;
    }
    done(effect_outcome{true, std::move(*found), "", ""});
  });
}

}  // namespace wordhall
