// `wordhall wortkunst export`; usage and exit status are in wortkunst_export_command.hpp.
#include "tools/wordhall/wortkunst_export_command.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "events/wortkunst/gcg.hpp"
#include "storage/rocksdb_journal.hpp"

namespace wordhall {
namespace {

int export_game(const std::string& data_dir, const std::string& game_id) {
  std::unique_ptr<storage::rocksdb_journal> journal;
  storage::rocksdb_journal::options open_options;
  open_options.read_only = true;
  auto st = storage::rocksdb_journal::open(data_dir + "/journal", open_options, &journal);
  if (!st.ok()) {
    std::cerr << "wordhall wortkunst export: cannot open the journal in " << data_dir << ": "
              << st.message() << "\n";
    return 1;
  }
  storage::match_meta meta;
  st = journal->read_meta(game_id, &meta);
  if (!st.ok() || meta.game != "wortkunst") {
    std::cerr << "wordhall wortkunst export: no Wortkunst game \"" << game_id << "\""
              << (st.ok() ? " (it is a " + meta.game + " match)" : "") << "\n";
    return 1;
  }
  std::vector<event_envelope> stored;
  st = journal->for_each_event(game_id, 1, UINT64_MAX, [&](const event_envelope& e) {
    stored.push_back(e);
    return true;
  });
  if (!st.ok()) {
    std::cerr << "wordhall wortkunst export: " << st.message() << "\n";
    return 1;
  }
  auto text = wortkunst::gcg_of_stream(stored, game_id, wortkunst::gcg_reader{"", true});
  if (!text) {
    std::cerr << "wordhall wortkunst export: " << text.err().code << ": " << text.err().message
              << "\n";
    return 1;
  }
  std::cout << *text << std::flush;
  return 0;
}

}  // namespace

void add_wortkunst_export_command(CLI::App& wortkunst) {
  auto* cmd = wortkunst.add_subcommand(
      "export", "Print a Wortkunst game (finished or running) as a GCG file, with every rack.");
  auto data_dir = std::make_shared<std::string>("var");
  auto game_id = std::make_shared<std::string>();
  cmd->add_option("--data-dir", *data_dir, "data directory (default: var)");
  cmd->add_option("GAME_ID", *game_id, "The game's id (the gameId of its URL)")->required();
  cmd->callback([data_dir, game_id] { throw CLI::RuntimeError(export_game(*data_dir, *game_id)); });
}

}  // namespace wordhall
