#include "actors/cluster_bus.hpp"

#include <nats/nats.h>

#include "actors/secrets.hpp"
#include "storage/nats_connect.hpp"
#include "storage/nats_status.hpp"

namespace wordhall {

struct cluster_bus::connection : storage::jetstream_link {
  natsSubscription* replies = nullptr;
  ~connection() { natsSubscription_Destroy(replies); }
};

struct cluster_bus::subscription {
  message_handler handler;
  natsSubscription* sub = nullptr;
  ~subscription() { natsSubscription_Destroy(sub); }
};

namespace {

std::string message_text(natsMsg* msg) {
  const char* data = natsMsg_GetData(msg);
  return data ? std::string(data, static_cast<size_t>(natsMsg_GetDataLength(msg))) : std::string();
}

}  // namespace

storage::status cluster_bus::open(const std::string& url, std::unique_ptr<cluster_bus>* out) {
  auto nats = std::make_unique<connection>();
  auto connected = storage::connect_jetstream(url, std::chrono::seconds(5), &nats->nc, &nats->js);
  if (!connected.ok()) return connected;
  std::unique_ptr<cluster_bus> bus(new cluster_bus(std::move(nats)));
  natsStatus s = natsConnection_Subscribe(
      &bus->nats_->replies, bus->nats_->nc, (bus->inbox_ + "*").c_str(),
      [](natsConnection*, natsSubscription*, natsMsg* msg, void* closure) {
        auto* self = static_cast<cluster_bus*>(closure);
        std::string subject = natsMsg_GetSubject(msg);
        std::optional<std::string> reply;
        if (!natsMsg_IsNoResponders(msg)) reply = message_text(msg);
        natsMsg_Destroy(msg);
        self->on_reply(subject.substr(self->inbox_.size()), std::move(reply));
      },
      bus.get());
  if (s != NATS_OK) return storage::from_nats(s, "cluster bus replies");
  *out = std::move(bus);
  return storage::status::success();
}

cluster_bus::cluster_bus(std::unique_ptr<connection> nats)
    : nats_(std::move(nats)), inbox_("_INBOX.wh." + random_hex(12) + ".") {
  janitor_ = std::thread([this] { expire_requests(); });
}

cluster_bus::~cluster_bus() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  wake_.notify_one();
  janitor_.join();
  // Subscriptions first: their callbacks may still run until destroyed.
  std::vector<std::unique_ptr<subscription>> subs;
  {
    std::lock_guard<std::mutex> lock(mu_);
    subs.swap(subscriptions_);
  }
  for (auto& s : subs) natsSubscription_Unsubscribe(s->sub);
  subs.clear();
  natsSubscription_Unsubscribe(nats_->replies);
  nats_.reset();
  for (auto& [id, p] : pending_) p.done(std::nullopt);
}

storage::status cluster_bus::subscribe(const std::string& subject, message_handler on_message) {
  return queue_subscribe(subject, "", std::move(on_message));
}

storage::status cluster_bus::queue_subscribe(const std::string& subject, const std::string& queue,
                                             message_handler on_message) {
  auto sub = std::make_unique<subscription>();
  sub->handler = std::move(on_message);
  natsMsgHandler deliver = [](natsConnection*, natsSubscription*, natsMsg* msg, void* closure) {
    auto* self = static_cast<subscription*>(closure);
    std::string data = message_text(msg);
    const char* reply = natsMsg_GetReply(msg);
    std::string reply_to = reply ? reply : "";
    natsMsg_Destroy(msg);
    self->handler(std::move(data), std::move(reply_to));
  };
  natsStatus s = queue.empty()
                     ? natsConnection_Subscribe(&sub->sub, nats_->nc, subject.c_str(), deliver,
                                                sub.get())
                     : natsConnection_QueueSubscribe(&sub->sub, nats_->nc, subject.c_str(),
                                                     queue.c_str(), deliver, sub.get());
  if (s != NATS_OK) return storage::from_nats(s, "subscribe " + subject);
  // The server knows of the subscription once this returns: a request sent after it is heard.
  natsConnection_FlushTimeout(nats_->nc, 5000);
  std::lock_guard<std::mutex> lock(mu_);
  subscriptions_.push_back(std::move(sub));
  return storage::status::success();
}

void cluster_bus::publish(const std::string& subject, const std::string& data) {
  natsConnection_Publish(nats_->nc, subject.c_str(), data.data(), static_cast<int>(data.size()));
}

void cluster_bus::request(const std::string& subject, const std::string& data,
                          std::chrono::milliseconds timeout, reply_handler done) {
  std::string id;
  {
    std::lock_guard<std::mutex> lock(mu_);
    id = std::to_string(++next_request_);
    pending_[id] = {std::chrono::steady_clock::now() + timeout, std::move(done)};
  }
  natsStatus s = natsConnection_PublishRequest(nats_->nc, subject.c_str(), (inbox_ + id).c_str(),
                                               data.data(), static_cast<int>(data.size()));
  if (s != NATS_OK) on_reply(id, std::nullopt);
}

void cluster_bus::on_reply(const std::string& id, std::optional<std::string> reply) {
  reply_handler done;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = pending_.find(id);
    if (it == pending_.end()) return;  // answered twice, or too late
    done = std::move(it->second.done);
    pending_.erase(it);
  }
  done(std::move(reply));
}

void cluster_bus::expire_requests() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return stopping_; })) {
    auto now = std::chrono::steady_clock::now();
    std::vector<reply_handler> expired;
    for (auto it = pending_.begin(); it != pending_.end();) {
      if (it->second.deadline > now) {
        ++it;
        continue;
      }
      expired.push_back(std::move(it->second.done));
      it = pending_.erase(it);
    }
    lock.unlock();
    for (auto& done : expired) done(std::nullopt);
    lock.lock();
  }
}

}  // namespace wordhall
