// The session actor behind a WebSocket: commands for a subscribed match go straight to its actor,
// and still reach the match when that actor has crashed under the subscription.
#include <catch2/catch.hpp>

#include <simdjson.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>

#include "actors/ws_session.hpp"
#include "platform_harness.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall;
using namespace wordhall::testing;

namespace {

// The process edge: what the session would write to the browser, kept for the test to read.
class recorded_connection {
 public:
  void send(std::shared_ptr<const std::string> text) {
    std::lock_guard lock(mu_);
    frames_.push_back(*text);
    arrived_.notify_all();
  }

  // The next frame whose "type" is `type` (earlier frames of other types are dropped), or ""
  // after five seconds.
  std::string next(std::string_view type) {
    std::unique_lock lock(mu_);
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    for (;;) {
      while (!frames_.empty()) {
        std::string frame = std::move(frames_.front());
        frames_.pop_front();
        if (frame.find("\"type\":\"" + std::string(type) + "\"") != std::string::npos)
          return frame;
      }
      if (arrived_.wait_until(lock, until) == std::cv_status::timeout) return "";
    }
  }

 private:
  std::mutex mu_;
  std::condition_variable arrived_;
  std::deque<std::string> frames_;
};

std::string command_frame(int client_seq, const std::string& match, const std::string& token,
                    const std::string& body) {
  return R"({"type":"command","clientSeq":)" + std::to_string(client_seq) + R"(,"matchId":")" +
         match + R"(","token":")" + token + R"(","command":)" + body + "}";
}

// What the session writes through; it keeps the recording alive as a connection would be.
ws_send_fn writer(std::shared_ptr<recorded_connection> connection) {
  return [connection](std::shared_ptr<const std::string> text) { connection->send(std::move(text)); };
}

int64_t seq_of(const std::string& frame) {
  simdjson::dom::parser parser;
  int64_t seq = -1;
  if (parser.parse(frame).at_pointer("/seq").get(seq) != simdjson::SUCCESS) return -1;
  return seq;
}

}  // namespace

TEST_CASE("a subscribed session's commands reach the match, also after its actor crashed",
          "[actors]") {
  temp_dir dir;
  platform_harness h(dir.path());
  auto [id, created] = h.create("tictactoe", R"({"type":"create","name":"A"})");
  std::string a = token_of(created);
  std::string b = token_of(h.command(id, "", R"({"type":"join","name":"B"})"));
  auto connection = std::make_shared<recorded_connection>();
  auto session = open_ws_session(h.system(), h.directory(), writer(connection));
  session->on_message(R"({"type":"subscribe","matchId":")" + id + R"(","token":")" + a + R"("})");
  REQUIRE_FALSE(connection->next("snapshot").empty());

  session->on_message(command_frame(1, id, a, R"({"type":"place","cell":4})"));
  auto first = connection->next("ack");
  CHECK(first.find("\"clientSeq\":1") != std::string::npos);

  // The command races the news of the crash: either way it is decided by the new actor.
  caf::anon_send_exit(h.lookup(id), caf::exit_reason::kill);
  session->on_message(command_frame(2, id, b, R"({"type":"place","cell":0})"));
  auto second = connection->next("ack");
  INFO(second);
  CHECK(second.find("\"clientSeq\":2") != std::string::npos);
  CHECK(seq_of(second) == seq_of(first) + 1);  // one move each, none lost or repeated
  CHECK(h.inspect(id).last_seq == static_cast<uint64_t>(seq_of(second)));
  session->on_close();
}

TEST_CASE("a session's errors carry the frame's clientSeq, also when the frame is not JSON",
          "[actors]") {
  temp_dir dir;
  platform_harness h(dir.path());
  auto connection = std::make_shared<recorded_connection>();
  auto session = open_ws_session(h.system(), h.directory(), writer(connection));

  session->on_message(
      R"({"type":"command","clientSeq":5,"game":"tictactoe","command":{"type":"create","n":123456789012345678901234567890}})");
  auto big = connection->next("error");
  INFO(big);
  CHECK(big.find("\"clientSeq\":5") != std::string::npos);
  CHECK(big.find("\"code\":\"number_out_of_range\"") != std::string::npos);

  session->on_message("{\"type\":\"command\",\"clientSeq\":6,\"command\":{\"name\":\"\xff\"}}");
  auto bytes = connection->next("error");
  INFO(bytes);
  CHECK(bytes.find("\"clientSeq\":6") != std::string::npos);
  CHECK(bytes.find("\"code\":\"bad_json\"") != std::string::npos);

  session->on_message(R"({"type":"shout","clientSeq":7})");
  auto unknown = connection->next("error");
  CHECK(unknown.find("\"clientSeq\":7") != std::string::npos);
  CHECK(unknown.find("\"code\":\"unknown_type\"") != std::string::npos);
  session->on_close();
}
