// Compact copies of users' vector files; the contract is in vector_cache.hpp.
#include "models/vector_cache.hpp"

#include <filesystem>
#include <system_error>

#include "models/vector_file.hpp"

namespace wordhall::models {
namespace {

namespace fs = std::filesystem;

// True when `cache` exists and was written no earlier than `source` was last modified.
bool fresh(const std::string& cache, const std::string& source) {
  std::error_code error;
  const auto cache_time = fs::last_write_time(cache, error);
  if (error) return false;
  const auto source_time = fs::last_write_time(source, error);
  return !error && cache_time >= source_time;
}

}  // namespace

std::string vector_cache_path(const std::string& path, size_t limit) {
  return limit ? path + ".limit-" + std::to_string(limit) + ".whv" : path + ".whv";
}

result<embeddings> load_vectors_cached(const std::string& path, const load_options& options,
                                       vectors_origin* origin) {
  vectors_origin ignored;
  vectors_origin& from = origin ? *origin : ignored;
  auto format = detect_vector_format(path);
  WORDHALL_TRY(format);
  if (format.value() == vector_format::compact) {
    from = vectors_origin::compact_file;
    return load_vector_file(path, options.limit);
  }
  const std::string cache = vector_cache_path(path, options.limit);
  if (fresh(cache, path)) {
    // The cache already holds only the first `limit` words.
    if (auto vectors = load_vector_file(cache)) {
      from = vectors_origin::cache;
      return vectors;
    }
  }
  auto vectors = load_vectors(path, options);
  WORDHALL_TRY(vectors);
  (void)write_vector_file(vectors.value(), cache, element_type::float32);
  from = vectors_origin::parsed;
  return vectors;
}

}  // namespace wordhall::models
