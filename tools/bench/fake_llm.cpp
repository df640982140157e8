// fake_llm: a stand-in for Mistral (any OpenAI-compatible chat-completions server) for load
// benchmarks. Every POST /v1/chat/completions is answered after --delay-ms with a valid rating
// of exactly the words asked, each scored by judge::test::fake_score (deterministic), in the
// reply shape of tests/judge/fake_mistral.hpp. The delay is an asio timer, so no io thread waits
// and any number of requests may be held at once. Counters: tools/bench/fake_llm_stats.hpp.
//
//   fake_llm [--host 127.0.0.1] [--port 0] [--delay-ms 200] [--threads 2]
//
// Prints `fake_llm listening url=http://HOST:PORT/v1 port=PORT delay_ms=D` once it listens (the
// port is the bound one when --port 0), then serves until SIGTERM or SIGINT.
#include <signal.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "http/router.hpp"
#include "http/server.hpp"
#include "tests/judge/fake_mistral.hpp"
#include "tools/bench/fake_llm_stats.hpp"

namespace wordhall::loadgen {
namespace {

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The words of a rating request: the JSON text of the user message holds {"words":[...]}
// (models/judge/mistral_protocol.hpp). False when the body is not such a request.
bool asked_words(const std::string& body, std::vector<std::string>& words) {
  simdjson::dom::parser outer, inner;
  simdjson::dom::array messages;
  if (outer.parse(body)["messages"].get(messages)) return false;
  for (auto m : messages) {
    std::string_view role, content;
    if (m["role"].get(role) || role != "user" || m["content"].get(content)) continue;
    simdjson::dom::array list;
    if (inner.parse(std::string(content))["words"].get(list)) return false;
    for (auto w : list) {
      std::string_view text;
      if (w.get(text)) return false;
      words.emplace_back(text);
    }
    return !words.empty();
  }
  return false;
}

class fake_llm {
 public:
  explicit fake_llm(std::chrono::milliseconds delay)
      : delay_(delay), work_(boost::asio::make_work_guard(timers_)) {
    stats_.delay_ms = delay.count();
    timer_thread_ = std::thread([this] { timers_.run(); });
  }
  ~fake_llm() {
    work_.reset();
    timers_.stop();
    timer_thread_.join();
  }

  void add_routes(http::router& routes) {
    routes.add("POST", "/v1/chat/completions",
               [this](const http::request& req, const auto&, http::respond_fn respond) {
                 on_completion(req, std::move(respond));
               });
    routes.add("GET", "/stats", [this](const http::request& req, const auto&, http::respond_fn respond) {
      std::lock_guard lock(mu_);
      respond(http::json_response(200, fake_llm_stats_json(stats_, req.query.count("log") > 0)));
    });
    routes.add("POST", "/stats/reset", [this](const http::request&, const auto&, http::respond_fn respond) {
      {
        std::lock_guard lock(mu_);
        fake_llm_stats fresh;
        fresh.delay_ms = stats_.delay_ms;
        fresh.in_flight = fresh.max_in_flight = stats_.in_flight;
        stats_ = std::move(fresh);
      }
      respond(http::json_response(200, "{}"));
    });
  }

 private:
  void on_completion(const http::request& req, http::respond_fn respond) {
    std::vector<std::string> words;
    if (!asked_words(req.body, words)) {
      {
        std::lock_guard lock(mu_);
        ++stats_.bad_requests;
      }
      return respond(http::error_response(400, "invalid_request", "no words to rate in the request"));
    }
    {
      std::lock_guard lock(mu_);
      if (stats_.requests++ == 0) stats_.first_request_ns = now_ns();
      stats_.max_in_flight = std::max(stats_.max_in_flight, ++stats_.in_flight);
    }
    http::response res = http::json_response(
        200, judge::test::chat_reply(judge::test::evaluations(words, judge::test::fake_score)));
    auto timer = std::make_shared<boost::asio::steady_timer>(timers_, delay_);
    timer->async_wait([this, timer, words = std::move(words), res = std::move(res),
                       respond = std::move(respond)](boost::system::error_code) mutable {
      {
        std::lock_guard lock(mu_);
        --stats_.in_flight;
        ++stats_.replies;
        stats_.last_reply_ns = now_ns();
        stats_.log.push_back({std::move(words), stats_.last_reply_ns});
      }
      respond(std::move(res));
    });
  }

  const std::chrono::milliseconds delay_;
  boost::asio::io_context timers_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::thread timer_thread_;
  std::mutex mu_;
  fake_llm_stats stats_;
};

}  // namespace
}  // namespace wordhall::loadgen

int main(int argc, char** argv) {
  using namespace wordhall;
  http::server_options options;
  options.port = 0;
  int delay_ms = 200;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    try {
      if (a == "--host" && value) options.host = argv[++i];
      else if (a == "--port" && value) options.port = static_cast<uint16_t>(std::stoi(argv[++i]));
      else if (a == "--delay-ms" && value) delay_ms = std::stoi(argv[++i]);
      else if (a == "--threads" && value) options.threads = std::stoi(argv[++i]);
      else throw std::invalid_argument(a);
    } catch (const std::exception&) {
      std::fprintf(stderr, "usage: fake_llm [--host H] [--port N (0: any)] [--delay-ms D] [--threads T]\n");
      return 2;
    }
  }
  if (delay_ms < 0 || options.threads < 1) {
    std::fprintf(stderr, "fake_llm: --delay-ms must be >= 0 and --threads >= 1\n");
    return 2;
  }

  // Threads started from here on inherit the mask, so only sigwait below sees these signals.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  loadgen::fake_llm llm{std::chrono::milliseconds(delay_ms)};
  http::router routes;
  llm.add_routes(routes);
  http::server server(options, routes, nullptr);
  try {
    server.start();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fake_llm: %s\n", e.what());
    return 1;
  }
  std::printf("fake_llm listening url=http://%s:%u/v1 port=%u delay_ms=%d\n", options.host.c_str(),
              server.port(), server.port(), delay_ms);
  std::fflush(stdout);
  int sig = 0;
  sigwait(&stop_signals, &sig);
  server.stop();  // before the timers: a held request's respond_fn then does nothing
  return 0;
}
