// vector_cache: vectors in any format other than our own, converted once into the compact file
// (vector_file.hpp) and kept next to the source, so that later starts map them in milliseconds
// instead of parsing gigabytes of text or word2vec records again.
//
// Contract:
//   - A compact file loads as it is. Any other file loads from its cache, "<file>.whv" (with a
//     limit: "<file>.limit-N.whv"), when that exists and was written no earlier than the source
//     was last modified; otherwise the source is parsed (with `options.progress`), the cache is
//     written (float32: searches give exactly the source's results) and the parsed vectors
//     are returned.
//   - A cache that cannot be written (read-only folder, full disk) costs only the parse next
//     time (the cache is written to "<cache>.tmp" and renamed, so none is ever half written); one that cannot be read (truncated, corrupt) is parsed again and rewritten. Errors
//     are the source's own (see loaders.hpp).
#pragma once

#include <string>

#include "events/result.hpp"
#include "models/embeddings.hpp"
#include "models/loaders.hpp"

namespace wordhall::models {

enum class vectors_origin { compact_file, cache, parsed };

// Where the compact copy of `path` loaded with `limit` words lives.
std::string vector_cache_path(const std::string& path, size_t limit);

// `origin`, when given, says where the vectors came from (logs, tests).
result<embeddings> load_vectors_cached(const std::string& path, const load_options& options = {},
                                       vectors_origin* origin = nullptr);

}  // namespace wordhall::models
