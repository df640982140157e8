#include "config/settings.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include "events/json_read.hpp"

namespace wordhall {
namespace {

setting_descriptor named(std::string key, std::string env, std::string flag, std::string help) {
  setting_descriptor d;
  d.key = std::move(key);
  d.env = std::move(env);
  d.flag = std::move(flag);
  d.help = std::move(help);
  return d;
}

setting_descriptor text(std::string key, std::string env, std::string flag, std::string help,
                        std::string settings::*field) {
  setting_descriptor d = named(std::move(key), std::move(env), std::move(flag), std::move(help));
  d.text = [field](settings& s) -> std::string& { return s.*field; };
  return d;
}

setting_descriptor number(std::string key, std::string env, std::string flag, std::string help,
                          int64_t settings::*field, int64_t min, int64_t max) {
  setting_descriptor d = named(std::move(key), std::move(env), std::move(flag), std::move(help));
  d.is_number = true;
  d.number = [field](settings& s) -> int64_t& { return s.*field; };
  d.min = min;
  d.max = max;
  return d;
}

// The seed names this knob CONCURRENT_LLM_REQUESTS; WORDHALL_LLM_CONCURRENCY wins when both are set.
setting_descriptor llm_concurrency() {
  auto d = number("llmConcurrency", "WORDHALL_LLM_CONCURRENCY", "--llm-concurrency",
                  "LLM requests of the Wortkunst judge in flight at once, the rest queue FIFO "
                  "(env CONCURRENT_LLM_REQUESTS works too)",
                  &settings::llm_concurrency, 1, 64);
  d.env_alias = "CONCURRENT_LLM_REQUESTS";
  return d;
}

setting_descriptor spymaster_choice() {
  auto d = text("spymaster", "WORDHALL_SPYMASTER", "--spymaster",
                "Codenames' spymaster: learned (the clue scorer over several views of "
                "meaning), setnet (the set network on the word vectors alone), baseline (Kim "
                "et al. 2019), or auto (the first of these whose files are there)",
                &settings::spymaster);
  d.choices = {"auto", "learned", "setnet", "baseline"};
  return d;
}

setting_descriptor cluster_role_choice() {
  auto d = text("role", "WORDHALL_ROLE", "--role",
                "in a cluster: all (serves and gives its own matches' clues and ratings), web "
                "(serves; the cluster's workers give its clues and ratings, so it loads neither "
                "model) or worker (serves, and gives clues and ratings for the web nodes)",
                &settings::role);
  d.choices = {"all", "web", "worker"};
  return d;
}

setting_descriptor vector_search_choice() {
  auto d = text("vectorSearch", "WORDHALL_VECTOR_SEARCH", "--vector-search",
                "nearest-word search: auto (exact below 100,000 words, else the index `wordhall "
                "embeddings index` built, exact while there is none), exact, approximate (HNSW "
                "below 1,000,000 words, IVF above), hnsw or ivf (built at start-up if missing)",
                &settings::vector_search);
  d.choices = {"auto", "exact", "approximate", "hnsw", "ivf"};
  return d;
}

}  // namespace

const std::vector<setting_descriptor>& describe_settings() {
  static const std::vector<setting_descriptor> table = {
      text("host", "WORDHALL_HOST", "--host", "address to listen on", &settings::host),
      number("port", "WORDHALL_PORT", "--port", "TCP port (0: any free port)", &settings::port, 0,
             65535),
      text("dataDir", "WORDHALL_DATA_DIR", "--data-dir", "directory of the journal (RocksDB) and the judge's memory",
           &settings::data_dir),
      text("cluster", "WORDHALL_CLUSTER", "--cluster",
           "NATS servers (nats://h1:4222,nats://h2:4222) whose JetStream keeps the journal "
           "instead of RocksDB in dataDir; every node serves, each match runs on the node "
           "that owns it, and a node's matches move to the others within seconds of its end",
           &settings::cluster),
      text("node", "WORDHALL_NODE", "--node",
           "this server's name in the cluster (letters, digits, '-', '_'; empty: host name and "
           "port)",
           &settings::node),
      cluster_role_choice(),
      number("clusterReplicas", "WORDHALL_CLUSTER_REPLICAS", "--cluster-replicas",
             "copies JetStream keeps of the journal (at most the number of NATS servers)",
             &settings::cluster_replicas, 1, 5),
      number("clusterLeaseSecs", "WORDHALL_CLUSTER_LEASE_SECS", "--cluster-lease-secs",
             "seconds a node that stopped renewing its lease (crashed, cut off) keeps its "
             "matches before the other nodes take them over; it renews every third of it",
             &settings::cluster_lease_secs, 2, 600),
      text("wwwRoot", "WORDHALL_WWW_ROOT", "--www-root", "directory of the browser front end",
           &settings::www_root),
      number("ioThreads", "WORDHALL_IO_THREADS", "--io-threads", "HTTP/WebSocket I/O threads",
             &settings::io_threads, 1, 64),
      number("actorThreads", "WORDHALL_ACTOR_THREADS", "--actor-threads",
             "actor scheduler threads", &settings::actor_threads, 1, 64),
      number("snapshotEvery", "WORDHALL_SNAPSHOT_EVERY", "--snapshot-every",
             "events between state snapshots (0: never)", &settings::snapshot_every, 0,
             1'000'000),
      number("passivateAfterSecs", "WORDHALL_PASSIVATE_AFTER_SECS", "--passivate-after-secs",
             "idle seconds before a match actor stops", &settings::passivate_after_secs, 1,
             86'400),
      number("maxWsMessageBytes", "WORDHALL_MAX_WS_MESSAGE_BYTES", "--max-ws-message-bytes",
             "largest WebSocket message accepted", &settings::max_ws_message_bytes, 1024,
             16 << 20),
      number("maxWsQueue", "WORDHALL_MAX_WS_QUEUE", "--max-ws-queue",
             "queued outgoing messages before a slow client is dropped", &settings::max_ws_queue,
             1, 1'000'000),
      number("drainTimeoutSecs", "WORDHALL_DRAIN_TIMEOUT_SECS", "--drain-timeout-secs",
             "how long SIGTERM waits for in-flight appends", &settings::drain_timeout_secs, 1,
             600),
      text("adminToken", "WORDHALL_ADMIN_TOKEN", "--admin-token",
           "bearer token for /admin (empty: admin disabled); prefer the environment variable",
           &settings::admin_token),
      text("allowedOrigins", "WORDHALL_ALLOWED_ORIGINS", "--allowed-origins",
           "comma-separated origins (https://play.example) whose pages may open game "
           "connections and send changes, besides the server's own; empty: its own only",
           &settings::allowed_origins),
      number("maxConnectionsPerPeer", "WORDHALL_MAX_CONNECTIONS_PER_PEER",
             "--max-connections-per-peer",
             "connections one client address may hold at once (HTTP and WebSocket); one more "
             "is answered 429",
             &settings::max_connections_per_peer, 1, 1'000'000),
      number("maxConnections", "WORDHALL_MAX_CONNECTIONS", "--max-connections",
             "open connections in all; one more is answered 503 server_busy (0: the descriptor "
             "limit less 128 kept for the journal, logs and listener; a setting only lowers it)",
             &settings::max_connections, 0, 10'000'000),
      number("maxCreationsPerMinute", "WORDHALL_MAX_CREATIONS_PER_MINUTE",
             "--max-creations-per-minute",
             "matches one client address may create a minute, all games together (burst as "
             "many); one more is answered 429 rate_limited with Retry-After (0: unlimited)",
             &settings::max_creations_per_minute, 0, 1'000'000),
      number("maxCommandsPerSecond", "WORDHALL_MAX_COMMANDS_PER_SECOND",
             "--max-commands-per-second",
             "messages one WebSocket may send a second, every kind counted (commands, subscribes, "
             "pings; burst twice that); one more is answered with an error frame rate_limited "
             "(0: unlimited)",
             &settings::max_commands_per_second, 0, 1'000'000),
      text("trustedProxies", "WORDHALL_TRUSTED_PROXIES", "--trusted-proxies",
           "comma-separated addresses of reverse proxies: from them, X-Forwarded-For names the "
           "client every limit counts; from anyone else it is ignored",
           &settings::trusted_proxies),
      number("wsIdleTimeoutSecs", "WORDHALL_WS_IDLE_TIMEOUT_SECS", "--ws-idle-timeout-secs",
             "a WebSocket that receives nothing this long is closed; a ping at half of it keeps "
             "a live page connected",
             &settings::ws_idle_timeout_secs, 2, 86'400),
      text("vectors", "WORDHALL_VECTORS", "--vectors",
           "word vectors: the compact file tools/prepare-data makes, or any format "
           "`wordhall embeddings convert` reads",
           &settings::vectors),
      vector_search_choice(),
      text("blocklist", "WORDHALL_BLOCKLIST", "--blocklist",
           "words never dealt, accepted or shown (one per line, 'x*' for prefixes)",
           &settings::blocklist),
      text("themes", "WORDHALL_THEMES", "--themes",
           "vector cards' themes: named word lists to draw start and target words from",
           &settings::themes),
      text("wordnetDir", "WORDHALL_WORDNET_DIR", "--wordnet-dir",
           "WordNet's dictionary files (wordnet-base): which deck words vector cards deals",
           &settings::wordnet_dir),
      text("naughtyWordsDir", "WORDHALL_NAUGHTY_WORDS_DIR", "--naughty-words-dir",
           "npm naughty-words' folder (en.json, nl.json, de.json): words vector cards never deals "
           "and no Codenames spymaster gives as a clue (en.json)",
           &settings::naughty_words_dir),
      text("cardExclusions", "WORDHALL_CARD_EXCLUSIONS", "--card-exclusions",
           "words vector cards never deals and no Codenames spymaster gives as a clue, though they "
           "are no profanity: crude, insulting, grim or sexual (blocklist format; still fine as "
           "jokers)",
           &settings::card_exclusions),
      text("functionWords", "WORDHALL_FUNCTION_WORDS", "--function-words",
           "words too empty to deal as cards", &settings::function_words),
      text("wordFrequencies", "WORDHALL_WORD_FREQUENCIES", "--word-frequencies",
           "word<TAB>count file ranking the deck (SUBTLEX)", &settings::word_frequencies),
      text("scowlDir", "WORDHALL_SCOWL_DIR", "--scowl-dir",
           "SCOWL word lists telling common words from names", &settings::scowl_dir),
      number("deckSize", "WORDHALL_DECK_SIZE", "--deck-size", "words in the games' deck",
             &settings::deck_size, 100, 1'000'000),
      number("scowlLevel", "WORDHALL_SCOWL_LEVEL", "--scowl-level",
             "rarest SCOWL level a deck word may have (10 common .. 95 rare)",
             &settings::scowl_level, 10, 95),
      number("deckMultiword", "WORDHALL_DECK_MULTIWORD", "--deck-multiword",
             "1: deal multi-word tokens such as ice_cream (each part a common word); 0: single "
             "words only",
             &settings::deck_multiword, 0, 1),
      llm_concurrency(),
      text("ratingsFile", "WORDHALL_RATINGS_FILE", "--ratings-file",
           "the Wortkunst judge's memory of rated words (JSON lines; empty: "
           "<data-dir>/ratings.jsonl)",
           &settings::ratings_file),
      text("germanWords", "WORDHALL_GERMAN_WORDS", "--german-words",
           "German word list the offline Wortkunst judge finds compounds with (wngerman)",
           &settings::german_words),
      text("germanCorpus", "WORDHALL_GERMAN_CORPUS", "--german-corpus",
           "German prose the offline Wortkunst judge counts to tell common words from rare ones "
           "(a folder of text files; fortunes-de)",
           &settings::german_corpus),
      text("germanThesaurus", "WORDHALL_GERMAN_THESAURUS", "--german-thesaurus",
           "OpenThesaurus, whose words the offline Wortkunst judge knows beside the word list "
           "(mythes-de's th_de_DE_v2.dat)",
           &settings::german_thesaurus),
      text("germanTranslations", "WORDHALL_GERMAN_TRANSLATIONS", "--german-translations",
           "a German-English dictionary, whose German nouns, adjectives and adverbs the offline "
           "Wortkunst judge knows beside the word list (trans-de-en)",
           &settings::german_translations),
      text("codenamesDeck", "WORDHALL_CODENAMES_DECK", "--codenames-deck",
           "the words Codenames deals 25 cards from (one a line; every word needs a vector)",
           &settings::codenames_deck),
      spymaster_choice(),
      text("spymasterModel", "WORDHALL_SPYMASTER_MODEL", "--spymaster-model",
           "the set network's weights (tools/prepare-data trains them); with spymaster auto and "
           "no file yet, the baseline gives clues until the file appears",
           &settings::spymaster_model),
      text("spymasterScorer", "WORDHALL_SPYMASTER_SCORER", "--spymaster-scorer",
           "the learned spymaster's clue scorer (tools/prepare-data trains it after the set "
           "network); with spymaster auto and no file yet, the set network or the baseline "
           "gives clues until it appears",
           &settings::spymaster_scorer),
      text("spymasterViews", "WORDHALL_SPYMASTER_VIEWS", "--spymaster-views",
           "the views of meaning the learned spymaster's scorer was trained on, comma-separated "
           "vector files (empty: the ones tools/prepare-data makes)",
           &settings::spymaster_views),
  };
  return table;
}

result<void> set_setting(const setting_descriptor& d, settings& into, const std::string& value) {
  if (!d.is_number) {
    if (!d.choices.empty() &&
        std::find(d.choices.begin(), d.choices.end(), value) == d.choices.end()) {
      std::string allowed;
      for (auto& c : d.choices) allowed += (allowed.empty() ? "" : ", ") + c;
      return make_error("bad_setting", d.key + " must be one of " + allowed + ", not \"" + value + "\"");
    }
    d.text(into) = value;
    return {};
  }
  int64_t n = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc() || end != value.data() + value.size())
    return make_error("bad_setting", d.key + " must be an integer, not \"" + value + "\"");
  if (n < d.min || n > d.max)
    return make_error("bad_setting", d.key + " must be between " + std::to_string(d.min) +
                                         " and " + std::to_string(d.max));
  d.number(into) = n;
  return {};
}

result<void> load_settings_file(const std::string& path, settings& into) {
  std::ifstream in(path);
  if (!in) return make_error("bad_config", "cannot read config file " + path);
  std::stringstream buf;
  buf << in.rdbuf();
  auto doc = json_document::parse(buf.str());
  if (!doc) return make_error("bad_config", path + ": " + doc.err().message);
  auto obj = as_object(doc->root(), "the config file");
  if (!obj) return make_error("bad_config", path + ": " + obj.err().message);
  for (auto field : *obj) {
    const setting_descriptor* d = nullptr;
    for (auto& candidate : describe_settings())
      if (candidate.key == field.key) d = &candidate;
    if (!d) return make_error("bad_config", path + ": unknown key \"" + std::string(field.key) + "\"");
    if (d->is_number) {
      int64_t n;
      if (field.value.get(n))
        return make_error("bad_config", path + ": \"" + d->key + "\" must be an integer");
      WORDHALL_TRY(set_setting(*d, into, std::to_string(n)));
    } else {
      std::string_view s;
      if (field.value.get(s))
        return make_error("bad_config", path + ": \"" + d->key + "\" must be a string");
      WORDHALL_TRY(set_setting(*d, into, std::string(s)));
    }
  }
  return {};
}

result<void> apply_settings_env(settings& into,
                                const std::function<const char*(const char*)>& getenv) {
  for (auto& d : describe_settings()) {
    const char* value = getenv(d.env.c_str());
    if (!value && !d.env_alias.empty()) value = getenv(d.env_alias.c_str());
    if (value) WORDHALL_TRY(set_setting(d, into, value));
  }
  return {};
}

}  // namespace wordhall
