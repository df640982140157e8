// `wordhall serve`: the server process, from opening the journal to a graceful stop.
//
// Start-up: open the journal, start group commit, the actor system and the match directory,
// wake matches with pending deadlines, then listen. SIGTERM or SIGINT drains: stop accepting,
// let in-flight appends finish while refusing new commands, tell every browser
// {"type":"restarting"}, close the sockets, exit 0. SIGKILL needs no handling: nothing is
// acknowledged before it is durable.
#pragma once

#include <vector>

#include "config/settings.hpp"
#include "events/vectorcards/word_space.hpp"
#include "models/word_services.hpp"

namespace wordhall {

int run_serve(const settings& config);

// Where the word vectors, deck and blocklist come from (the tools that load them use it too).
models::word_services_paths word_paths(const settings& config);
// Vector cards' themes; a missing file means no themes, a malformed one is an error.
result<std::vector<vectorcards::theme>> load_themes(const std::string& path);

}  // namespace wordhall
