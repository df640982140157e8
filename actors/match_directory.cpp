#include "actors/match_directory.hpp"

#include "actors/log.hpp"
#include "actors/match_actor.hpp"
#include "actors/secrets.hpp"

namespace wordhall {

match_directory::match_directory(caf::actor_config& cfg, platform* services)
    : caf::event_based_actor(cfg), platform_(services) {}

caf::actor match_directory::spawn_match(const std::string& id, const game* g, bool is_new) {
  auto a = spawn<match_actor>(id, g, platform_, is_new);
  monitor(a);
  live_[id] = a;
  return a;
}

void match_directory::on_exit() {
  for (auto& [id, a] : live_) caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  live_.clear();
}

caf::behavior match_directory::make_behavior() {
  set_down_handler([this](caf::down_msg& down) {
    for (auto it = live_.begin(); it != live_.end(); ++it) {
      if (it->second.address() != down.source) continue;
      if (down.reason) log_line("match_actor_crashed", "match=" + it->first);
      live_.erase(it);
      return;
    }
  });
  return {
      [this](lookup_atom, const std::string& id) -> caf::result<caf::actor> {
        if (draining_) return caf::make_error(caf::exit_reason::user_shutdown);
        if (auto it = live_.find(id); it != live_.end()) return it->second;
        storage::match_meta meta;
        auto st = platform_->journal->read_meta(id, &meta);
        if (st.code() == storage::status_code::data_loss) {
          log_line("match_damaged", "match=" + id + " reason=" + st.message());
          return match_damaged_error();
        }
        if (!st.ok()) return caf::actor{};
        const game* g = platform_->games->find(meta.game);
        if (!g) return caf::actor{};
        return spawn_match(id, g, false);
      },
      [this](create_atom, const std::string& game_name) -> caf::result<std::string, caf::actor> {
        const game* g = platform_->games->find(game_name);
        if (draining_) return caf::make_error(caf::exit_reason::user_shutdown);
        if (!g) return {std::string(), caf::actor{}};
        std::string id = random_base62(12);
        while (live_.count(id) || platform_->journal->last_seq(id) > 0) id = random_base62(12);
        return {id, spawn_match(id, g, true)};
      },
      [this](wake_atom) -> size_t {
        size_t woken = 0;
        std::string after;
        std::vector<storage::match_meta> page;
        // Damage is passed over (a damaged meta record's match answers data_loss when asked; a
        // damaged table is read around), so the matches after it still wake.
        storage::listing_damage damage;
        for (;;) {
          page.clear();
          damage = {};
          auto st = platform_->journal->list_matches(after, 500, &page, &damage);
          for (auto& id : damage.records) log_line("match_damaged", "match=" + id);
          for (auto& t : damage.tables)
            log_line("journal_table_damaged", "file=" + t.file + " reason=" + t.reason);
          for (auto& meta : page) {
            if (meta.next_deadline_ms == 0 || live_.count(meta.id)) continue;
            if (const game* g = platform_->games->find(meta.game)) {
              spawn_match(meta.id, g, false);
              ++woken;
            }
          }
          if (!st.ok() || !damage.stopped.empty()) {
            log_line("wake_incomplete",
                     "after=" + after + " reason=" + (st.ok() ? damage.stopped : st.message()));
            break;
          }
          if (page.empty() && damage.records.empty()) break;
          // Listings follow key order: by id length, then bytewise (key_codec.hpp).
          auto key_less = [](const std::string& a, const std::string& b) {
            return a.size() != b.size() ? a.size() < b.size() : a < b;
          };
          if (!page.empty()) after = page.back().id;
          if (!damage.records.empty() && key_less(after, damage.records.back()))
            after = damage.records.back();
        }
        if (woken) log_line("matches_woken", "count=" + std::to_string(woken));
        return woken;
      },
      [this](drain_atom) -> caf::result<bool> {
        draining_ = true;
        if (live_.empty()) return true;
        auto promise = make_response_promise<bool>();
        auto pending = std::make_shared<size_t>(live_.size());
        for (auto& [id, a] : live_) {
          request(a, std::chrono::seconds(10), drain_atom::value)
              .then([promise, pending](bool) mutable {
                if (--*pending == 0) promise.deliver(true);
              },
                    [promise, pending](caf::error&) mutable {
                      if (--*pending == 0) promise.deliver(true);
                    });
        }
        return promise;
      },
  };
}

}  // namespace wordhall
