// `wordhall wortkunst check`; usage and exit status are in wortkunst_command.hpp.
#include "tools/wordhall/wortkunst_command.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <iterator>
#include <string>

#include "events/wortkunst/check.hpp"
#include "tools/wordhall/wortkunst_export_command.hpp"
#include "tools/wordhall/wortkunst_rate_command.hpp"

namespace wordhall {

void add_wortkunst_commands(CLI::App& app) {
  auto* wortkunst = app.add_subcommand("wortkunst", "Wortkunst's rules from the command line.");
  wortkunst->require_subcommand(1);
  auto* check = wortkunst->add_subcommand(
      "check",
      "Read {\"board\":[15 rows],\"placement\":[tiles]} on stdin; print the words the placement "
      "forms or the rule it breaks (exit 0 legal, 1 refused, 2 malformed input).");
  check->callback([] {
    std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    auto outcome = wortkunst::check_placement_json(input);
    std::cout << outcome.output << "\n" << std::flush;
    throw CLI::RuntimeError(outcome.exit_code);
  });
  add_wortkunst_export_command(*wortkunst);
  add_wortkunst_rate_command(*wortkunst);
}

}  // namespace wordhall
