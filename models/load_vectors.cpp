// Format detection and dispatch for the vector loaders; the formats are described in loaders.hpp.
#include <algorithm>
#include <charconv>
#include <string>

#include "events/text.hpp"
#include "models/file_reader.hpp"
#include "models/loaders.hpp"
#include "models/vector_file.hpp"

namespace wordhall::models {
namespace {

// Characters of numbers in text (including "nan" and "inf"), and the separators between them.
bool is_number_text(char c) {
  return (c >= '0' && c <= '9') || std::string_view("+-.eE \t\r\nnaNAifIF").find(c) !=
                                        std::string_view::npos;
}

}  // namespace

const char* format_name(vector_format format) {
  switch (format) {
    case vector_format::word2vec_binary: return "word2vec binary";
    case vector_format::word2vec_text: return "word2vec text";
    case vector_format::glove_text: return "GloVe text";
    case vector_format::wink_json: return "wink JSON";
    case vector_format::compact: return "compact";
  }
  return "unknown";
}

namespace detail {

bool parse_header(std::string_view line, size_t& count, size_t& dimensions) {
  size_t values[2] = {};
  const char* p = line.data();
  const char* end = p + line.size();
  for (size_t& value : values) {
    while (p < end && (*p == ' ' || *p == '\t')) ++p;
    auto [next, ec] = std::from_chars(p, end, value);
    if (ec != std::errc() || next == p) return false;
    p = next;
  }
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
  if (p != end) return false;
  count = values[0];
  dimensions = values[1];
  return true;
}

size_t plausible_count(size_t count, uint64_t file_bytes, size_t min_bytes_per_row) {
  uint64_t most = file_bytes / (min_bytes_per_row ? min_bytes_per_row : 1) + 1;
  return count < most ? count : static_cast<size_t>(most);
}

}  // namespace detail

result<vector_format> detect_vector_format(const std::string& path) {
  if (ends_with(path, ".json")) return vector_format::wink_json;
  auto opened = file_reader::open(path);
  WORDHALL_TRY(opened);
  file_reader& in = opened.value();
  std::string head(64 * 1024, '\0');
  head.resize(in.read(head.data(), head.size()));
  if (head.empty()) return make_error("bad_vectors", path + ": the file is empty");
  if (std::string_view(head).substr(0, 8) == vector_file_magic) return vector_format::compact;

  size_t newline = head.find('\n');
  size_t count = 0, dims = 0;
  if (newline == std::string::npos ||
      !detail::parse_header(std::string_view(head).substr(0, newline), count, dims)) {
    return vector_format::glove_text;
  }
  // After the header comes the first word, a space, then either text numbers or raw floats.
  size_t start = head.find_first_not_of('\n', newline);
  size_t space = start == std::string::npos ? std::string::npos : head.find(' ', start);
  if (space == std::string::npos) return vector_format::word2vec_text;
  // Text: the rest of the line is numbers (DIM of them, unless the file is damaged, which the
  // text loader then reports by line). Binary: raw floats soon hold a byte no number has; the
  // odds that they start with two numbers and a '\n' instead are about one in a million.
  size_t tokens = 0;
  bool in_token = false;
  for (size_t i = space + 1; i < head.size(); ++i) {
    char c = head[i];
    if (c == '\n') {
      return tokens >= std::min<size_t>(dims, 2) ? vector_format::word2vec_text
                                                 : vector_format::word2vec_binary;
    }
    if (!is_number_text(c)) return vector_format::word2vec_binary;
    bool separator = c == ' ' || c == '\t' || c == '\r';
    if (!separator && !in_token) ++tokens;
    in_token = !separator;
  }
  return vector_format::word2vec_text;
}

result<embeddings> load_vectors(const std::string& path, const load_options& options) {
  auto format = detect_vector_format(path);
  WORDHALL_TRY(format);
  switch (format.value()) {
    case vector_format::word2vec_binary: return load_word2vec_binary(path, options);
    case vector_format::word2vec_text:
    case vector_format::glove_text: return load_text_vectors(path, options);
    case vector_format::wink_json: return load_wink_json(path, options);
    case vector_format::compact: return load_vector_file(path, options.limit);
  }
  return make_error("bad_vectors", path + ": unknown format");
}

}  // namespace wordhall::models
