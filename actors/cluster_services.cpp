#include "actors/cluster_services.hpp"

#include "actors/cluster_protocol.hpp"

namespace wordhall {

std::string service_subject(std::string_view service) {
  return "wh.svc." + std::string(service);
}

void remote_effects::run(const std::string& service, const std::string& payload,
                         effect_done done) {
  auto started = std::chrono::steady_clock::now();
  bus_.request(service_subject(service), payload, timeout_,
               [done = std::move(done), started, timeout = timeout_](std::optional<std::string> reply) {
                 if (!reply) {
                   // The bus answers at once when nobody listens, and after the timeout when
                   // a worker took the request and never replied.
                   bool waited = std::chrono::steady_clock::now() - started >= timeout;
                   return done(waited ? effect_failure("worker_silent",
                                                       "The cluster's worker did not answer in "
                                                       "time. Try again in a moment.")
                                      : effect_failure("no_worker",
                                                       "No worker of the cluster is running. "
                                                       "Try again in a moment."));
                 }
                 auto m = decode_wire_message(*reply);
                 if (!m || m->kind != "effect")
                   return done(effect_failure("worker_silent",
                                              "The cluster's worker answered something else. "
                                              "Try again in a moment."));
                 effect_outcome out;
                 out.ok = m->ok;
                 out.result = m->reply.empty() ? "{}" : m->reply;
                 out.error_code = m->code;
                 out.error_message = m->message;
                 done(std::move(out));
               });
}

storage::status serve_effects(cluster_bus& bus, effect_runner& local,
                              const std::vector<std::string>& services) {
  for (const auto& service : services) {
    auto st = bus.queue_subscribe(
        service_subject(service), "wh-workers",
        [&bus, &local, service](std::string payload, std::string reply_to) {
          local.run(service, payload, [&bus, reply_to](effect_outcome out) {
            if (reply_to.empty()) return;
            wire_message m;
            m.kind = "effect";
            m.ok = out.ok;
            if (out.ok) m.reply = out.result;
            m.code = out.error_code;
            m.message = out.error_message;
            bus.publish(reply_to, encode_wire_message(m));
          });
        });
    if (!st.ok()) return st;
  }
  return storage::status::success();
}

}  // namespace wordhall
