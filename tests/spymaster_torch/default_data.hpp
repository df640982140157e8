// What the tests of `wordhall spymaster` on the prepared default data share: where the source
// tree, the binary and the default data lie, whether the data is there (tools/test makes sure it
// is), and running the binary from the source tree as a user would.
#pragma once

#include "tests/spymaster_torch/catch_over_torch.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>
#include <sys/wait.h>

namespace wordhall::testing {

inline const std::string root = WORDHALL_SOURCE_DIR;
inline const std::string binary = std::string(WORDHALL_BUILD_DIR) + "/wordhall";
inline const std::string glove = root + "/data/embeddings/glove-6b-100d.whv";
inline const std::string model = root + "/data/models/spymaster-learned.whsm";

inline bool have_default_data() {
  for (const auto& path : {glove, model, std::string("/usr/share/dict/scowl")}) {
    if (std::filesystem::exists(path)) continue;
    // tools/test prepares the data and sets WORDHALL_REQUIRE_DEFAULT_DATA, so CI never skips.
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN(path << " is missing: run tools/prepare-data; skipping");
    return false;
  }
  return true;
}

struct run_result {
  int status = -1;
  std::string output;
};

// Runs `arguments` with the wordhall binary from the source tree (its default paths are relative).
inline run_result run_wordhall(const std::string& arguments) {
  const std::string command = "cd '" + root + "' && '" + binary + "' " + arguments;
  run_result out;
  FILE* p = popen(command.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.output.append(buf, n);
  const int status = pclose(p);
  out.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

// `text` split at its newlines (a last line without one kept).
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    lines.push_back(text.substr(start, end - start));
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

}  // namespace wordhall::testing
