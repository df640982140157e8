// word_judge: rates the words of a move, the same way every time a word comes back.
//
// rate(words) normalises and dedupes the words (one evaluation per distinct word, in the order
// first asked, each carrying the word as first asked), answers every word the rating memory
// knows from there, and rates the rest together: in ONE request to the LLM pool (words sent
// normalised, as on the board) when a model is configured, or with the offline judge when not. New ratings are remembered before the answer
// goes out, and a word another game rated meanwhile is answered with that earlier rating.
// With a model, a failed request fails the whole judgement (the move stays pending and can be
// rated again); there is no offline fallback, so a game never mixes the two judges.
//
// Errors: judge_bad_request (no words is fine, but more than max_words, an empty word or one of
// more than max_word_letters letters is not), and the llm_* codes of llm_pool.
//
// Configuration comes from the environment (judge_config_from_env):
//   MISTRAL_API_KEY   the bearer key; with it (or with MISTRAL_BASE_URL) the model judges
//   MISTRAL_BASE_URL  any OpenAI-compatible base URL (default https://api.mistral.ai/v1), e.g.
//                     http://127.0.0.1:8080/v1 for a local llama.cpp or vLLM server
//   MISTRAL_MODEL     default mistral-large-latest
// Without either the offline judge rates, and judgements say "judge":"offline".
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "events/result.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/german_names.hpp"
#include "models/judge/german_sources.hpp"
#include "models/judge/german_word_counts.hpp"
#include "models/judge/hunspell_morphology.hpp"
#include "models/judge/llm_pool.hpp"
#include "models/judge/rating_memory.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {

struct judge_config {
  llm_config llm;
  bool use_llm = false;                               // false: the offline judge
  std::string ratings_file;                           // empty: remember in memory only
  german_source_paths german;                         // the offline judge's data
};

// `base` with the MISTRAL_* variables applied; `getenv` is injectable for tests. The model judges
// when MISTRAL_API_KEY or MISTRAL_BASE_URL is set and not empty (a local server needs no key).
judge_config judge_config_from_env(const std::function<const char*(const char*)>& getenv,
                                   judge_config base = {});

struct judgement {
  std::string judge;                    // the model's name, or "offline"
  std::vector<word_rating> evaluations;
};

// {"judge":"offline","evaluations":[{"word":"HAUS","score":42,"explanation":"..."}]}
std::string judgement_json(const judgement& j);

using judgement_callback = std::function<void(result<judgement>)>;

class word_judge {
 public:
  static constexpr std::size_t max_words = 64;
  static constexpr std::size_t max_word_letters = 64;

  // Opens the memory and, for the offline judge, loads the word list, the Hunspell dictionary
  // and the prose it counts (under a second). None failing stops the judge (it then
  // forgets on restart, knows fewer words, or judges commonness by compounds alone); warnings()
  // says what went wrong.
  explicit word_judge(judge_config config);
  ~word_judge();  // the pool's pending requests fail with llm_shutdown
  word_judge(const word_judge&) = delete;
  word_judge& operator=(const word_judge&) = delete;

  // Calls `done` exactly once: at once on this thread when nothing needs the model, otherwise
  // later on a pool thread. Thread-safe.
  void rate(const std::vector<std::string>& words, judgement_callback done);

  const std::string& name() const { return name_; }
  bool offline() const { return !pool_; }
  llm_pool_stats pool_stats() const;  // zeros for the offline judge
  const rating_memory& memory() const { return *memory_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  const judge_config config_;
  std::string name_;
  std::vector<std::string> warnings_;
  german_lexicon lexicon_;
  std::unique_ptr<hunspell_morphology> morphology_;  // null without the dictionary
  std::unique_ptr<german_word_counts> counts_;       // null without the prose
  std::unique_ptr<german_names> names_;              // null without Hunspell or SCOWL
  std::unique_ptr<german_headwords> headwords_;      // null without the reference works
  std::unique_ptr<rating_memory> memory_;
  std::unique_ptr<llm_pool> pool_;  // last: its callbacks use the memory
};

}  // namespace wordhall::judge
