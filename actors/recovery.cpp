#include "actors/recovery.hpp"

namespace wordhall {

result<recovered_match> recover_match(const storage::journal& journal, const game& g,
                                      std::string_view match_id,
                                      const recovery_options& options) {
  recovered_match out;
  if (options.use_snapshots) {
    storage::snapshot_record snap;
    auto st = journal.latest_snapshot(match_id, options.at_most_seq, &snap);
    if (st.ok() && snap.game == g.name()) {
      auto decoded = g.decode_state(snap.state);
      if (decoded) {
        out.state = std::move(*decoded);
        out.snapshot_seq = snap.seq;
        out.last_seq = snap.seq;
      }
    }
  }
  if (!out.state) out.state = g.initial_state();

  error failure;
  bool failed = false;
  auto st = journal.for_each_event(
      match_id, out.last_seq + 1, options.at_most_seq, [&](const event_envelope& e) {
        if (e.seq != out.last_seq + 1) {
          failure = make_error("data_loss", "event " + std::to_string(out.last_seq + 1) +
                                                " is missing from match " + std::string(match_id));
          failed = true;
          return false;
        }
        auto applied = g.apply(*out.state, e);
        if (!applied) {
          failure = make_error(applied.err().code, "event " + std::to_string(e.seq) + " (" +
                                                       e.type + "): " + applied.err().message);
          failed = true;
          return false;
        }
        out.last_seq = e.seq;
        ++out.events_replayed;
        return true;
      });
  if (failed) return failure;
  if (!st.ok()) return make_error(st.code_name(), st.message());
  return out;
}

}  // namespace wordhall
