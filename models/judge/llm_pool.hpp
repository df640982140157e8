// llm_pool: rates words with a chat-completions model, a few requests at a time, first come
// first served.
//
// `submit` queues a request and returns at once. Exactly `concurrency` worker threads take
// requests from the front of the queue, so requests start in the order they were submitted and
// never more than `concurrency` are in flight. A request is one POST of all its words
// (mistral_protocol) and up to `max_attempts` attempts:
//   2xx with a valid reply          done: the ratings
//   2xx with an invalid reply       retry after a backoff (the model may do better next time)
//   429, 408, 5xx, transport error  retry after the server's Retry-After (capped at
//                                   max_retry_after) or else after a backoff
//   any other 4xx (401 bad key ...) fail at once: asking again cannot help
// Backoffs double from `backoff` (500 ms, 1 s, ...). After the last failed attempt the callback
// gets the last error, its message saying how often it was tried ("HTTP 500 after 3 attempts").
// Codes: the reply codes of mistral_protocol, the transport codes of http_post, and
//   llm_http_error  the server kept answering with an error status
//   llm_rejected    a 4xx that retrying cannot fix
//   llm_shutdown    the pool was destroyed before the request finished
// Callbacks run on a worker thread (llm_shutdown ones on the destroying thread), exactly once
// each. The destructor cancels what is in flight and joins the workers.
//
// With llm_config::slots, every POST also holds one of those slots while it is in flight,
// so pools in several processes that share them (the nodes of a cluster) have at most the slots'
// count of POSTs in flight together; a Retry-After or backoff wait holds none.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "events/result.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {

// A limit on POSTs in flight shared with other processes (actors/cluster_llm_slots.hpp).
class shared_slots {
 public:
  virtual ~shared_slots() = default;
  // Blocks until one of the slots is the caller's and returns its name; nullopt once `stop` is
  // set first.
  virtual std::optional<std::string> enter(const std::atomic<bool>& stop) = 0;
  // Gives back a slot enter() returned.
  virtual void leave(const std::string& slot) = 0;
};

struct llm_config {
  std::string base_url = "https://api.mistral.ai/v1";  // requests go to base_url + "/chat/completions"
  std::string api_key;                                 // empty: no Authorization header
  std::string model = "mistral-large-latest";
  int concurrency = 2;  // CONCURRENT_LLM_REQUESTS
  int max_attempts = 3;
  std::chrono::milliseconds backoff{500};
  std::chrono::milliseconds max_retry_after{30'000};
  std::chrono::milliseconds request_timeout{60'000};
  std::shared_ptr<shared_slots> slots;  // none: the limit is this pool's `concurrency`
  // One line per request outcome (what, details), for the server log: counts, statuses and
  // codes only, never words or keys. Called from worker threads; may be empty.
  std::function<void(std::string_view, std::string_view)> log;
};

struct llm_pool_stats {
  uint64_t submitted = 0;
  uint64_t completed = 0;  // finished with ratings
  uint64_t failed = 0;     // finished with an error
  uint64_t attempts = 0;   // POSTs sent
  int in_flight = 0;       // requests a worker holds right now
  int max_in_flight = 0;   // the most ever held at once
  std::size_t queued = 0;  // waiting for a worker
};

class http_poster;

using ratings_callback = std::function<void(result<std::vector<word_rating>>)>;

class llm_pool {
 public:
  explicit llm_pool(llm_config config);
  ~llm_pool();
  llm_pool(const llm_pool&) = delete;
  llm_pool& operator=(const llm_pool&) = delete;

  // Queues a request to rate `words` (distinct after normalise_word, sent as given).
  void submit(std::vector<std::string> words, ratings_callback done);

  llm_pool_stats stats() const;
  const llm_config& config() const { return config_; }

 private:
  struct job {
    std::vector<std::string> words;
    ratings_callback done;
  };

  void work();
  result<std::vector<word_rating>> run(const job& j, http_poster& poster);
  // Sleeps for `delay` unless the pool stops first; false when it stopped.
  bool pause(std::chrono::milliseconds delay);
  void log(std::string_view what, const std::string& details) const;

  const llm_config config_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;     // work queued, or stopping: idle workers
  std::condition_variable stopped_;  // stopping: workers sleeping before a retry
  std::deque<job> queue_;
  llm_pool_stats stats_;
  bool stopping_ = false;
  std::atomic<bool> cancel_{false};  // read by in-flight transfers
  std::vector<std::thread> workers_;  // last: started once the rest exists
};

}  // namespace wordhall::judge
