// settings: every knob of `wordhall serve`, with its default, config-file key, environment
// variable and command-line flag.
//
// Precedence, lowest first: built-in default < config file (JSON object, keys as below) <
// environment variable < command-line flag. `describe_settings()` is the single table all
// three read from, so `--help`, the config file and the environment can never disagree.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "events/result.hpp"

namespace wordhall {

struct settings {
  std::string host = "127.0.0.1";
  int64_t port = 8080;
  std::string data_dir = "var";
  // NATS servers (comma-separated URLs) whose JetStream keeps the journal; empty: RocksDB in
  // data_dir, one process.
  std::string cluster;
  std::string node;  // this server's name in the cluster; empty: the host name and port
  std::string role = "all";  // in a cluster: all | web | worker (cluster_services.hpp)
  int64_t cluster_replicas = 3;  // copies JetStream keeps of the journal's stream and buckets
  int64_t cluster_lease_secs = 10;  // how long a silent node keeps its matches
  std::string www_root = "http/www";
  int64_t io_threads = 2;
  int64_t actor_threads = 2;
  int64_t snapshot_every = 100;
  int64_t passivate_after_secs = 60;
  int64_t max_ws_message_bytes = 64 * 1024;
  int64_t max_ws_queue = 256;
  int64_t drain_timeout_secs = 10;
  std::string admin_token;  // empty: /admin is disabled
  std::string allowed_origins;  // comma-separated origins besides the server's own (Origin policy)
  int64_t max_connections_per_peer = 128;
  int64_t ws_idle_timeout_secs = 60;
  int64_t max_connections = 0;             // 0: the descriptor limit less a reserve
  int64_t max_creations_per_minute = 30;   // per client address; 0: unlimited
  int64_t max_commands_per_second = 20;    // frames per WebSocket, any type, burst twice that; 0: unlimited
  std::string trusted_proxies;  // comma-separated addresses whose X-Forwarded-For names the client
  std::string vectors = "data/embeddings/glove-6b-100d.whv";
  std::string vector_search = "auto";  // auto | exact | approximate | hnsw | ivf
  std::string blocklist = "config/blocklist.txt";
  std::string function_words = "config/function-words.txt";
  std::string word_frequencies = "data/embeddings/subtlex-frequencies.tsv";
  std::string scowl_dir = "/usr/share/dict/scowl";
  int64_t deck_size = 50'000;
  int64_t scowl_level = 70;
  int64_t deck_multiword = 0;  // 1: multi-word tokens ("ice_cream") may be dealt
  std::string themes = "config/vectorcards-themes.json";  // vector cards' themed word lists
  std::string wordnet_dir = "/usr/share/wordnet";  // vector cards' curated cards (lemmas, nouns)
  std::string naughty_words_dir = "node_modules/naughty-words";  // profanity lists, en/nl/de
  std::string card_exclusions = "config/vectorcards-card-exclusions.txt";  // never dealt as cards
  int64_t llm_concurrency = 2;  // Wortkunst judge: LLM requests in flight at once
  std::string ratings_file;     // the judge's rating memory; empty: <data_dir>/ratings.jsonl
  std::string german_words = "/usr/share/dict/ngerman";  // the offline judge's word list
  std::string german_corpus = "/usr/share/games/fortunes/de";  // and the German prose it counts
  std::string german_thesaurus = "/usr/share/mythes/th_de_DE_v2.dat";  // and the words OpenThesaurus
  std::string german_translations = "/usr/share/trans/de-en";  // and a German-English dictionary list
  std::string codenames_deck = "config/codenames-deck.txt";  // the deck Codenames deals from
  std::string spymaster = "auto";  // Codenames' spymaster: auto | learned | setnet | baseline
  std::string spymaster_model = "data/models/spymaster-learned.whsm";  // the set network
  std::string spymaster_scorer = "data/models/clue-scorer.whcs";  // the learned one's scorer
  std::string spymaster_views;  // the learned one's views, comma-separated; empty: the prepared
};

struct setting_descriptor {
  std::string key;     // config-file key
  std::string env;     // environment variable
  std::string env_alias;  // a second variable read when `env` is unset ("" if none)
  std::string flag;    // command-line flag, e.g. "--port"
  std::string help;
  bool is_number = false;
  std::function<std::string&(settings&)> text;   // for text settings
  std::function<int64_t&(settings&)> number;     // for number settings
  int64_t min = 0, max = 0;                       // bounds for numbers
  std::vector<std::string> choices;               // a text setting's allowed values (empty: any)
};

const std::vector<setting_descriptor>& describe_settings();

// Reads a JSON config file over `into`; unknown keys and wrong types are errors naming the key.
result<void> load_settings_file(const std::string& path, settings& into);

// Applies WORDHALL_* environment variables; `getenv` is injectable for tests.
result<void> apply_settings_env(settings& into,
                                const std::function<const char*(const char*)>& getenv);

// Sets one setting from text (env var or flag), checking type and bounds.
result<void> set_setting(const setting_descriptor& d, settings& into, const std::string& text);

}  // namespace wordhall
