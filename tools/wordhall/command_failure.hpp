// command_failure: how a `wordhall` sub-command reports an error it cannot go on from: one line
// "wordhall <command>: <message>" on standard error, and exit status 2.
#pragma once

#include <iostream>
#include <string_view>

#include "events/result.hpp"

namespace wordhall {

// Prints `e` for the sub-command `command` (e.g. "spymaster train") and returns the exit status.
inline int fail(std::string_view command, const error& e) {
  std::cerr << "wordhall " << command << ": " << e.message << "\n";
  return 2;
}

}  // namespace wordhall
