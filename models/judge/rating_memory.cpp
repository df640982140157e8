#include "models/judge/rating_memory.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <simdjson.h>

#include "events/json_writer.hpp"

namespace wordhall::judge {
namespace {

bool is_offline(std::string_view judge) { return judge == offline_judge_name; }

long long now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::optional<remembered_rating> parse_line(simdjson::dom::parser& parser, std::string_view line) {
  simdjson::dom::element e;
  if (parser.parse(line.data(), line.size()).get(e)) return std::nullopt;
  std::string_view judge, word, explanation;
  int64_t score = 0;
  if (e["judge"].get(judge) || e["word"].get(word) || e["score"].get(score) ||
      e["explanation"].get(explanation))
    return std::nullopt;
  if (judge.empty() || word.empty() || score < 1 || score > 100) return std::nullopt;
  return remembered_rating{std::string(judge),
                           word_rating{std::string(word), static_cast<int>(score), std::string(explanation)}};
}

}  // namespace

std::string rating_memory::key(std::string_view judge, std::string_view normalised_word) {
  std::string k(is_offline(judge) ? "offline\n" : "model\n");
  k += normalised_word;
  return k;
}

result<std::unique_ptr<rating_memory>> rating_memory::open(const std::string& path) {
  std::unique_ptr<rating_memory> memory(new rating_memory());
  if (!path.empty()) WORDHALL_TRY(memory->load(path));
  return memory;
}

rating_memory::~rating_memory() {
  if (fd_ >= 0) ::close(fd_);
}

result<void> rating_memory::load(const std::string& path) {
  auto fail = [&](const std::string& what) {
    return make_error("judge_memory_unavailable", what + " " + path + ": " + std::strerror(errno));
  };
  std::error_code ignored;
  auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ignored);
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) return fail("cannot open");

  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  simdjson::dom::parser parser;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto end = text.find('\n', pos);
    if (end == std::string::npos) {
      // A crash cut this line short before it was acknowledged: drop it for good.
      if (::ftruncate(fd_, static_cast<off_t>(pos)) != 0) return fail("cannot repair");
      break;
    }
    auto entry = parse_line(parser, std::string_view(text).substr(pos, end - pos));
    pos = end + 1;
    if (!entry) {
      ++skipped_lines_;
      continue;
    }
    entry->rating.word = normalise_word(entry->rating.word);
    ratings_.try_emplace(key(entry->judge, entry->rating.word), std::move(*entry));
  }
  return {};
}

std::optional<remembered_rating> rating_memory::find(std::string_view judge, std::string_view word) const {
  std::lock_guard lock{mutex_};
  auto it = ratings_.find(key(judge, normalise_word(word)));
  if (it == ratings_.end()) return std::nullopt;
  return it->second;
}

remembered_rating rating_memory::remember(std::string_view judge, word_rating rating) {
  rating.word = normalise_word(rating.word);
  std::lock_guard lock{mutex_};
  auto [it, fresh] = ratings_.try_emplace(key(judge, rating.word),
                                          remembered_rating{std::string(judge), rating});
  if (!fresh) return it->second;
  json_writer line;
  line.begin_object()
      .field("judge", judge)
      .field("word", rating.word)
      .field("score", rating.score)
      .field("explanation", rating.explanation)
      .field("at", now_ms())
      .end_object();
  if (fd_ >= 0 && !append(line.str() + "\n")) ++write_failures_;
  return it->second;
}

bool rating_memory::append(const std::string& line) {
  // A line half written (disk full) is cut off again, so the next one starts on a line of its own.
  const off_t before = ::lseek(fd_, 0, SEEK_END);
  std::size_t written = 0;
  while (written < line.size()) {
    ssize_t n = ::write(fd_, line.data() + written, line.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (before >= 0 && ::ftruncate(fd_, before) != 0) {
        // Cannot repair: the torn line and whatever follows it on that line are skipped on load.
      }
      return false;
    }
    written += static_cast<std::size_t>(n);
  }
  return ::fdatasync(fd_) == 0;
}

std::size_t rating_memory::size() const {
  std::lock_guard lock{mutex_};
  return ratings_.size();
}

uint64_t rating_memory::write_failures() const {
  std::lock_guard lock{mutex_};
  return write_failures_;
}

}  // namespace wordhall::judge
