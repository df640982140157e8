// spymaster_path_options: the command-line flags that choose and tune a spymaster, shared by
// `wordhall spymaster clue` and `eval`.
//
// Each flag writes one field of spymaster_paths (spymaster_loader.hpp) and its help states that
// field's default. --vectors is left empty: the command resolves it ($WORDHALL_VECTORS, else the
// default).
#pragma once

#include "tools/wordhall/spymaster_loader.hpp"

namespace CLI {
class App;
}

namespace wordhall {

void add_spymaster_path_options(CLI::App* cmd, spymaster_paths& paths);

// `paths` with the vectors resolved: --vectors, else $WORDHALL_VECTORS, else
// default_spymaster_vectors.
spymaster_paths with_vectors_resolved(spymaster_paths paths);

}  // namespace wordhall
