#include "events/json_writer.hpp"

#include <charconv>
#include <cmath>

namespace wordhall {

namespace {

// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF) that starts text[i] with a byte >= 0x80, or 0 if there is none.
size_t utf8_sequence_length(std::string_view text, size_t i) {
  auto at = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = at(i);
  size_t length;
  unsigned char low = 0x80, high = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;   // overlong
    if (lead == 0xed) high = 0x9f;  // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;   // overlong
    if (lead == 0xf4) high = 0x8f;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (at(i + 1) < low || at(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k)
    if (at(i + k) < 0x80 || at(i + k) > 0xbf) return 0;
  return length;
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out.push_back('"');
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out.push_back(hex[c >> 4]);
          out.push_back(hex[c & 0xf]);
        } else if (c < 0x80) {
          out.push_back(static_cast<char>(c));
        } else if (size_t length = utf8_sequence_length(text, i)) {
          out.append(text.data() + i, length);
          i += length - 1;
        } else {
          out += "\xef\xbf\xbd";  // U+FFFD for each byte that starts no valid sequence
        }
    }
  }
  out.push_back('"');
}

void json_writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_element_.empty()) {
    if (has_element_.back()) out_.push_back(',');
    has_element_.back() = true;
  }
}

json_writer& json_writer::begin_object() {
  before_value();
  out_.push_back('{');
  has_element_.push_back(false);
  return *this;
}

json_writer& json_writer::end_object() {
  out_.push_back('}');
  has_element_.pop_back();
  return *this;
}

json_writer& json_writer::begin_array() {
  before_value();
  out_.push_back('[');
  has_element_.push_back(false);
  return *this;
}

json_writer& json_writer::end_array() {
  out_.push_back(']');
  has_element_.pop_back();
  return *this;
}

json_writer& json_writer::key(std::string_view name) {
  before_value();
  append_json_string(out_, name);
  out_.push_back(':');
  after_key_ = true;
  return *this;
}

json_writer& json_writer::value(std::string_view text) {
  before_value();
  append_json_string(out_, text);
  return *this;
}

json_writer& json_writer::value(bool flag) {
  before_value();
  out_ += flag ? "true" : "false";
  return *this;
}

json_writer& json_writer::value_int(int64_t number) {
  before_value();
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, number);
  out_.append(buf, end);
  return *this;
}

json_writer& json_writer::value_uint(uint64_t number) {
  before_value();
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, number);
  out_.append(buf, end);
  return *this;
}

json_writer& json_writer::value(double number) {
  if (!std::isfinite(number)) return null();
  before_value();
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, number);
  out_.append(buf, end);
  return *this;
}

json_writer& json_writer::null() {
  before_value();
  out_ += "null";
  return *this;
}

json_writer& json_writer::raw(std::string_view json) {
  before_value();
  out_ += json;
  return *this;
}

void write_strings(json_writer& out, const std::vector<std::string>& list) {
  out.begin_array();
  for (auto& s : list) out.value(s);
  out.end_array();
}

void write_ints(json_writer& out, const std::vector<int>& list) {
  out.begin_array();
  for (int i : list) out.value(i);
  out.end_array();
}

std::string error_json(std::string_view code, std::string_view message) {
  json_writer out;
  out.begin_object().key("error").begin_object();
  out.field("code", code).field("message", message);
  out.end_object().end_object();
  return out.take();
}

}  // namespace wordhall
