// cluster_bus: this node's line to the other nodes of a cluster, over core NATS (subjects,
// request/reply), beside the journal's JetStream connection.
//
// Contract:
//   - subscribe(subject, on_message): `on_message(data, reply_to)` runs on the client's thread
//     for that subscription, one message at a time, in the order the messages were published by
//     any one sender. It must be quick (hand the message to an actor). reply_to is empty for a
//     message that expects no answer.
//   - queue_subscribe(subject, queue, on_message) is subscribe shared with the other members of
//     the queue group: NATS hands each message to one of them.
//   - publish(subject, data) sends and forgets: nothing reports whether anybody received it.
//   - request(subject, data, timeout, done) calls `done` exactly once, from a client thread: with
//     the first reply, or with nullopt when nobody answered within `timeout` or nobody listens on
//     `subject` (a node that died). Whether a request that got no answer was acted on is
//     unknown, as with any lost reply.
//   - While NATS cannot be reached, publishes fail silently and requests get nullopt at once;
//     the connection reconnects by itself.
// Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "storage/status.hpp"

namespace wordhall {

class cluster_bus {
 public:
  using message_handler = std::function<void(std::string data, std::string reply_to)>;
  using reply_handler = std::function<void(std::optional<std::string> reply)>;

  // `url`: comma-separated NATS server URLs. unavailable when none answers.
  static storage::status open(const std::string& url, std::unique_ptr<cluster_bus>* out);
  ~cluster_bus();
  cluster_bus(const cluster_bus&) = delete;
  cluster_bus& operator=(const cluster_bus&) = delete;

  storage::status subscribe(const std::string& subject, message_handler on_message);
  // As subscribe, in queue group `queue`: each message goes to one member of the group.
  storage::status queue_subscribe(const std::string& subject, const std::string& queue,
                                  message_handler on_message);
  void publish(const std::string& subject, const std::string& data);
  void request(const std::string& subject, const std::string& data,
               std::chrono::milliseconds timeout, reply_handler done);

 private:
  struct connection;
  struct subscription;
  struct pending_request {
    std::chrono::steady_clock::time_point deadline;
    reply_handler done;
  };

  explicit cluster_bus(std::unique_ptr<connection> nats);
  void on_reply(const std::string& id, std::optional<std::string> reply);
  void expire_requests();

  std::unique_ptr<connection> nats_;
  std::string inbox_;  // replies come to inbox_ + request id
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;                             // guarded by mu_
  uint64_t next_request_ = 0;                         // guarded by mu_
  std::map<std::string, pending_request> pending_;    // guarded by mu_
  std::vector<std::unique_ptr<subscription>> subscriptions_;  // guarded by mu_
  std::thread janitor_;  // fails requests whose time ran out
};

}  // namespace wordhall
