#include "storage/jetstream_codec.hpp"

#include <cstring>

#include "storage/crc32c.hpp"
#include "storage/record_codec.hpp"

namespace wordhall::storage {
namespace {

bool passes_through(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void put_u32_le(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint32_t get_u32_le(const char* p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    v |= static_cast<uint32_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  }
  return v;
}

void put_u64_le(std::string* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint64_t get_u64_le(const char* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) {
    v |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  }
  return v;
}

}  // namespace

std::string match_token(std::string_view match_id) {
  static const char digits[] = "0123456789ABCDEF";
  std::string token;
  token.reserve(match_id.size());
  for (char ch : match_id) {
    const auto c = static_cast<unsigned char>(ch);
    if (passes_through(c)) {
      token.push_back(ch);
    } else {
      token.push_back('=');
      token.push_back(digits[c >> 4]);
      token.push_back(digits[c & 0xf]);
    }
  }
  return token;
}

bool decode_match_token(std::string_view token, std::string* match_id) {
  match_id->clear();
  for (size_t i = 0; i < token.size(); ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    if (passes_through(c)) {
      match_id->push_back(token[i]);
      continue;
    }
    if (c != '=' || i + 2 >= token.size()) return false;
    const int high = hex_value(token[i + 1]), low = hex_value(token[i + 2]);
    if (high < 0 || low < 0) return false;
    const auto byte = static_cast<unsigned char>(high * 16 + low);
    // One spelling per id: a byte that passes through is never escaped.
    if (passes_through(byte)) return false;
    match_id->push_back(static_cast<char>(byte));
    i += 2;
  }
  return !match_id->empty();
}

void encode_append_message(const std::vector<event_envelope>& events, std::string* out) {
  out->clear();
  out->push_back(static_cast<char>(append_message_format));
  put_u32_le(out, static_cast<uint32_t>(events.size()));
  std::string value;
  for (const auto& event : events) {
    encode_event_value(event, &value);
    put_u32_le(out, static_cast<uint32_t>(value.size()));
    out->append(value);
  }
}

status decode_append_message(std::string_view message, std::vector<event_envelope>* out) {
  out->clear();
  if (message.size() < 5) return status::data_loss("append message too short");
  if (static_cast<uint8_t>(message[0]) != append_message_format) {
    return status::data_loss("append message has unknown format " +
                             std::to_string(static_cast<uint8_t>(message[0])));
  }
  const uint32_t count = get_u32_le(message.data() + 1);
  size_t pos = 5;
  for (uint32_t i = 0; i < count; ++i) {
    if (message.size() - pos < 4) return status::data_loss("append message cut short");
    const uint32_t len = get_u32_le(message.data() + pos);
    pos += 4;
    if (message.size() - pos < len) return status::data_loss("event length runs past the message");
    event_envelope event;
    status s = decode_event_value(message.substr(pos, len), &event);
    if (!s.ok()) return s;
    if (!out->empty() && event.seq != out->back().seq + 1) {
      return status::data_loss("append message holds seq " + std::to_string(event.seq) +
                               " after " + std::to_string(out->back().seq));
    }
    out->push_back(std::move(event));
    pos += len;
  }
  if (pos != message.size()) return status::data_loss("trailing bytes after append message");
  return status::success();
}

void encode_snapshot_entry(const snapshot_record& snapshot, const read_hint& hint,
                           std::string* out) {
  std::string hint_bytes;
  put_u64_le(&hint_bytes, hint.seq);
  put_u64_le(&hint_bytes, hint.stream_seq);
  out->clear();
  put_u32_le(out, crc32c::mask(crc32c::value(hint_bytes)));
  out->append(hint_bytes);
  std::string value;
  encode_snapshot_value(snapshot, &value);
  out->append(value);
}

status decode_snapshot_entry(std::string_view entry, snapshot_record* snapshot, read_hint* hint) {
  if (entry.size() < 20) return status::data_loss("snapshot entry too short");
  const std::string_view hint_bytes = entry.substr(4, 16);
  if (crc32c::unmask(get_u32_le(entry.data())) != crc32c::value(hint_bytes)) {
    return status::data_loss("snapshot entry's read hint fails its checksum");
  }
  status s = decode_snapshot_value(entry.substr(20), snapshot);
  if (!s.ok()) return s;
  *hint = read_hint{get_u64_le(hint_bytes.data()), get_u64_le(hint_bytes.data() + 8)};
  if (hint->seq > snapshot->seq) {
    return status::data_loss("snapshot entry's read hint is past its snapshot");
  }
  return s;
}

bool match_id_before(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

}  // namespace wordhall::storage
