#include "models/blocklist.hpp"

#include <fstream>
#include <sstream>

namespace wordhall::models {

std::string fold_case(std::string_view word) {
  std::string out(word);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

blocklist blocklist::parse(std::string_view text) {
  blocklist out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.empty() || line.front() == '#') continue;
    if (line.back() == '*') {
      line.remove_suffix(1);
      if (!line.empty()) out.prefixes_.push_back(fold_case(line));
    } else {
      out.exact_.insert(fold_case(line));
    }
  }
  return out;
}

result<blocklist> blocklist::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) return make_error("bad_blocklist", "cannot read the blocklist " + path);
  std::stringstream buf;
  buf << in.rdbuf();
  return parse(buf.str());
}

void blocklist::add(const blocklist& more) {
  exact_.insert(more.exact_.begin(), more.exact_.end());
  prefixes_.insert(prefixes_.end(), more.prefixes_.begin(), more.prefixes_.end());
}

void blocklist::add_word(std::string_view word) { exact_.insert(fold_case(word)); }

bool blocklist::blocks_part(const std::string& part) const {
  if (part.empty()) return false;
  if (exact_.count(part)) return true;
  for (auto& prefix : prefixes_)
    if (part.compare(0, prefix.size(), prefix) == 0) return true;
  return false;
}

bool blocklist::blocks(std::string_view word) const {
  std::string folded = fold_case(word);
  if (blocks_part(folded)) return true;
  std::string part;
  for (char c : folded) {
    if (c == '_' || c == '-') {
      if (blocks_part(part)) return true;
      part.clear();
    } else {
      part.push_back(c);
    }
  }
  return part != folded && blocks_part(part);
}

}  // namespace wordhall::models
