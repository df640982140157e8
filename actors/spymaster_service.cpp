#include "actors/spymaster_service.hpp"

#include <exception>
#include <utility>
#include <vector>

#include "actors/log.hpp"
#include "events/json_writer.hpp"
#include "models/codenames/spymaster_json.hpp"

namespace wordhall {
namespace {

struct waiting_clue {
  codenames::board_view board;
  caf::response_promise promise;
};

struct spymaster_state {
  std::shared_ptr<const codenames::spymaster> spymaster;
  spymaster_service_options options;
  std::vector<waiting_clue> queue;
  bool flush_sent = false;
  spymaster_service_stats stats;
  static inline const char* name = "spymaster_service";
};

clue_reply failed(std::string code, std::string message) {
  clue_reply reply;
  reply.failure = make_error(std::move(code), std::move(message));
  return reply;
}

// Answers up to max_batch queued requests with one give_clues call.
void answer_batch(spymaster_state& state) {
  const size_t n = std::min(state.queue.size(), state.options.max_batch);
  std::vector<waiting_clue> batch(std::make_move_iterator(state.queue.begin()),
                                  std::make_move_iterator(state.queue.begin() + n));
  state.queue.erase(state.queue.begin(), state.queue.begin() + n);
  std::vector<codenames::board_view> boards;
  boards.reserve(n);
  for (auto& w : batch) boards.push_back(std::move(w.board));
  std::vector<clue_reply> replies;
  try {
    auto clues = state.spymaster->give_clues(boards);
    for (auto& c : clues) {
      clue_reply reply;
      reply.ok = c.ok();
      if (c) reply.value = std::move(c).value();
      else reply.failure = c.err();
      replies.push_back(std::move(reply));
    }
    if (replies.size() != n) throw std::runtime_error("the spymaster answered the wrong count");
  } catch (const std::exception& e) {
    log_line("spymaster_failed", e.what());
    replies.assign(n, failed("spymaster_failed", std::string("the spymaster failed: ") + e.what()));
  }
  for (size_t i = 0; i < n; ++i) {
    replies[i].spymaster = state.stats.spymaster;
    batch[i].promise.deliver(std::move(replies[i]));
  }
  state.stats.clues += n;
  state.stats.batches += 1;
  state.stats.largest_batch = std::max<uint64_t>(state.stats.largest_batch, n);
}

caf::behavior spymaster_service(caf::stateful_actor<spymaster_state>* self,
                                std::shared_ptr<const codenames::spymaster> spymaster,
                                spymaster_service_options options) {
  self->state.spymaster = std::move(spymaster);
  self->state.options = options;
  if (self->state.options.max_batch == 0) self->state.options.max_batch = 1;
  self->state.stats.spymaster = self->state.spymaster->name();

  self->set_exit_handler([self](caf::exit_msg& msg) {
    for (auto& w : self->state.queue)
      w.promise.deliver(failed("spymaster_unavailable", "the spymaster stopped"));
    self->state.queue.clear();
    self->quit(msg.reason);
  });

  return {
      [self](give_clue_atom, codenames::board_view& board) {
        auto promise = self->make_response_promise();
        self->state.queue.push_back(waiting_clue{std::move(board), promise});
        // The flush message queues behind every request already in the mailbox: those join
        // this batch, and a lone request is answered as soon as the flush comes round.
        if (!self->state.flush_sent) {
          self->state.flush_sent = true;
          self->send(self, flush_clues_atom::value);
        }
        return promise;
      },
      [self](flush_clues_atom) {
        self->state.flush_sent = false;
        answer_batch(self->state);
        if (!self->state.queue.empty()) {
          self->state.flush_sent = true;
          self->send(self, flush_clues_atom::value);
        }
      },
      [self](spymaster_stats_atom) { return self->state.stats; },
  };
}

}  // namespace

std::string clue_result_json(const codenames::clue& given, const std::string& spymaster) {
  json_writer out;
  out.begin_object().field("clue", given.word).field("number", given.number);
  out.key("targets").begin_array();
  for (const auto& t : given.targets) out.value(t);
  out.end_array().field("spymaster", spymaster).end_object();
  return out.take();
}

caf::actor spawn_spymaster_service(caf::actor_system& system,
                                   std::shared_ptr<const codenames::spymaster> spymaster,
                                   spymaster_service_options options) {
  return system.spawn<caf::detached>(spymaster_service, std::move(spymaster), options);
}

spymaster_effects::spymaster_effects(caf::actor_system& system, caf::actor service, bool owned)
    : system_(system), service_(std::move(service)), owned_(owned) {}

spymaster_effects::spymaster_effects(caf::actor_system& system, error why)
    : system_(system), unavailable_(std::move(why)) {}

spymaster_effects::~spymaster_effects() {
  if (owned_ && service_) caf::anon_send_exit(service_, caf::exit_reason::user_shutdown);
}

void spymaster_effects::run(const std::string& service, const std::string& payload,
                            effect_done done) {
  if (service != clue_service)
    return done(effect_failure("unknown_effect", "no effect service \"" + service + "\""));
  if (!service_)
    return done(effect_failure("spymaster_unavailable",
                        "no spymaster is loaded: " + unavailable_.message));
  auto board = codenames::parse_board_json(payload);
  if (!board) return done(effect_failure("bad_effect_payload", board.err().message));
  system_.spawn([worker = service_, board = std::move(board).value(),
                 done](caf::event_based_actor* self) {
    self->request(worker, caf::infinite, give_clue_atom::value, board)
        .then(
            [done](const clue_reply& reply) {
              if (!reply.ok) return done(effect_failure(reply.failure.code, reply.failure.message));
              effect_outcome out;
              out.ok = true;
              out.result = clue_result_json(reply.value, reply.spymaster);
              done(std::move(out));
            },
            [done](caf::error&) {
              done(effect_failure("spymaster_unavailable", "the spymaster is not running"));
            });
  });
}

spymaster_service_stats spymaster_effects::stats() {
  spymaster_service_stats out;
  if (!service_) return out;
  caf::scoped_actor self{system_};
  self->request(service_, std::chrono::seconds(5), spymaster_stats_atom::value)
      .receive([&](const spymaster_service_stats& s) { out = s; }, [](caf::error&) {});
  return out;
}

std::unique_ptr<spymaster_effects> make_spymaster_effects(
    caf::actor_system& system, result<std::shared_ptr<const codenames::spymaster>> loaded,
    spymaster_service_options options) {
  if (!loaded) return std::make_unique<spymaster_effects>(system, loaded.err());
  return std::make_unique<spymaster_effects>(
      system, spawn_spymaster_service(system, std::move(loaded).value(), options), true);
}

}  // namespace wordhall
