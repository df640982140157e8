// `wordhall serve`: the server process, from opening the journal to a graceful stop.
//
// Start-up: open the journal, start group commit, the actor system and the match directory,
// wake matches with pending deadlines, then listen. SIGTERM or SIGINT drains: stop accepting,
// let in-flight appends finish while refusing new commands, tell every browser
// {"type":"restarting"}, close the sockets, exit 0. SIGKILL needs no handling: nothing is
// acknowledged before it is durable.
#pragma once

#include "config/settings.hpp"

namespace wordhall {

int run_serve(const settings& config);

}  // namespace wordhall
