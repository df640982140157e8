// platform_harness: the real shell (journal, group commit, actor system, match directory) on a
// temp dir, with blocking helpers for tests.
#pragma once

#include <caf/all.hpp>

#include <memory>
#include <string>

#include "actors/actor_system_setup.hpp"
#include "actors/match_directory.hpp"
#include "actors/messages.hpp"
#include "actors/secrets.hpp"
#include "events/game_registry.hpp"
#include "storage/rocksdb_journal.hpp"

namespace wordhall::testing {

class platform_harness {
 public:
  explicit platform_harness(const std::string& dir, platform_settings settings = {}) {
    auto st = storage::rocksdb_journal::open(dir + "/journal", {}, &journal_);
    if (!st.ok()) throw std::runtime_error(st.message());
    committer_ = std::make_unique<storage::group_commit>(*journal_);
    services_.journal = journal_.get();
    services_.committer = committer_.get();
    services_.games = &games_;
    services_.metrics = &metrics_;
    services_.settings = settings;
    configure_actor_system(config_, 2);
    system_ = std::make_unique<caf::actor_system>(config_);
    directory_ = system_->spawn<match_directory>(&services_);
  }

  ~platform_harness() {
    caf::anon_send_exit(directory_, caf::exit_reason::user_shutdown);
    directory_ = caf::actor{};
    system_.reset();
    committer_->stop();
  }

  // Creates a match of `game`; returns its id and the creator's outcome.
  std::pair<std::string, command_outcome> create(const std::string& game,
                                                 const std::string& command_json) {
    caf::scoped_actor self{*system_};
    std::string id;
    caf::actor match;
    self->request(directory_, caf::infinite, create_atom::value, game)
        .receive([&](const std::string& i, caf::actor a) { id = i, match = a; },
                 [](caf::error&) {});
    if (!match) throw std::runtime_error("create failed");
    return {id, send(match, "", command_json)};
  }

  command_outcome command(const std::string& match_id, const std::string& token,
                          const std::string& command_json) {
    return send(lookup(match_id), credential_digest(token), command_json);
  }

  caf::actor lookup(const std::string& match_id) {
    caf::scoped_actor self{*system_};
    caf::actor match;
    self->request(directory_, caf::infinite, lookup_atom::value, match_id)
        .receive([&](caf::actor a) { match = a; }, [](caf::error&) {});
    return match;
  }

  live_report inspect(const std::string& match_id) {
    caf::scoped_actor self{*system_};
    live_report out;
    self->request(lookup(match_id), caf::infinite, inspect_atom::value)
        .receive([&](const live_report& r) { out = r; }, [](caf::error&) {});
    return out;
  }

  size_t wake() {
    caf::scoped_actor self{*system_};
    size_t woken = 0;
    self->request(directory_, caf::infinite, wake_atom::value)
        .receive([&](size_t n) { woken = n; }, [](caf::error&) {});
    return woken;
  }

  // Runs matches' effects from now on (before the first match is spawned).
  void use_effects(effect_runner* runner) { services_.effects = runner; }

  storage::journal& journal() { return *journal_; }
  const game_registry& games() const { return games_; }
  metrics& stats() { return metrics_; }
  caf::actor_system& system() { return *system_; }
  caf::actor directory() { return directory_; }

 private:
  command_outcome send(caf::actor match, const std::string& caller, const std::string& json) {
    caf::scoped_actor self{*system_};
    command_outcome out;
    self->request(match, caf::infinite, command_atom::value, caller, json)
        .receive([&](const command_outcome& o) { out = o; },
                 [&](caf::error&) { out.error_code = "unavailable"; });
    return out;
  }

  game_registry games_ = make_default_registry();
  metrics metrics_;
  std::unique_ptr<storage::rocksdb_journal> journal_;
  std::unique_ptr<storage::group_commit> committer_;
  platform services_;
  caf::actor_system_config config_;  // the system keeps a reference to it
  std::unique_ptr<caf::actor_system> system_;
  caf::actor directory_;
};

// The `token` field of a reply such as {"token":"...","mark":"x"}.
std::string token_of(const command_outcome& out);

}  // namespace wordhall::testing
