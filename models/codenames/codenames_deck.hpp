// codenames_deck: the deck file Codenames games are dealt from.
//
// Format: one entry, a word or a phrase, per line, in any case; blank lines and lines starting
// with '#' are skipped. Entries are ASCII-lower-cased with surrounding whitespace removed and
// inner runs of whitespace made one space ("Ice  Cream" -> "ice cream"); a repeated entry keeps
// its first line. The project's deck is config/codenames-deck.txt (see deck_curation.hpp).
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"

namespace wordhall::codenames {

constexpr const char* default_deck_path = "config/codenames-deck.txt";

// Errors: `io_error` when the file cannot be read.
result<std::vector<std::string>> load_deck_file(const std::string& path);

// A word list: one word a line, lower-cased; '#' comments and blank lines skipped (the format of
// config/function-words.txt and config/codenames-deck-exclusions.txt). Errors: `io_error`.
result<std::unordered_set<std::string>> load_word_list(const std::string& path);

}  // namespace wordhall::codenames
