#include "actors/match_directory.hpp"

#include "actors/cluster_context.hpp"
#include "actors/log.hpp"
#include "actors/match_actor.hpp"
#include "actors/remote_match.hpp"
#include "actors/secrets.hpp"

namespace wordhall {
namespace {

caf::error cluster_unavailable() { return caf::make_error(caf::sec::request_timeout); }

}  // namespace

match_directory::match_directory(caf::actor_config& cfg, platform* services)
    : caf::event_based_actor(cfg), platform_(services) {}

caf::actor match_directory::spawn_match(const std::string& id, const game* g, bool is_new) {
  auto a = spawn<match_actor>(id, g, platform_, is_new);
  monitor(a);
  live_[id] = {a, ""};
  return a;
}

caf::actor match_directory::spawn_stand_in(const std::string& id, const std::string& owner_node) {
  auto a = spawn_remote_match(system(), id, owner_node, platform_->cluster,
                              platform_->settings.passivate_after);
  monitor(a);
  live_[id] = {a, owner_node};
  return a;
}

// Its subscribers watch it and look the match up again.
void match_directory::end_entry(const std::string& id) {
  auto it = live_.find(id);
  if (it == live_.end()) return;
  demonitor(it->second.handle);
  caf::anon_send_exit(it->second.handle, caf::exit_reason::unreachable);
  live_.erase(it);
}

void match_directory::on_exit() {
  for (auto& [id, e] : live_) caf::anon_send_exit(e.handle, caf::exit_reason::user_shutdown);
  live_.clear();
}

caf::result<caf::actor> match_directory::lookup(const std::string& id, bool local_only) {
  if (draining_) return caf::make_error(caf::exit_reason::user_shutdown);
  if (auto it = live_.find(id); it != live_.end()) {
    if (!local_only || it->second.owner_node.empty()) return it->second.handle;
  }
  storage::match_meta meta;
  auto st = platform_->journal->read_meta(id, &meta);
  if (st.code() == storage::status_code::data_loss) {
    log_line("match_damaged", "match=" + id + " reason=" + st.message());
    return match_damaged_error();
  }
  if (!st.ok()) return caf::actor{};
  const game* g = platform_->games->find(meta.game);
  if (!g) return caf::actor{};
  if (!platform_->cluster) return spawn_match(id, g, false);
  auto owner = resolve(id, g, local_only);
  if (!owner) return cluster_unavailable();
  return *owner;
}

std::optional<caf::actor> match_directory::resolve(const std::string& id, const game* g,
                                                   bool local_only) {
  cluster_context& cluster = *platform_->cluster;
  // Here, ending a stand-in that thought another node owned it.
  auto run_here = [&] {
    end_entry(id);
    return spawn_match(id, g, false);
  };
  for (int attempt = 0; attempt < 3; ++attempt) {
    storage::owner_entry owner;
    auto st = cluster.owners->owner(id, &owner);
    if (!st.ok() && st.code() != storage::status_code::not_found) {
      log_line("cluster_owner_unknown", "match=" + id + " reason=" + st.message());
      return std::nullopt;
    }
    const bool unowned = st.code() == storage::status_code::not_found;
    if (!unowned && owner.holder == cluster.holder) return run_here();
    if (!unowned && cluster.membership->alive(owner.holder)) {
      if (local_only) return caf::actor{};
      std::string node, incarnation;
      storage::split_owner_holder(owner.holder, &node, &incarnation);
      if (auto it = live_.find(id); it != live_.end() && it->second.owner_node == node)
        return it->second.handle;
      end_entry(id);
      return spawn_stand_in(id, node);
    }
    auto claimed = cluster.owners->claim(id, cluster.holder, unowned ? 0 : owner.revision);
    if (claimed.ok()) {
      if (!unowned) {
        ++platform_->metrics->cluster_takeovers;
        log_line("cluster_match_taken_over", "match=" + id + " from=" + owner.holder);
      }
      return run_here();
    }
    if (claimed.code() != storage::status_code::aborted) return std::nullopt;
    // Another node claimed it first: look again.
  }
  return std::nullopt;
}

size_t match_directory::wake() {
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
      const game* g = platform_->games->find(meta.game);
      if (!g) continue;
      if (!platform_->cluster) {
        spawn_match(meta.id, g, false);
        ++woken;
        continue;
      }
      // A match that another living node owns keeps its timers there.
      auto here = resolve(meta.id, g, true);
      if (here && *here) ++woken;
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
}

void match_directory::node_gone(const std::string& holder) {
  std::string node, incarnation;
  if (!storage::split_owner_holder(holder, &node, &incarnation)) return;
  std::vector<std::string> stand_ins;
  for (auto& [id, e] : live_)
    if (e.owner_node == node) stand_ins.push_back(id);
  for (auto& id : stand_ins) end_entry(id);
  // Its matches with a timer move here now; the others move when somebody asks for them.
  std::vector<std::pair<std::string, storage::owner_entry>> owned;
  auto st = platform_->cluster->owners->owned(&owned);
  if (!st.ok()) {
    log_line("cluster_sweep_incomplete", "gone=" + holder + " reason=" + st.message());
    return;
  }
  size_t taken = 0;
  for (auto& [id, owner] : owned) {
    if (owner.holder != holder || live_.count(id)) continue;
    storage::match_meta meta;
    if (!platform_->journal->read_meta(id, &meta).ok() || meta.next_deadline_ms == 0) continue;
    const game* g = platform_->games->find(meta.game);
    if (!g) continue;
    auto here = resolve(id, g, true);
    if (here && *here) ++taken;
  }
  log_line("cluster_node_swept", "gone=" + holder + " stand_ins_ended=" +
                                     std::to_string(stand_ins.size()) +
                                     " matches_taken=" + std::to_string(taken));
}

caf::behavior match_directory::make_behavior() {
  set_down_handler([this](caf::down_msg& down) {
    for (auto it = live_.begin(); it != live_.end(); ++it) {
      if (it->second.handle.address() != down.source) continue;
      if (down.reason && it->second.owner_node.empty())
        log_line("match_actor_crashed", "match=" + it->first);
      live_.erase(it);
      return;
    }
  });
  return {
      [this](lookup_atom, const std::string& id) { return lookup(id, false); },
      [this](local_lookup_atom, const std::string& id) { return lookup(id, true); },
      [this](create_atom, const std::string& game_name) -> caf::result<std::string, caf::actor> {
        const game* g = platform_->games->find(game_name);
        if (draining_) return caf::make_error(caf::exit_reason::user_shutdown);
        if (!g) return {std::string(), caf::actor{}};
        std::string id = random_base62(12);
        while (live_.count(id) || platform_->journal->last_seq(id) > 0) id = random_base62(12);
        if (platform_->cluster) {
          // 71 bits of randomness make a clash all but impossible: a refused claim is NATS
          // not answering.
          auto claimed = platform_->cluster->owners->claim(id, platform_->cluster->holder, 0);
          if (!claimed.ok()) return cluster_unavailable();
        }
        return {id, spawn_match(id, g, true)};
      },
      [this](wake_atom) -> size_t { return wake(); },
      [this](node_gone_atom, const std::string& holder) {
        if (platform_->cluster) node_gone(holder);
      },
      [this](release_all_atom) {
        log_line("cluster_matches_released", "count=" + std::to_string(live_.size()));
        std::vector<std::string> ids;
        for (auto& [id, e] : live_) ids.push_back(id);
        for (auto& id : ids) end_entry(id);
      },
      [this](drain_atom) -> caf::result<bool> {
        draining_ = true;
        if (live_.empty()) return true;
        auto promise = make_response_promise<bool>();
        auto pending = std::make_shared<size_t>(live_.size());
        for (auto& [id, e] : live_) {
          request(e.handle, std::chrono::seconds(10), drain_atom::value)
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
