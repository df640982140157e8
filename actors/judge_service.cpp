#include "actors/judge_service.hpp"

#include <unordered_map>

#include "actors/log.hpp"
#include "events/json_read.hpp"

namespace wordhall {
namespace {

struct judge_state {
  std::unique_ptr<judge::word_judge> judge;
  uint64_t next_id = 0;
  std::unordered_map<uint64_t, caf::response_promise> pending;
  static inline const char* name = "judge_service";
};

judge_reply to_reply(result<judge::judgement> r) {
  judge_reply reply;
  reply.ok = r.ok();
  if (r) reply.value = std::move(*r);
  else reply.failure = r.err();
  return reply;
}

caf::behavior judge_service(caf::stateful_actor<judge_state>* self, judge::judge_config config,
                            std::function<void()> on_loaded) {
  auto started = std::chrono::steady_clock::now();
  self->state.judge = std::make_unique<judge::word_judge>(std::move(config));
  auto& judge = *self->state.judge;
  for (auto& w : judge.warnings()) log_line("judge_warning", w);
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started);
  log_line("judge_ready", "judge=" + judge.name() + " remembered=" +
                              std::to_string(judge.memory().size()) +
                              " ms=" + std::to_string(static_cast<int>(ms.count())));
  if (on_loaded) on_loaded();

  self->set_exit_handler([self](caf::exit_msg& msg) {
    for (auto& [id, promise] : self->state.pending)
      promise.deliver(judge_reply{false, {}, make_error("llm_shutdown", "the judge stopped")});
    self->state.pending.clear();
    self->quit(msg.reason);
  });

  return {
      [self](rate_words_atom, const std::vector<std::string>& words) {
        auto id = ++self->state.next_id;
        auto promise = self->make_response_promise();
        self->state.pending.emplace(id, promise);
        auto weak = caf::actor_cast<caf::weak_actor_ptr>(self);
        // Runs here (remembered or offline words) or on a pool thread; either way the answer
        // comes back as a message, so only this actor touches its promises.
        self->state.judge->rate(words, [weak, id](result<judge::judgement> r) {
          if (auto strong = caf::actor_cast<caf::actor>(weak))
            caf::anon_send(strong, judge_rated_atom::value, id, to_reply(std::move(r)));
        });
        return promise;
      },
      [self](judge_rated_atom, uint64_t id, judge_reply& reply) {
        auto it = self->state.pending.find(id);
        if (it == self->state.pending.end()) return;
        it->second.deliver(std::move(reply));
        self->state.pending.erase(it);
      },
      [self](judge_stats_atom) {
        auto& judge = *self->state.judge;
        return judge_service_stats{judge.name(), judge.pool_stats(), judge.memory().size()};
      },
  };
}

effect_outcome to_outcome(const judge_reply& reply) {
  if (!reply.ok) return effect_failure(reply.failure.code, reply.failure.message);
  effect_outcome out;
  out.ok = true;
  out.result = judge::judgement_json(reply.value);
  return out;
}

// {"words":["HAUS","MAUS"]}
result<std::vector<std::string>> payload_words(const std::string& payload) {
  auto bad = [](const std::string& why) { return make_error("bad_effect_payload", why); };
  auto doc = json_document::parse(payload);
  if (!doc) return bad(doc.err().message);
  simdjson::dom::element list;
  if (doc->root()["words"].get(list) || !list.is_array())
    return bad("the payload needs \"words\": an array of strings");
  std::vector<std::string> words;
  for (auto w : array_of(list)) {
    std::string_view text;
    if (w.get(text)) return bad("every word must be a string");
    words.emplace_back(text);
  }
  return words;
}

}  // namespace

judge::judge_config judge_config_from_settings(const settings& s,
                                               const std::function<const char*(const char*)>& getenv) {
  judge::judge_config base;
  base.llm.concurrency = static_cast<int>(s.llm_concurrency);
  base.german.word_list = s.german_words;
  base.german.thesaurus = s.german_thesaurus;
  base.german.translations = s.german_translations;
  base.german.corpus = s.german_corpus;
  base.german.scowl_dir = s.scowl_dir;
  base.ratings_file = s.ratings_file.empty() ? s.data_dir + "/ratings.jsonl" : s.ratings_file;
  return judge::judge_config_from_env(getenv, std::move(base));
}

caf::actor spawn_judge_service(caf::actor_system& system, judge::judge_config config,
                               std::function<void()> on_loaded) {
  if (!config.llm.log)
    config.llm.log = [](std::string_view what, std::string_view details) { log_line(what, details); };
  return system.spawn<caf::detached>(judge_service, std::move(config), std::move(on_loaded));
}

judge_effects::judge_effects(caf::actor_system& system, caf::actor service, bool owned)
    : system_(system), service_(std::move(service)), owned_(owned) {}

judge_effects::~judge_effects() {
  if (owned_ && service_) caf::anon_send_exit(service_, caf::exit_reason::user_shutdown);
}

void judge_effects::run(const std::string& service, const std::string& payload, effect_done done) {
  if (service != rate_service)
    return done(effect_failure("unknown_effect", "no effect service \"" + service + "\""));
  auto words = payload_words(payload);
  if (!words) return done(effect_failure(words.err().code, words.err().message));
  system_.spawn([judge = service_, words = std::move(*words), done](caf::event_based_actor* self) {
    self->request(judge, caf::infinite, rate_words_atom::value, words)
        .then([done](const judge_reply& reply) { done(to_outcome(reply)); },
              [done](caf::error&) {
                done(effect_failure("judge_unavailable", "the judge is not running"));
              });
  });
}

judge_service_stats judge_effects::stats() {
  judge_service_stats out;
  caf::scoped_actor self{system_};
  self->request(service_, std::chrono::seconds(5), judge_stats_atom::value)
      .receive([&](const judge_service_stats& s) { out = s; }, [](caf::error&) {});
  return out;
}

std::unique_ptr<judge_effects> make_judge_effects(caf::actor_system& system,
                                                  judge::judge_config config,
                                                  std::function<void()> on_loaded) {
  return std::make_unique<judge_effects>(
      system, spawn_judge_service(system, std::move(config), std::move(on_loaded)), true);
}

}  // namespace wordhall
