// word2vec binary loader; the format is described in loaders.hpp. Reads record by record through
// a fixed buffer, so a 3.6 GB GoogleNews file needs only its output matrix in memory.
#include <string>
#include <vector>

#include "models/embeddings_builder.hpp"
#include "models/file_reader.hpp"
#include "models/loaders.hpp"

namespace wordhall::models {
namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "word2vec binary files are little-endian; this loader copies floats as they are");

// Longer words mean we are not where a word should start (a text file, or a wrong dimension).
constexpr size_t max_word_bytes = 4096;

}  // namespace

result<embeddings> load_word2vec_binary(const std::string& path, const load_options& options) {
  auto opened = file_reader::open(path);
  WORDHALL_TRY(opened);
  file_reader& in = opened.value();

  std::string header;
  size_t announced = 0, dims = 0;
  if (!in.read_line(header) || !detail::parse_header(header, announced, dims)) {
    return make_error("bad_vectors", path + ": the first line is not a \"COUNT DIMENSIONS\" header");
  }
  if (dims == 0 || dims > detail::max_dimensions) {
    return make_error("bad_vectors",
                      path + ": header announces " + std::to_string(dims) + " dimensions");
  }
  size_t expected = detail::plausible_count(announced, in.size(), 2 + 4 * dims);
  embeddings_builder builder(dims, options.limit, expected);
  progress_bar progress("loading " + path, in.size(), options.progress);

  std::string word;
  std::vector<float> values(dims);
  const size_t vector_bytes = dims * sizeof(float);
  for (size_t record = 1; record <= announced && !builder.full(); ++record) {
    auto fail = [&](std::string message) {
      return make_error("bad_vectors", path + " record " + std::to_string(record) + " of " +
                                           std::to_string(announced) + ": " + std::move(message));
    };
    word.clear();
    int c = in.get();
    while (c == '\n') c = in.get();  // the newline the C tool writes after each vector
    while (c != ' ') {
      if (c < 0) return fail("file ends inside the word (truncated file?)");
      if (word.size() >= max_word_bytes) {
        return fail("no space after the word within " + std::to_string(max_word_bytes) +
                    " bytes (wrong dimensions or not a binary file?)");
      }
      word.push_back(static_cast<char>(c));
      c = in.get();
    }
    size_t got = in.read(reinterpret_cast<char*>(values.data()), vector_bytes);
    if (got != vector_bytes) {
      return fail("file ends after " + std::to_string(got) + " of the " +
                  std::to_string(vector_bytes) + " bytes of the vector of \"" + word +
                  "\" (truncated file?)");
    }
    auto added = builder.add(word, values.data());
    if (!added) {
      return located(added.err(), path + " record " + std::to_string(record));
    }
    progress.update(in.position());
  }
  progress.finish(in.position());
  return std::move(builder).finish();
}

}  // namespace wordhall::models
