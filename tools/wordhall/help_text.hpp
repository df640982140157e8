// help_text: numbers as a sub-command's --help shows its defaults.
#pragma once

#include <cstdio>
#include <string>

namespace wordhall {

// `x` with two decimals ("0.20", "-1.00"): a default as a user would type it.
inline std::string two_decimals(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", x);
  return text;
}

}  // namespace wordhall
