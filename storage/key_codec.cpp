#include "storage/key_codec.hpp"

namespace wordhall::storage {
namespace {

status encode_prefix(char tag, std::string_view match_id, std::string* out) {
  status s = check_match_id(match_id);
  if (!s.ok()) return s;
  out->clear();
  out->push_back(tag);
  out->push_back(static_cast<char>(static_cast<uint8_t>(match_id.size())));
  out->append(match_id.data(), match_id.size());
  return s;
}

status encode_seq_key(char tag, std::string_view match_id, uint64_t seq, std::string* out) {
  status s = encode_prefix(tag, match_id, out);
  if (s.ok()) put_u64_be(out, seq);
  return s;
}

// Parses tag | len | id and returns the id; `rest` is set to what follows it.
bool decode_prefix(char tag, std::string_view key, std::string_view* match_id,
                   std::string_view* rest) {
  if (key.size() < 2 || key[0] != tag) return false;
  size_t len = static_cast<uint8_t>(key[1]);
  if (len == 0 || key.size() < 2 + len) return false;
  *match_id = key.substr(2, len);
  *rest = key.substr(2 + len);
  return true;
}

bool decode_seq_key(char tag, std::string_view key, std::string_view* match_id, uint64_t* seq) {
  std::string_view id, rest;
  if (!decode_prefix(tag, key, &id, &rest) || rest.size() != 8) return false;
  *match_id = id;
  *seq = get_u64_be(rest.data());
  return true;
}

}  // namespace

status check_match_id(std::string_view match_id) {
  if (match_id.empty() || match_id.size() > max_match_id_size) {
    return status::invalid_argument("match id must be 1..255 bytes, got " +
                                    std::to_string(match_id.size()));
  }
  return status::success();
}

void put_u64_be(std::string* out, uint64_t v) {
  char buf[8];
  for (int i = 7; i >= 0; --i, v >>= 8) buf[i] = static_cast<char>(v & 0xff);
  out->append(buf, 8);
}

uint64_t get_u64_be(const char* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<uint8_t>(p[i]);
  return v;
}

status encode_event_key(std::string_view match_id, uint64_t seq, std::string* out) {
  return encode_seq_key(event_tag, match_id, seq, out);
}

status encode_snapshot_key(std::string_view match_id, uint64_t seq, std::string* out) {
  return encode_seq_key(snapshot_tag, match_id, seq, out);
}

status encode_meta_key(std::string_view match_id, std::string* out) {
  return encode_prefix(meta_tag, match_id, out);
}

status event_prefix(std::string_view match_id, std::string* out) {
  return encode_prefix(event_tag, match_id, out);
}

status snapshot_prefix(std::string_view match_id, std::string* out) {
  return encode_prefix(snapshot_tag, match_id, out);
}

std::string meta_prefix() { return std::string(1, meta_tag); }

std::string prefix_successor(std::string_view prefix) {
  std::string next(prefix);
  while (!next.empty()) {
    auto& last = reinterpret_cast<unsigned char&>(next.back());
    if (last != 0xff) {
      ++last;
      return next;
    }
    next.pop_back();
  }
  return next;
}

bool decode_event_key(std::string_view key, std::string_view* match_id, uint64_t* seq) {
  return decode_seq_key(event_tag, key, match_id, seq);
}

bool decode_snapshot_key(std::string_view key, std::string_view* match_id, uint64_t* seq) {
  return decode_seq_key(snapshot_tag, key, match_id, seq);
}

bool decode_meta_key(std::string_view key, std::string_view* match_id) {
  std::string_view id, rest;
  if (!decode_prefix(meta_tag, key, &id, &rest) || !rest.empty()) return false;
  *match_id = id;
  return true;
}

}  // namespace wordhall::storage
