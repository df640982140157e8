// blocklist: words no game deals, accepts as a joker, shows as a nearest word or gives as a clue.
//
// File format (config/blocklist.txt): one entry per line, UTF-8, compared case-insensitively
// (ASCII case folding); blank lines and lines starting with '#' are ignored. An entry ending in
// '*' blocks every word that starts with it ("slur*" blocks "slurs"); any other entry blocks
// exactly that word. Before matching, a word is folded to lower case and, for multi-word tokens,
// split at '_' and '-' so that "New_York"-style tokens are checked part by part.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"

namespace wordhall::models {

class blocklist {
 public:
  static result<blocklist> load(const std::string& path);
  static blocklist parse(std::string_view text);

  // Blocks what `more` blocks, too.
  void add(const blocklist& more);
  // Blocks exactly `word` (as a line without '*' would), too.
  void add_word(std::string_view word);

  bool blocks(std::string_view word) const;
  size_t size() const { return exact_.size() + prefixes_.size(); }

 private:
  bool blocks_part(const std::string& part) const;

  std::unordered_set<std::string> exact_;
  std::vector<std::string> prefixes_;
};

// ASCII lower-casing; other bytes (UTF-8 sequences) are kept as they are.
std::string fold_case(std::string_view word);

}  // namespace wordhall::models
