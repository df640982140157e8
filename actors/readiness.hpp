// readiness: what `GET /readyz` reports. A server listens at once (liveness: /healthz) and loads
// its heavy parts meanwhile — the word vectors with their nearest-word index, Codenames'
// spymaster, Wortkunst's judge — each on a thread of its own. Every part is first `waiting`;
// it ends `loaded`, or `unavailable` with a reason (no vectors file, a model that failed to
// load): such a server is still ready, it serves what it has and its games say what is missing.
// The server is ready once no part is waiting. A part that worked may stop (the journal on a
// full disk): `blocked` puts it back to waiting with the reason until it is `loaded` again.
// Thread-safe: parts finish on their own threads while HTTP handlers read.
#pragma once

#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace wordhall {

class readiness {
 public:
  struct report {
    bool ready = false;
    std::vector<std::string> waiting;                              // in the order expected
    std::vector<std::pair<std::string, std::string>> unavailable;  // part, reason
    std::vector<std::pair<std::string, std::string>> blocked;      // waiting parts with a reason
  };

  // Declares `part` as loading. Parts are named once; a repeated name is ignored.
  void expect(const std::string& part);
  void loaded(const std::string& part);
  void unavailable(const std::string& part, std::string reason);
  // Waiting again, for `reason`; loaded() ends it.
  void blocked(const std::string& part, std::string reason);

  report snapshot() const;
  // {"status":"ready"|"loading"|"blocked","waiting":[…],"unavailable":[{"part":…,"reason":…}],
  //  "blocked":[{"part":…,"reason":…}]}; "blocked" as status when any waiting part is blocked.
  static std::string to_json(const report& r);

 private:
  enum class state { waiting, loaded, unavailable };
  struct part_state {
    std::string name;
    state now = state::waiting;
    std::string reason;
  };
  part_state* find(const std::string& part);

  mutable std::mutex mu_;
  std::vector<part_state> parts_;
};

}  // namespace wordhall
