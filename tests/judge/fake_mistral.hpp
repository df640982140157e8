// fake_mistral: a real HTTP server on 127.0.0.1 that answers POST /v1/chat/completions like
// Mistral, or like Mistral on a bad day, as a test scripts it.
//
// Each request takes the next scripted `step` (when none is left: a valid rating of the asked
// words). A step may answer late (the delay runs on the server's timer thread, not an io thread,
// so late answers overlap), with any status, extra headers (Retry-After) and any body. The server
// records what it saw: every request's words, in arrival order, its Authorization header and body,
// and the most requests it held unanswered at once.
#pragma once

#include <simdjson.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "events/json_writer.hpp"
#include "http/router.hpp"
#include "http/server.hpp"

namespace wordhall::judge::test {

using namespace std::chrono_literals;

// A chat completion as Mistral sends it (every field its SDK requires), CONTENT as a JSON string:
// {"id":..,"object":"chat.completion","created":..,"model":..,"usage":{..},
//  "choices":[{"index":0,"message":{"role":"assistant","content":CONTENT},"finish_reason":"stop"}]}
inline std::string chat_reply(const std::string& content) {
  json_writer out;
  out.begin_object().field("id", "cmpl-test").field("object", "chat.completion");
  out.field("created", 1763790000).field("model", "mistral-large-latest");
  out.key("usage").begin_object().field("prompt_tokens", 120).field("completion_tokens", 40);
  out.field("total_tokens", 160).end_object();
  out.key("choices").begin_array().begin_object().field("index", 0);
  out.key("message").begin_object().field("role", "assistant").field("content", content).end_object();
  out.field("finish_reason", "stop").end_object().end_array().end_object();
  return out.take();
}

// The content of a valid rating: each word scored `score(word)`.
inline std::string evaluations(const std::vector<std::string>& words,
                               const std::function<int(const std::string&)>& score) {
  json_writer out;
  out.begin_object().key("evaluations").begin_array();
  for (auto& w : words)
    out.begin_object()
        .field("word", w)
        .field("score", score(w))
        .field("explanation", "Ein schönes Wort: " + w + ".")
        .end_object();
  out.end_array().end_object();
  return out.take();
}

// A deterministic score per word, so tests can check which reply a word got.
inline int fake_score(const std::string& word) { return 10 + static_cast<int>(word.size() * 7 % 80); }

struct step {
  std::chrono::milliseconds delay{0};
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  // The body for the asked words; empty: a valid rating with fake_score.
  std::function<std::string(const std::vector<std::string>& words)> body;
};

// A valid rating, answered after `delay`.
inline step delayed(std::chrono::milliseconds delay) {
  step s;
  s.delay = delay;
  return s;
}

class fake_mistral {
 public:
  fake_mistral() : timer_([this] { run_timer(); }) {
    routes_.add("POST", "/v1/chat/completions",
                [this](const http::request& req, const auto&, http::respond_fn respond) {
                  on_request(req, std::move(respond));
                });
    http::server_options options;
    options.port = 0;
    options.threads = 2;
    server_ = std::make_unique<http::server>(options, routes_, nullptr);
    server_->start();
  }
  ~fake_mistral() {
    server_->stop();
    {
      std::lock_guard lock{mutex_};
      stopping_ = true;
    }
    timer_cv_.notify_all();
    timer_.join();
  }

  std::string base_url() const { return "http://127.0.0.1:" + std::to_string(server_->port()) + "/v1"; }

  void script(std::vector<step> steps) {
    std::lock_guard lock{mutex_};
    for (auto& s : steps) steps_.push_back(std::move(s));
  }
  // Every request not scripted answers after `delay`.
  void default_delay(std::chrono::milliseconds delay) {
    std::lock_guard lock{mutex_};
    default_delay_ = delay;
  }

  std::vector<std::vector<std::string>> requests() const {
    std::lock_guard lock{mutex_};
    return words_;
  }
  std::size_t request_count() const {
    std::lock_guard lock{mutex_};
    return words_.size();
  }
  std::vector<std::string> bodies() const {
    std::lock_guard lock{mutex_};
    return bodies_;
  }
  std::vector<std::string> authorizations() const {
    std::lock_guard lock{mutex_};
    return authorizations_;
  }
  int max_in_flight() const { return max_in_flight_; }

 private:
  struct due {
    std::chrono::steady_clock::time_point at;
    std::function<void()> answer;
  };

  static std::vector<std::string> asked_words(const std::string& body) {
    std::vector<std::string> words;
    simdjson::dom::parser outer, inner;
    std::string_view content;
    if (outer.parse(body)["messages"].at(1)["content"].get(content)) return words;
    simdjson::dom::array list;
    if (inner.parse(std::string(content))["words"].get(list)) return words;
    for (auto w : list) {
      std::string_view text;
      if (!w.get(text)) words.emplace_back(text);
    }
    return words;
  }

  void on_request(const http::request& req, http::respond_fn respond) {
    auto words = asked_words(req.body);
    step s;
    {
      std::lock_guard lock{mutex_};
      words_.push_back(words);
      bodies_.push_back(req.body);
      authorizations_.push_back(req.authorization);
      if (!steps_.empty()) {
        s = std::move(steps_.front());
        steps_.pop_front();
      } else {
        s.delay = default_delay_;
      }
    }
    int now = ++in_flight_;
    for (int seen = max_in_flight_; now > seen && !max_in_flight_.compare_exchange_weak(seen, now);) {
    }
    http::response res;
    res.status = s.status;
    res.headers = s.headers;
    res.body = s.body ? s.body(words) : chat_reply(evaluations(words, fake_score));
    auto answer = [this, respond = std::move(respond), res = std::move(res)]() mutable {
      --in_flight_;
      respond(std::move(res));
    };
    if (s.delay.count() == 0) return answer();
    {
      std::lock_guard lock{mutex_};
      due_.push_back({std::chrono::steady_clock::now() + s.delay, std::move(answer)});
    }
    timer_cv_.notify_all();
  }

  void run_timer() {
    std::unique_lock lock{mutex_};
    while (!stopping_) {
      auto next = std::min_element(due_.begin(), due_.end(),
                                   [](const due& a, const due& b) { return a.at < b.at; });
      if (next == due_.end()) {
        timer_cv_.wait(lock);
        continue;
      }
      if (auto at = next->at; std::chrono::steady_clock::now() < at) {
        timer_cv_.wait_until(lock, at);  // a copy: due_ may grow (and move) while this waits
        continue;
      }
      auto answer = std::move(next->answer);
      due_.erase(next);
      lock.unlock();
      answer();
      lock.lock();
    }
  }

  mutable std::mutex mutex_;
  std::deque<step> steps_;
  std::chrono::milliseconds default_delay_{0};
  std::vector<std::vector<std::string>> words_;
  std::vector<std::string> bodies_;
  std::vector<std::string> authorizations_;
  std::atomic<int> in_flight_{0};
  std::atomic<int> max_in_flight_{0};
  std::vector<due> due_;
  bool stopping_ = false;
  std::condition_variable timer_cv_;
  std::thread timer_;
  http::router routes_;
  std::unique_ptr<http::server> server_;  // last: stopped before what its handlers use
};

// Polls `condition` until it holds or `limit` passes.
template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds limit = 3s) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

}  // namespace wordhall::judge::test
