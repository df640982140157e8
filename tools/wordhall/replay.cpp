#include "tools/wordhall/replay.hpp"

#include <iostream>

#include "actors/recovery.hpp"
#include "events/game_registry.hpp"
#include "storage/rocksdb_journal.hpp"

namespace wordhall {

int run_replay(const replay_options& options) {
  std::unique_ptr<storage::rocksdb_journal> journal;
  storage::rocksdb_journal::options open_options;
  open_options.read_only = true;
  auto st = storage::rocksdb_journal::open(options.data_dir + "/journal", open_options, &journal);
  if (!st.ok()) {
    std::cerr << "wordhall replay: cannot open the journal in " << options.data_dir << ": "
              << st.message() << "\n";
    return 1;
  }
  storage::match_meta meta;
  st = journal->read_meta(options.match_id, &meta);
  if (!st.ok()) {
    std::cerr << "wordhall replay: no match \"" << options.match_id << "\" (" << st.message()
              << ")\n";
    return 1;
  }
  auto games = make_default_registry();
  const game* g = games.find(meta.game);
  if (!g) {
    std::cerr << "wordhall replay: this build does not know the game \"" << meta.game << "\"\n";
    return 1;
  }
  if (!options.quiet) {
    st = journal->for_each_event(options.match_id, 1, options.at, [](const event_envelope& e) {
      std::cout << encode_envelope_json(e) << "\n";
      return true;
    });
    if (!st.ok()) {
      std::cerr << "wordhall replay: " << st.code_name() << ": " << st.message() << "\n";
      return 1;
    }
  }
  recovery_options recovery;
  recovery.at_most_seq = options.at;
  recovery.use_snapshots = false;  // the hash must come from the events alone
  auto recovered = recover_match(*journal, *g, options.match_id, recovery);
  if (!recovered) {
    std::cerr << "wordhall replay: " << recovered.err().code << ": " << recovered.err().message
              << "\n";
    return 1;
  }
  std::cout << "state_hash=" << state_hash(*g, *recovered->state)
            << " last_seq=" << recovered->last_seq << "\n";
  return 0;
}

}  // namespace wordhall
