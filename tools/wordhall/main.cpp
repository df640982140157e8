// wordhall: the command line. `serve` runs the server; `replay` rebuilds a match from its journal.
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>

#include "tools/wordhall/embeddings_command.hpp"
#include "tools/wordhall/replay.hpp"
#include "tools/wordhall/serve.hpp"
#include "tools/wordhall/spymaster_command.hpp"
#include "tools/wordhall/vectorcards_command.hpp"
#include "tools/wordhall/wortkunst_command.hpp"
#include "config/settings.hpp"
#include "models/blas_kernels.hpp"

int main(int argc, char** argv) {
  using namespace wordhall;
  models::use_native_blas_kernels(argv);
  CLI::App app{"wordhall: word games whose judge is a model"};
  app.require_subcommand(1);

  auto* serve = app.add_subcommand(
      "serve",
      "Serve the games over HTTP and WebSocket. Settings come from built-in defaults, then the "
      "config file, then WORDHALL_* environment variables, then these flags.");
  std::string config_path;
  serve->add_option("--config", config_path,
                    "JSON config file (default: config/wordhall.json when it exists)");
  std::map<std::string, std::string> flag_values;
  for (auto& d : describe_settings()) {
    std::string help = d.help + " [env " + d.env + ", config key \"" + d.key + "\"]";
    serve->add_option(d.flag, flag_values[d.flag], help)->type_name(d.is_number ? "INT" : "TEXT");
  }

  replay_options replay;
  auto* replay_cmd = app.add_subcommand(
      "replay", "Print a match's stored events and the hash of the state they rebuild.");
  replay_cmd->add_option("--data-dir", replay.data_dir, "data directory (default: var)");
  replay_cmd->add_option("--at", replay.at, "stop after this event seq");
  replay_cmd->add_flag("--quiet", replay.quiet, "print only the state hash line");
  replay_cmd->add_option("match_id", replay.match_id, "the match to replay")->required();
  add_embeddings_commands(app);
  add_wortkunst_commands(app);
  add_spymaster_commands(app);
  add_vectorcards_commands(app);

  CLI11_PARSE(app, argc, argv);

  if (*replay_cmd) return run_replay(replay);

  settings config;
  if (config_path.empty() && std::ifstream("config/wordhall.json")) config_path = "config/wordhall.json";
  if (!config_path.empty()) {
    auto loaded = load_settings_file(config_path, config);
    if (!loaded) {
      std::cerr << "wordhall: " << loaded.err().message << "\n";
      return 2;
    }
  }
  auto env = apply_settings_env(config, [](const char* name) { return std::getenv(name); });
  if (!env) {
    std::cerr << "wordhall: " << env.err().message << "\n";
    return 2;
  }
  for (auto& d : describe_settings()) {
    auto opt = serve->get_option(d.flag);
    if (opt->count() == 0) continue;
    auto set = set_setting(d, config, flag_values[d.flag]);
    if (!set) {
      std::cerr << "wordhall: " << d.flag << ": " << set.err().message << "\n";
      return 2;
    }
  }
  return run_serve(config);
}
