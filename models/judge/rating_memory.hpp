// rating_memory: every word a judge has rated, so a word gets the same rating in every game.
//
// File format (append-only JSON lines, UTF-8), one rating per line:
//   {"judge":"mistral-large-latest","word":"HAUSTÜR","score":64,"explanation":"...","at":1763...}
// `judge` is the model that rated it or "offline"; `word` is normalised (normalise_word); `at` is
// milliseconds since the epoch, for people reading the file. The memory is keyed by judge kind
// (the offline judge, or any model) and word: offline ratings never answer for a model, so
// turning an API key on later gets real ratings, while switching models keeps the earlier
// model's ratings (the same word, the same rating). Within a kind the first rating of a word
// wins: when two games race to rate a new word, the later one is answered with the earlier
// rating, in memory and on reload alike.
//
// Durability: each new line is written with one write(2) and fdatasync'd before remember()
// returns. On open, lines that do not parse are skipped; a last line cut short by a crash is cut
// off the file, so the next append starts on a line of its own. Thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "events/result.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {

constexpr std::string_view offline_judge_name = "offline";

struct remembered_rating {
  std::string judge;  // the model's name, or "offline"
  word_rating rating;  // rating.word is normalised
};

class rating_memory {
 public:
  // Loads `path` (creating it and missing parent directories); an empty path remembers in memory
  // only. Errors: `judge_memory_unavailable` when the file cannot be opened.
  static result<std::unique_ptr<rating_memory>> open(const std::string& path);
  ~rating_memory();
  rating_memory(const rating_memory&) = delete;
  rating_memory& operator=(const rating_memory&) = delete;

  // What the judge kind of `judge` remembers of `word` (normalised here).
  std::optional<remembered_rating> find(std::string_view judge, std::string_view word) const;

  // Remembers `rating` by `judge` unless that kind has rated the word before, and returns what is
  // remembered now: the new rating, or the earlier one. A failed write keeps the rating in memory
  // and counts in write_failures().
  remembered_rating remember(std::string_view judge, word_rating rating);

  std::size_t size() const;
  std::size_t skipped_lines() const { return skipped_lines_; }  // unreadable lines on open
  uint64_t write_failures() const;

 private:
  rating_memory() = default;
  static std::string key(std::string_view judge, std::string_view normalised_word);
  result<void> load(const std::string& path);
  bool append(const std::string& line);

  mutable std::mutex mutex_;
  std::map<std::string, remembered_rating, std::less<>> ratings_;
  int fd_ = -1;
  std::size_t skipped_lines_ = 0;
  uint64_t write_failures_ = 0;
};

}  // namespace wordhall::judge
