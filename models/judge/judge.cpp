#include "models/judge/judge.hpp"

#include <algorithm>

#include "events/json_writer.hpp"
#include "models/judge/german_sources.hpp"
#include "models/judge/offline_judge.hpp"

namespace wordhall::judge {
namespace {

std::string env_text(const std::function<const char*(const char*)>& getenv, const char* name) {
  const char* value = getenv(name);
  return value ? std::string(value) : std::string();
}

// What one rate() call is putting together.
struct pending_judgement {
  judgement answer;
  std::vector<std::size_t> missing;  // indexes into answer.evaluations still without a rating
};

}  // namespace

judge_config judge_config_from_env(const std::function<const char*(const char*)>& getenv,
                                   judge_config base) {
  auto key = env_text(getenv, "MISTRAL_API_KEY");
  auto url = env_text(getenv, "MISTRAL_BASE_URL");
  auto model = env_text(getenv, "MISTRAL_MODEL");
  base.llm.api_key = key;
  while (!url.empty() && url.back() == '/') url.pop_back();
  if (!url.empty()) base.llm.base_url = url;
  if (!model.empty()) base.llm.model = model;
  base.use_llm = !key.empty() || !url.empty();
  return base;
}

std::string judgement_json(const judgement& j) {
  json_writer out;
  out.begin_object().field("judge", j.judge).key("evaluations").begin_array();
  for (auto& e : j.evaluations) {
    out.begin_object()
        .field("word", e.word)
        .field("score", e.score)
        .field("explanation", e.explanation)
        .end_object();
  }
  out.end_array().end_object();
  return out.take();
}

word_judge::word_judge(judge_config config)
    : config_(std::move(config)),
      name_(config_.use_llm ? config_.llm.model : std::string(offline_judge_name)) {
  auto memory = rating_memory::open(config_.ratings_file);
  if (!memory) {
    warnings_.push_back(memory.err().code + ": " + memory.err().message);
    memory = rating_memory::open("");
  }
  memory_ = std::move(*memory);
  if (memory_->skipped_lines() > 0)
    warnings_.push_back("judge_memory_damaged: skipped " + std::to_string(memory_->skipped_lines()) +
                        " unreadable lines of " + config_.ratings_file);
  if (config_.use_llm) {
    pool_ = std::make_unique<llm_pool>(config_.llm);
    return;
  }
  auto german = load_german_sources(config_.german);
  for (auto& missing : german.missing) warnings_.push_back(missing.code + ": " + missing.message);
  lexicon_ = std::move(german.lexicon);
  morphology_ = std::move(german.morphology);
  counts_ = std::move(german.counts);
  names_ = std::move(german.names);
  headwords_ = std::move(german.headwords);
}

word_judge::~word_judge() = default;

llm_pool_stats word_judge::pool_stats() const { return pool_ ? pool_->stats() : llm_pool_stats{}; }

void word_judge::rate(const std::vector<std::string>& words, judgement_callback done) {
  if (words.size() > max_words)
    return done(make_error("judge_bad_request", "at most " + std::to_string(max_words) +
                                                    " words per judgement"));
  auto pending = std::make_shared<pending_judgement>();
  pending->answer.judge = name_;
  std::vector<std::string> seen;  // normalised
  for (auto& asked : words) {
    auto normal = normalise_word(asked);
    if (normal.empty()) return done(make_error("judge_bad_request", "an empty word"));
    if (utf8_letters(normal).size() > max_word_letters)
      return done(make_error("judge_bad_request", "a word of more than " +
                                                      std::to_string(max_word_letters) + " letters"));
    if (std::find(seen.begin(), seen.end(), normal) != seen.end()) continue;
    seen.push_back(normal);
    auto known = memory_->find(name_, normal);
    if (known) {
      pending->answer.evaluations.push_back({asked, known->rating.score, known->rating.explanation});
    } else {
      pending->answer.evaluations.push_back({asked, 0, {}});
      pending->missing.push_back(pending->answer.evaluations.size() - 1);
    }
  }
  if (pending->missing.empty()) return done(std::move(pending->answer));

  if (!pool_) {
    for (auto i : pending->missing) {
      auto& e = pending->answer.evaluations[i];
      auto rating = offline_rating(e.word, lexicon_, morphology_.get(), counts_.get(), names_.get(),
                                   headwords_.get());
      auto kept = memory_->remember(name_, std::move(rating)).rating;
      e.score = kept.score;
      e.explanation = kept.explanation;
    }
    return done(std::move(pending->answer));
  }

  std::vector<std::string> ask;
  for (auto i : pending->missing) ask.push_back(normalise_word(pending->answer.evaluations[i].word));
  pool_->submit(std::move(ask), [this, pending, done = std::move(done)](
                                    result<std::vector<word_rating>> rated) {
    if (!rated) return done(rated.err());
    for (std::size_t k = 0; k < pending->missing.size(); ++k) {
      auto& e = pending->answer.evaluations[pending->missing[k]];
      auto kept = memory_->remember(name_, (*rated)[k]).rating;
      e.score = kept.score;
      e.explanation = kept.explanation;
    }
    done(std::move(pending->answer));
  });
}

}  // namespace wordhall::judge
