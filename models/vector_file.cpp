// Reading and writing the compact vectors file; the layout is in vector_file.hpp.
#include "models/vector_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <Eigen/Core>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

namespace wordhall::models {
namespace {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the file's integers are little-endian");

constexpr uint32_t format_version = 1;
constexpr uint32_t flag_normalised = 1;
constexpr size_t header_bytes = 64;
constexpr size_t checksum_offset = 56;

uint64_t align64(uint64_t n) { return (n + 63) & ~uint64_t{63}; }

uint64_t fnv1a(uint64_t hash, const char* data, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    hash ^= static_cast<unsigned char>(data[i]);
    hash *= 0x100000001b3ull;
  }
  return hash;
}
constexpr uint64_t fnv1a_start = 0xcbf29ce484222325ull;

template <class T>
void put(char* at, T value) { std::memcpy(at, &value, sizeof value); }
template <class T>
T get(const char* at) {
  T value;
  std::memcpy(&value, at, sizeof value);
  return value;
}

struct mapping {
  void* address = MAP_FAILED;
  size_t size = 0;
  ~mapping() {
    if (address != MAP_FAILED) ::munmap(address, size);
  }
};

}  // namespace

result<void> write_vector_file(const embeddings& vectors, const std::string& path,
                               element_type type) {
  const uint64_t count = vectors.size();
  const size_t dims = vectors.dimensions();
  std::string vocabulary;
  for (size_t i = 0; i < count; ++i) {
    std::string_view word = vectors.word(i);
    char length[4];
    put(length, static_cast<uint32_t>(word.size()));
    vocabulary.append(length, 4).append(word);
  }
  const size_t element_bytes = type == element_type::float32 ? 4 : 2;
  const uint64_t matrix_offset = align64(header_bytes + vocabulary.size());
  const uint64_t norms_offset = align64(matrix_offset + count * dims * element_bytes);

  char header[header_bytes] = {};
  std::memcpy(header, vector_file_magic.data(), 8);
  put(header + 8, format_version);
  put(header + 12, static_cast<uint32_t>(type));
  put(header + 16, count);
  put(header + 24, static_cast<uint32_t>(dims));
  put(header + 28, flag_normalised);
  put(header + 32, static_cast<uint64_t>(vocabulary.size()));
  put(header + 40, matrix_offset);
  put(header + 48, norms_offset);
  uint64_t checksum = fnv1a(fnv1a_start, header, checksum_offset);
  put(header + checksum_offset, fnv1a(checksum, vocabulary.data(), vocabulary.size()));

  const std::string temporary = path + ".tmp";
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  if (!out) return make_error("io_error", temporary + ": " + std::strerror(errno));
  const std::string zeros(64, '\0');
  out.write(header, header_bytes).write(vocabulary.data(), vocabulary.size());
  out.write(zeros.data(), matrix_offset - header_bytes - vocabulary.size());
  if (type == element_type::float32) {
    out.write(reinterpret_cast<const char*>(vectors.row_data()), count * dims * 4);
  } else {
    std::vector<Eigen::half> row(dims);
    for (size_t i = 0; i < count; ++i) {
      const float* source = vectors.row_data() + i * dims;
      for (size_t j = 0; j < dims; ++j) row[j] = Eigen::half(source[j]);
      out.write(reinterpret_cast<const char*>(row.data()), dims * 2);
    }
  }
  out.write(zeros.data(), norms_offset - matrix_offset - count * dims * element_bytes);
  out.write(reinterpret_cast<const char*>(vectors.norm_data()), count * 4);
  out.close();
  if (!out || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    return make_error("io_error", path + ": write failed: " + std::strerror(errno));
  }
  return {};
}

result<embeddings> load_vector_file(const std::string& path, size_t limit) {
  auto corrupt = [&](const std::string& why) {
    return make_error("data_loss", path + ": not a valid compact vectors file: " + why);
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return make_error("io_error", path + ": " + std::strerror(errno));
  struct stat st {};
  auto map = std::make_shared<mapping>();
  if (::fstat(fd, &st) == 0 && st.st_size >= static_cast<off_t>(header_bytes)) {
    map->size = static_cast<size_t>(st.st_size);
    map->address = ::mmap(nullptr, map->size, PROT_READ, MAP_PRIVATE, fd, 0);
  }
  int mmap_errno = errno;
  ::close(fd);
  if (map->size == 0) return corrupt("shorter than its header");
  if (map->address == MAP_FAILED) {
    return make_error("io_error", path + ": mmap: " + std::strerror(mmap_errno));
  }
  const char* base = static_cast<const char*>(map->address);
  const uint64_t size = map->size;
  if (std::string_view(base, 8) != vector_file_magic) return corrupt("bad magic");
  if (get<uint32_t>(base + 8) != format_version) return corrupt("unknown version");
  const uint32_t type = get<uint32_t>(base + 12);
  const uint64_t count = get<uint64_t>(base + 16);
  const uint64_t dims = get<uint32_t>(base + 24);
  const uint64_t vocabulary_bytes = get<uint64_t>(base + 32);
  const uint64_t matrix_offset = get<uint64_t>(base + 40);
  const uint64_t norms_offset = get<uint64_t>(base + 48);
  if (type != 1 && type != 2) return corrupt("unknown element type");
  if ((get<uint32_t>(base + 28) & flag_normalised) == 0) return corrupt("rows not normalised");
  if (dims == 0 || dims > 100000 || vocabulary_bytes > size || count > size / 4) {
    return corrupt("header values out of range");
  }
  const uint64_t element_bytes = type == 1 ? 4 : 2;
  if (matrix_offset != align64(header_bytes + vocabulary_bytes) || matrix_offset > size ||
      count > (size - matrix_offset) / (dims * element_bytes) ||
      norms_offset != align64(matrix_offset + count * dims * element_bytes) ||
      size != norms_offset + count * 4) {
    return corrupt("offsets do not match the file size (truncated?)");
  }
  uint64_t checksum = fnv1a(fnv1a_start, base, checksum_offset);
  checksum = fnv1a(checksum, base + header_bytes, vocabulary_bytes);
  if (checksum != get<uint64_t>(base + checksum_offset)) return corrupt("checksum mismatch");

  const uint64_t kept = limit != 0 && limit < count ? limit : count;
  embeddings_parts parts;
  parts.dimensions = dims;
  parts.words.reserve(kept);
  const char* at = base + header_bytes;
  const char* vocabulary_end = at + vocabulary_bytes;
  for (uint64_t i = 0; i < kept; ++i) {
    if (vocabulary_end - at < 4) return corrupt("vocabulary ends early");
    uint32_t length = get<uint32_t>(at);
    at += 4;
    if (static_cast<uint64_t>(vocabulary_end - at) < length) return corrupt("vocabulary ends early");
    parts.words.emplace_back(at, length);
    at += length;
  }
  parts.norms = reinterpret_cast<const float*>(base + norms_offset);
  if (type == 1) {
    parts.rows = reinterpret_cast<const float*>(base + matrix_offset);
    ::madvise(const_cast<char*>(base) + matrix_offset, kept * dims * 4, MADV_WILLNEED);
  } else {
    parts.owned_rows.resize(kept * dims);
    const char* halves = base + matrix_offset;
    for (uint64_t i = 0; i < kept; ++i) {
      float* row = parts.owned_rows.data() + i * dims;
      double sum = 0;
      for (uint64_t j = 0; j < dims; ++j) {
        row[j] = static_cast<float>(get<Eigen::half>(halves + 2 * (i * dims + j)));
        sum += double(row[j]) * row[j];
      }
      float scale = sum > 0 ? static_cast<float>(1 / std::sqrt(sum)) : 0.0f;
      for (uint64_t j = 0; j < dims; ++j) row[j] *= scale;
    }
  }
  parts.backing = std::move(map);
  return embeddings(std::move(parts));
}

}  // namespace wordhall::models
