// text_file: reading one of the judge's data files whole and walking its lines.
#pragma once

#include <algorithm>
#include <fstream>
#include <string>
#include <string_view>

namespace wordhall::judge {

// The whole file in `out`, one read instead of a string per line; false when it cannot be read.
inline bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  in.seekg(0, std::ios::end);
  out.resize(static_cast<std::size_t>(std::max<std::streamoff>(0, in.tellg())));
  in.seekg(0);
  in.read(out.data(), static_cast<std::streamsize>(out.size()));
  return static_cast<bool>(in) || in.eof();
}

// Calls `line` with each line of `text`, without its line ending ("\n" or "\r\n").
template <class F>
void for_each_line(std::string_view text, F&& line) {
  while (!text.empty()) {
    auto end = text.find('\n');
    auto l = text.substr(0, end);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    line(l);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

}  // namespace wordhall::judge
