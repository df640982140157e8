// json_writer: a small streaming JSON writer (simdjson only reads).
//
// Output is compact and canonical for a given call sequence: keys appear in the order written,
// doubles use the shortest text that reads back to the same value, NaN and infinities become null.
// State hashes are taken over this text, so the same state must always be written the same way.
// Strings come out as valid UTF-8 whatever their bytes (a URL may carry any): each byte that
// starts no well-formed sequence becomes U+FFFD; valid text is written unchanged.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wordhall {

class json_writer {
 public:
  json_writer& begin_object();
  json_writer& end_object();
  json_writer& begin_array();
  json_writer& end_array();
  json_writer& key(std::string_view name);

  json_writer& value(std::string_view text);
  json_writer& value(const char* text) { return value(std::string_view{text}); }
  json_writer& value(const std::string& text) { return value(std::string_view{text}); }
  json_writer& value(bool flag);
  json_writer& value(int number) { return value_int(number); }
  json_writer& value(long number) { return value_int(number); }
  json_writer& value(long long number) { return value_int(number); }
  json_writer& value(unsigned number) { return value_uint(number); }
  json_writer& value(unsigned long number) { return value_uint(number); }
  json_writer& value(unsigned long long number) { return value_uint(number); }
  json_writer& value(double number);
  json_writer& null();
  // Inserts already-encoded JSON text as one value.
  json_writer& raw(std::string_view json);

  template <class T>
  json_writer& field(std::string_view name, const T& v) {
    key(name);
    return value(v);
  }
  json_writer& raw_field(std::string_view name, std::string_view json) {
    key(name);
    return raw(json);
  }

  // Room for `bytes` more, so a large text is written without being copied as it grows.
  json_writer& reserve(size_t bytes) {
    out_.reserve(out_.size() + bytes);
    return *this;
  }
  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  json_writer& value_int(int64_t number);
  json_writer& value_uint(uint64_t number);
  void before_value();

  std::string out_;
  // One entry per open container: true once it holds an element (so the next needs a comma).
  std::vector<bool> has_element_;
  bool after_key_ = false;
};

// Writes `list` as one JSON array value.
void write_strings(json_writer& out, const std::vector<std::string>& list);
void write_ints(json_writer& out, const std::vector<int>& list);

// Appends `text` to `out` as a quoted JSON string with the required escapes.
void append_json_string(std::string& out, std::string_view text);

// {"error":{"code":code,"message":message}}: how every failure the project reports reads.
std::string error_json(std::string_view code, std::string_view message);

}  // namespace wordhall
