// Text loader for word2vec text, fastText .vec and GloVe; formats are described in loaders.hpp.
#include <charconv>
#include <string>
#include <vector>

#include "models/embeddings_builder.hpp"
#include "models/file_reader.hpp"
#include "models/loaders.hpp"

namespace wordhall::models {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Splits on runs of blanks; trailing blanks (fastText) and '\r' (Windows files) vanish.
void split_fields(std::string_view line, std::vector<std::string_view>& fields) {
  fields.clear();
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
}

std::string quote(std::string_view text) { return "\"" + std::string(text.substr(0, 60)) + "\""; }

}  // namespace

result<embeddings> load_text_vectors(const std::string& path, const load_options& options) {
  auto opened = file_reader::open(path);
  WORDHALL_TRY(opened);
  file_reader& in = opened.value();
  auto fail = [&](size_t line_number, std::string message) {
    return make_error("bad_vectors", path + " line " + std::to_string(line_number) + ": " +
                                         std::move(message));
  };

  std::string line;
  std::vector<std::string_view> fields;
  if (!in.read_line(line)) return make_error("bad_vectors", path + ": the file is empty");
  size_t announced = 0, dims = 0;
  bool has_header = detail::parse_header(line, announced, dims);
  if (has_header) {
    if (dims == 0 || dims > detail::max_dimensions) {
      return fail(1, "header announces " + std::to_string(dims) + " dimensions");
    }
  } else {
    split_fields(line, fields);
    if (fields.size() < 2) return fail(1, "expected a word followed by its numbers");
    dims = fields.size() - 1;
  }
  // The shortest text row is "w 0 0 ...": two bytes a value.
  size_t expected = has_header ? detail::plausible_count(announced, in.size(), 2 * dims) : 0;
  embeddings_builder builder(dims, options.limit, expected);
  progress_bar progress("loading " + path, in.size(), options.progress);

  std::vector<float> values(dims);
  size_t line_number = 1;
  size_t records = 0;
  bool pending = !has_header;  // GloVe: the first line is already a record
  while (!builder.full() && (!has_header || records < announced)) {
    if (!pending) {
      if (!in.read_line(line)) break;
      ++line_number;
    }
    pending = false;
    split_fields(line, fields);
    if (fields.empty()) continue;
    if (fields.size() - 1 != dims) {
      return fail(line_number, "expected " + std::to_string(dims) + " numbers after " +
                                   quote(fields[0]) + ", found " +
                                   std::to_string(fields.size() - 1));
    }
    for (size_t i = 0; i < dims; ++i) {
      std::string_view field = fields[i + 1];
      auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), values[i]);
      if (ec != std::errc() || end != field.data() + field.size()) {
        return fail(line_number, quote(field) + " (value " + std::to_string(i + 1) + " of " +
                                     quote(fields[0]) + ") is not a number");
      }
    }
    auto added = builder.add(fields[0], values.data());
    if (!added) return located(added.err(), path + " line " + std::to_string(line_number));
    ++records;
    progress.update(in.position());
  }
  if (has_header && records < announced && !builder.full()) {
    return fail(line_number, "file ends after " + std::to_string(records) + " of the " +
                                 std::to_string(announced) + " vectors its header announces");
  }
  progress.finish(in.position());
  return std::move(builder).finish();
}

}  // namespace wordhall::models
