#include "events/json_writer.hpp"

#include <charconv>
#include <cmath>

namespace wordhall {

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out.push_back('"');
  for (unsigned char c : text) {
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
        } else {
          out.push_back(static_cast<char>(c));
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

}  // namespace wordhall
