// `wordhall wortkunst ...`: the Wortkunst rules from the command line.
//   check   reads {"board":[15 rows]?, "placement":[{"square","letter","blank"?}…]} on stdin and
//           prints {"ok":true,"words":[…],"formed":[{"word","squares"}…]} or
//           {"ok":false,"error":{"code","message"}} (events/wortkunst/check.hpp, docs/wortkunst.md).
// Exit status: 0 when the placement is legal, 1 when a rule refuses it, 2 on malformed input.
#pragma once

namespace CLI {
class App;
}

namespace wordhall {

// Adds the `wortkunst` subcommand to `app`; like `embeddings`, its commands run while `app`
// parses and end the parse with CLI::RuntimeError carrying their exit status.
void add_wortkunst_commands(CLI::App& app);

}  // namespace wordhall
