#include "models/codenames/codenames_deck.hpp"

#include <fstream>
#include <unordered_set>

#include "models/blocklist.hpp"

namespace wordhall::codenames {

result<std::vector<std::string>> load_deck_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return make_error("io_error", "cannot read the deck " + path);
  std::vector<std::string> deck;
  std::unordered_set<std::string> seen;
  std::string line;
  while (std::getline(in, line)) {
    std::string entry;
    bool space = false;
    for (char c : line) {
      if (c == ' ' || c == '\t' || c == '\r') {
        space = !entry.empty();
        continue;
      }
      if (space) entry += ' ';
      space = false;
      entry += c;
    }
    if (entry.empty() || entry[0] == '#') continue;
    entry = models::fold_case(entry);
    if (seen.insert(entry).second) deck.push_back(std::move(entry));
  }
  return deck;
}

result<std::unordered_set<std::string>> load_word_list(const std::string& path) {
  std::ifstream in(path);
  if (!in) return make_error("io_error", "cannot read " + path);
  std::unordered_set<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    out.insert(models::fold_case(line));
  }
  return out;
}

}  // namespace wordhall::codenames
