// The compact vectors file (".whv"): what `wordhall embeddings convert` writes and `serve` maps.
//
// Layout, all integers little-endian:
//   offset  bytes  field
//   0       8      magic "WHVEC1\0\0"
//   8       4      version, 1
//   12      4      element type: 1 float32, 2 float16
//   16      8      count of words
//   24      4      dimensions
//   28      4      flags: bit 0 set = rows are unit-normalised (this writer always sets it)
//   32      8      V, bytes of vocabulary
//   40      8      M, offset of the matrix, the first multiple of 64 at or after 64 + V
//   48      8      N, offset of the norms, the first multiple of 64 at or after the matrix's end
//   56      8      checksum: FNV-1a 64 over bytes 0..55 and then the vocabulary
//   64      V      vocabulary, in source order: per word a u32 byte length, then its UTF-8 bytes
//   M       ...    count x dimensions elements, row-major, each row of unit length
//   N       4 x count  float32 norm of each source vector
// The file ends right after the norms. The checksum covers what is parsed (header, vocabulary);
// the matrix is not checksummed so that a float32 file maps in milliseconds without being read.
// A float32 file is mapped read-only (MAP_PRIVATE); a float16 one is converted to float32 rows
// (renormalised, since rounding to half precision moves their length a little).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "events/result.hpp"
#include "models/embeddings.hpp"

namespace wordhall::models {

enum class element_type : uint32_t { float32 = 1, float16 = 2 };

constexpr std::string_view vector_file_magic{"WHVEC1\0\0", 8};

// Writes to `path` + ".tmp" and renames, so a reader never sees half a file.
result<void> write_vector_file(const embeddings& vectors, const std::string& path,
                               element_type type);

// Errors: `io_error` (cannot open or map), `data_loss` (bad magic, size, checksum or vocabulary).
// `limit` keeps the first N words (0 keeps all); rows being row-major, that is just a prefix.
result<embeddings> load_vector_file(const std::string& path, size_t limit = 0);

}  // namespace wordhall::models
