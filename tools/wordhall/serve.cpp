#include "tools/wordhall/serve.hpp"

#include <caf/all.hpp>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "actors/actor_system_setup.hpp"
#include "actors/cluster_services.hpp"
#include "actors/deferred_effects.hpp"
#include "actors/effect_router.hpp"
#include "actors/vectorcards_search.hpp"
#include "events/vectorcards/resolution.hpp"
#include "actors/embedding_service.hpp"
#include "actors/cluster_llm_slots.hpp"
#include "actors/judge_service.hpp"
#include "actors/log.hpp"
#include "actors/match_directory.hpp"
#include "actors/readiness.hpp"
#include "actors/spymaster_service.hpp"
#include "actors/storage_watch.hpp"
#include "actors/ws_session.hpp"
#include "http/routes/admin_routes.hpp"
#include "http/routes/codenames_routes.hpp"
#include "tools/wordhall/cluster_node.hpp"
#include "tools/wordhall/codenames_setup.hpp"
#include "tools/wordhall/data_dir_check.hpp"
#include "http/routes/vectorcards_routes.hpp"
#include "http/routes/wortkunst_routes.hpp"
#include "http/routes/word_routes.hpp"
#include "events/vectorcards/themes.hpp"
#include "models/blas_threads.hpp"
#include "models/card_words.hpp"
#include "tools/wordhall/vectorcards_command.hpp"
#include "events/json_writer.hpp"
#include "http/client_address.hpp"
#include "http/connection_budget.hpp"
#include "http/creation_limit.hpp"
#include "http/request_policy.hpp"
#include "http/server.hpp"
#include "storage/jetstream_journal.hpp"
#include "storage/jetstream_lease.hpp"
#include "storage/rocksdb_journal.hpp"

namespace wordhall {
namespace {

// The HTTP layer's side of a match session: the connection's frames go to the session's actor.
class session_handler final : public http::ws_handler {
 public:
  explicit session_handler(std::shared_ptr<ws_session> session) : session_(std::move(session)) {}
  void on_message(std::string text) override { session_->on_message(std::move(text)); }
  void on_close() override { session_->on_close(); }

 private:
  std::shared_ptr<ws_session> session_;
};

// The open WebSocket connections, so a drain can tell each of them the server is restarting.
class connection_registry {
 public:
  void add(const std::shared_ptr<http::ws_connection>& c) {
    std::lock_guard<std::mutex> lock(mu_);
    // Forgets closed connections once the set has doubled since it last did: a sweep on every
    // add would cost 12 million steps for 5,000 players connecting.
    if (open_.size() >= 2 * swept_size_) {
      for (auto it = open_.begin(); it != open_.end();)
        it = it->expired() ? open_.erase(it) : std::next(it);
      swept_size_ = std::max<size_t>(open_.size(), 64);
    }
    open_.insert(c);
  }
  void send_all(const std::shared_ptr<const std::string>& text) {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& weak : open_)
      if (auto c = weak.lock()) c->send(text);
  }

 private:
  std::mutex mu_;
  std::set<std::weak_ptr<http::ws_connection>, std::owner_less<>> open_;
  size_t swept_size_ = 64;
};

// Kubernetes' two probes: /healthz (liveness: the process answers; 503 only while draining) and
// /readyz (readiness: 503 until the word vectors, the spymaster and the judge have loaded, and
// while draining).
void add_health_routes(http::router& routes, metrics& m, const std::atomic<bool>& draining,
                       const readiness& ready, std::chrono::steady_clock::time_point started) {
  routes.add("GET", "/readyz",
             [&draining, &ready](const http::request&, const std::vector<std::string>&,
                                 http::respond_fn respond) {
               auto report = ready.snapshot();
               if (draining) {
                 json_writer out;
                 out.begin_object().field("status", "draining").end_object();
                 return respond(http::json_response(503, out.take()));
               }
               respond(http::json_response(report.ready ? 200 : 503, readiness::to_json(report)));
             });
  routes.add("GET", "/healthz",
             [&m, &draining, started](const http::request&, const std::vector<std::string>&,
                                      http::respond_fn respond) {
               auto uptime = std::chrono::duration_cast<std::chrono::seconds>(
                                 std::chrono::steady_clock::now() - started)
                                 .count();
               json_writer out;
               out.begin_object().field("status", draining ? "draining" : "ok")
                   .field("uptimeSecs", static_cast<int64_t>(uptime))
                   .field("liveMatches", m.live_matches.load()).end_object();
               respond(http::json_response(draining ? 503 : 200, out.take()));
             });
  routes.add("GET", "/metrics",
             [&m](const http::request&, const std::vector<std::string>&, http::respond_fn respond) {
               http::response r;
               r.content_type = "text/plain; version=0.0.4; charset=utf-8";
               r.body = m.render();
               respond(std::move(r));
             });
}

std::string spymaster_status_json(const spymaster_status& now) {
  json_writer out;
  out.begin_object().field("givingClues", now.giving_clues)
      .field("learnedTraining", now.learned_training).end_object();
  return out.take();
}

// GET /api/spymaster: which spymaster gives clues now, so the Codenames page can say
// when the classic one stands in while the learned one trains.
void add_spymaster_status_route(http::router& routes, const spymaster_loading& spymaster) {
  routes.add("GET", "/api/spymaster",
             [&spymaster](const http::request&, const std::vector<std::string>&,
                          http::respond_fn respond) {
               respond(http::json_response(200, spymaster_status_json(spymaster.status())));
             });
}

// A worker's answer to the cluster's web nodes, whose /api/spymaster asks it.
const char* const spymaster_status_subject = "wh.svc.spymaster.status";

storage::status serve_spymaster_status(cluster_bus& bus, const spymaster_loading& spymaster) {
  return bus.queue_subscribe(spymaster_status_subject, "wh-workers",
                             [&bus, &spymaster](std::string, std::string reply_to) {
                               if (!reply_to.empty())
                                 bus.publish(reply_to, spymaster_status_json(spymaster.status()));
                             });
}

// On a web node: what a worker says, or "none" while no worker runs.
void add_workers_spymaster_status_route(http::router& routes, cluster_bus& bus) {
  routes.add("GET", "/api/spymaster",
             [&bus](const http::request&, const std::vector<std::string>&,
                    http::respond_fn respond) {
               bus.request(spymaster_status_subject, "{}", std::chrono::seconds(5),
                           [respond](std::optional<std::string> reply) {
                             respond(http::json_response(
                                 200, reply ? *reply
                                            : spymaster_status_json({"none", false})));
                           });
             });
}

}  // namespace

// Where the word vectors, deck and blocklist come from. The platform runs without them (the
// games that need them answer `embeddings_unavailable`), so a server without data still starts.
models::word_services_paths word_paths(const settings& config) {
  models::word_services_paths paths;
  if (std::ifstream(config.vectors))
    paths.vectors = config.vectors;
  else
    log_line("embeddings_missing", "path=" + config.vectors + " hint=tools/prepare-data");
  paths.blocklist = config.blocklist;
  paths.scowl_dir = config.scowl_dir;
  paths.frequencies = config.word_frequencies;
  paths.function_words = config.function_words;
  paths.deck.size = static_cast<size_t>(config.deck_size);
  paths.deck.scowl_level = static_cast<int>(config.scowl_level);
  paths.deck.allow_multiword = config.deck_multiword != 0;
  // The setting's choices are search_mode's names, so the lookup cannot miss.
  paths.search = models::parse_search_mode(config.vector_search).value_or(paths.search);
  return paths;
}

// Vector cards' themes; a missing file means no themes, a malformed one is an error.
result<std::vector<vectorcards::theme>> load_themes(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    log_line("themes_missing", "path=" + path);
    return std::vector<vectorcards::theme>{};
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return vectorcards::parse_themes(text);
}

namespace {

int wait_for_stop_signal() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  int sig = 0;
  sigwait(&set, &sig);
  return sig;
}

}  // namespace

int run_serve(const settings& config) {
  // Threads started from here on inherit the mask, so only sigwait below sees these signals.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  signal(SIGPIPE, SIG_IGN);

  if (config.cluster.empty() && config.role != "all") {
    std::cerr << "wordhall: role " << config.role
              << " is for a node of a cluster: set cluster (--cluster) too, or leave role at all\n";
    return 1;
  }
  auto started = std::chrono::steady_clock::now();
  // The journal's own directory may be a mount of its own (a separate disk, read-only by mistake).
  std::vector<std::string> dirs{config.data_dir};
  if (config.cluster.empty()) dirs.push_back(config.data_dir + "/journal");
  for (const auto& dir : dirs) {
    if (auto problem = data_dir_problem(dir)) {
      std::cerr << "wordhall: cannot start: " << *problem << "\n";
      return 1;
    }
  }
  std::unique_ptr<cluster_node> cluster;
  std::unique_ptr<storage::journal> journal;
  std::string journal_place = config.data_dir + "/journal";
  if (config.cluster.empty()) {
    std::unique_ptr<storage::rocksdb_journal> local;
    auto st = storage::rocksdb_journal::open(journal_place, {}, &local);
    if (!st.ok()) {
      std::cerr << "wordhall: cannot open the journal in " << config.data_dir << ": "
                << st.message() << "\n";
      return 1;
    }
    journal = std::move(local);
  } else {
    journal_place = "JetStream at " + config.cluster;
    int exit_status = 0;
    cluster = cluster_node::join(config, set, &exit_status);
    if (!cluster) return exit_status;
    storage::jetstream_journal::options options;
    options.url = config.cluster;
    options.replicas = static_cast<int>(config.cluster_replicas);
    std::unique_ptr<storage::jetstream_journal> shared;
    if (!open_when_reachable(config, set, &exit_status,
                             [&] { return storage::jetstream_journal::open(options, &shared); }))
      return exit_status;
    journal = std::move(shared);
  }
  storage::group_commit committer(*journal);
  auto themes = load_themes(config.themes);
  if (!themes) {
    std::cerr << "wordhall: " << config.themes << ": " << themes.err().message << "\n";
    return 1;
  }
  // Matches multiply on the actor threads; BLAS threads of their own would only spin beside them.
  models::limit_blas_threads(1);
  auto words = std::make_shared<vectorcards::word_space_slot>();
  // Declared before anything that loads, so /readyz never reads a part as done too early.
  readiness ready;
  for (auto part : {"embeddings", "spymaster", "judge"}) ready.expect(part);
  // /readyz says "storage" is blocked, and why, while the journal cannot write (a full disk).
  storage_watch watch_storage(*journal, ready, journal_place);
  game_registry games =
      make_default_registry(game_services{words, *themes, load_codenames_deck(config)});
  metrics m;
  platform services;
  services.journal = journal.get();
  services.committer = &committer;
  services.games = &games;
  services.metrics = &m;
  services.settings.snapshot_every = static_cast<uint64_t>(config.snapshot_every);
  services.settings.passivate_after = std::chrono::seconds(config.passivate_after_secs);
  if (cluster) services.cluster = cluster->context();

  caf::actor_system_config cfg;
  configure_actor_system(cfg, static_cast<size_t>(config.actor_threads));
  auto system = std::make_unique<caf::actor_system>(cfg);
  // The effects matches ask for, by service: Wortkunst's judge (the LLM named by MISTRAL_*, or
  // the offline judge) and Codenames' spymaster (loading on its own thread; clues wait for it).
  // Set before the directory wakes matches that wait for a rating or a clue.
  // A web node of a cluster loads neither: its cluster's workers give them (cluster_services.hpp).
  const std::vector<std::string> model_services{judge_effects::rate_service,
                                                spymaster_effects::clue_service};
  std::unique_ptr<judge_effects> judge;
  std::unique_ptr<spymaster_loading> spymaster;
  std::unique_ptr<remote_effects> workers;
  effect_router effects;
  if (config.role == "web") {
    // Ratings may queue behind the LLM's concurrency limit at the worker for minutes.
    workers = std::make_unique<remote_effects>(*cluster->context()->bus, std::chrono::minutes(10));
    for (const auto& service : model_services) effects.route(service, workers.get());
    ready.loaded("judge");
    ready.loaded("spymaster");
  } else {
    auto judging = judge_config_from_settings(config, std::getenv);
    if (cluster && judging.use_llm) {
      // The LLM's concurrency limit holds for the whole cluster, whichever nodes rate.
      cluster_llm_slots::options slots;
      slots.url = config.cluster;
      slots.count = static_cast<int>(config.llm_concurrency);
      slots.replicas = static_cast<int>(config.cluster_replicas);
      slots.ttl = judging.llm.request_timeout + std::chrono::minutes(1);
      slots.holder = cluster->context()->node;
      std::shared_ptr<cluster_llm_slots> shared;
      auto opened = cluster_llm_slots::open(slots, &shared);
      if (!opened.ok()) {
        std::cerr << "wordhall: the cluster's LLM slots: " << opened.message() << "\n";
        return 1;
      }
      judging.llm.slots = std::move(shared);
    }
    judge = make_judge_effects(*system, std::move(judging), [&ready] { ready.loaded("judge"); });
    spymaster = std::make_unique<spymaster_loading>(*system, config, ready);
    effects.route(judge_effects::rate_service, judge.get());
    effects.route(spymaster_effects::clue_service, spymaster->effects());
  }
  // Vector cards' searches (a closing round's, and a running round's moves ahead of its end), at
  // low priority beside the matches' commands. A round closed before a restart asks for its
  // search at once; it waits for the vectors to load (or fail to), so the round still gets its
  // nearest words.
  auto searches = std::make_shared<deferred_effects>();
  effects.route(vectorcards::search_service, searches.get());
  effects.route(vectorcards::presearch_service, searches.get());
  services.effects = &effects;
  auto directory = system->spawn<match_directory>(&services);
  if (cluster && !cluster->start(*system, directory, m)) return 1;
  if (config.role == "worker") {
    auto st = serve_effects(*cluster->context()->bus, effects, model_services);
    if (st.ok()) st = serve_spymaster_status(*cluster->context()->bus, *spymaster);
    if (!st.ok()) {
      std::cerr << "wordhall: cannot serve the cluster's clues and ratings: " << st.message() << "\n";
      return 1;
    }
  }
  auto embedding_service = spawn_embedding_service(
      *system, word_paths(config),
      [words, searches, &ready, &config, vectors = config.vectors](
          std::shared_ptr<const models::word_services> loaded) {
        if (loaded) {
          words->set(make_card_words(config, std::move(loaded)));
          ready.loaded("embeddings");
        } else {
          ready.unavailable("embeddings", "no word vectors loaded from " + vectors +
                                              " (run tools/prepare-data)");
        }
        searches->ready(std::make_unique<vectorcards_search_effects>(words));
      });
  {
    caf::scoped_actor self{*system};
    self->request(directory, std::chrono::seconds(60), wake_atom::value)
        .receive([](size_t) {}, [](caf::error&) {});
  }

  std::atomic<bool> draining{false};
  connection_registry connections;
  http::creation_limit creations(config.max_creations_per_minute);
  http::router routes;
  add_health_routes(routes, m, draining, ready, started);
  add_admin_routes(routes, admin_context{&config, journal.get(), &games, system.get(), directory});
  add_word_routes(routes, *system, embedding_service);
  add_vectorcards_routes(routes, *system, directory, creations);
  add_vectorcards_theme_route(routes, *themes);
  auto rating = judge_config_from_settings(config, std::getenv);  // for the lobby's judge line
  add_wortkunst_routes(routes, *system, directory, config.www_root,
                       {journal.get(), rating.use_llm ? rating.llm.model : "offline"}, creations);
  add_codenames_routes(routes, *system, directory, config.www_root, creations);
  if (spymaster) add_spymaster_status_route(routes, *spymaster);
  else add_workers_spymaster_status_route(routes, *cluster->context()->bus);

  http::server_options options;
  options.host = config.host;
  options.port = static_cast<uint16_t>(config.port);
  options.www_root = config.www_root;
  options.max_ws_message_bytes = static_cast<size_t>(config.max_ws_message_bytes);
  options.max_ws_queue = static_cast<size_t>(config.max_ws_queue);
  options.threads = static_cast<int>(config.io_threads);
  options.allowed_origins = http::parse_origin_list(config.allowed_origins);
  options.max_connections_per_peer = static_cast<size_t>(config.max_connections_per_peer);
  options.ws_idle_timeout = std::chrono::seconds(config.ws_idle_timeout_secs);
  options.max_connections = http::max_connections(http::soft_descriptor_limit(),
                                                  static_cast<uint64_t>(config.max_connections));
  try {
    options.trusted_proxies = http::parse_address_list(config.trusted_proxies);
  } catch (const std::invalid_argument& e) {
    std::cerr << "wordhall: trustedProxies: " << e.what() << "\n";
    return 1;
  }
  http::server server(
      options, routes,
      [&](std::shared_ptr<http::ws_connection> c, const http::request& upgrade) {
        connections.add(c);
        ws_session_limits limits;
        limits.messages_per_second = config.max_commands_per_second;
        limits.messages_limited = &m.commands_rate_limited;
        limits.take_creation = [&creations, peer = upgrade.peer]() -> std::optional<std::string> {
          auto wait = creations.take(peer);
          if (!wait) return std::nullopt;
          return http::creation_limit::refusal_message(*wait);
        };
        auto send = [c](std::shared_ptr<const std::string> text) { c->send(std::move(text)); };
        return std::make_shared<session_handler>(
            open_ws_session(*system, directory, std::move(send), std::move(limits)));
      });
  try {
    server.start();
  } catch (const std::exception& e) {
    std::cerr << "wordhall: " << e.what() << "\n";
    return 1;
  }
  m.websocket_connections = [&server] { return server.websocket_count(); };
  m.http_requests = [&server] { return server.request_count(); };
  m.connections_refused = [&server] { return server.refused_connection_count(); };
  m.websocket_idle_timeouts = [&server] { return server.idle_websocket_count(); };
  m.connections_over_capacity = [&server] { return server.busy_connection_count(); };
  m.creations_rate_limited = [&creations] { return creations.refused(); };
  log_line("listening", "url=http://" + config.host + ":" + std::to_string(server.port()) +
                            " data_dir=" + config.data_dir +
                            " max_connections=" + std::to_string(options.max_connections) +
                            " admin=" + (config.admin_token.empty() ? "disabled" : "enabled"));

  int sig = wait_for_stop_signal();
  log_line("draining", std::string("signal=") + (sig == SIGTERM ? "SIGTERM" : "SIGINT"));
  draining = true;
  server.stop_accepting();
  {
    caf::scoped_actor self{*system};
    self->request(directory, std::chrono::seconds(config.drain_timeout_secs), drain_atom::value)
        .receive([](bool) {}, [](caf::error&) { log_line("drain_timed_out"); });
  }
  connections.send_all(std::make_shared<const std::string>(R"({"type":"restarting"})"));
  server.close_websockets(1012, "server restarting");
  server.stop();
  committer.stop();
  caf::anon_send_exit(directory, caf::exit_reason::user_shutdown);
  if (cluster) cluster->leave();  // the other nodes take this one's matches at once
  log_line("stopped", "appends=" + std::to_string(m.appends.load()));
  // Every acknowledged event is durable by now; actors still winding down hold nothing to save.
  std::quick_exit(0);
}

}  // namespace wordhall
