// Reading JSON with simdjson's DOM, with errors in the product's vocabulary.
//
// Every accessor names the field it could not read, so a client that sends `{"cell":"x"}` learns
// `bad_field: "cell" must be an integer` rather than a bare parse failure.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"

// Reads `expr` (a result) into `target`, or returns its error from the enclosing function.
#define WORDHALL_READ(target, expr)  \
  do {                               \
    auto read_ = (expr);             \
    if (!read_) return read_.err();  \
    target = std::move(*read_);      \
  } while (0)

namespace wordhall {

// A parsed document that owns its parser, so elements stay valid as long as it lives.
class json_document {
 public:
  json_document() = default;
  static result<json_document> parse(std::string_view text);
  simdjson::dom::element root() const { return root_; }

 private:
  std::unique_ptr<simdjson::dom::parser> parser_;
  simdjson::dom::element root_;
};

result<simdjson::dom::object> as_object(simdjson::dom::element e, std::string_view what);
result<std::string> get_string(simdjson::dom::object o, std::string_view field);
result<int64_t> get_int(simdjson::dom::object o, std::string_view field);
result<uint64_t> get_uint(simdjson::dom::object o, std::string_view field);
result<double> get_double(simdjson::dom::object o, std::string_view field);
result<bool> get_bool(simdjson::dom::object o, std::string_view field);
std::optional<simdjson::dom::element> find_field(simdjson::dom::object o, std::string_view field);
std::optional<std::string> optional_string(simdjson::dom::object o, std::string_view field);

// An integer that fits an int (stored counters, seats, cards); one out of range is `bad_field`.
result<int> read_int(simdjson::dom::object o, std::string_view field);
// A field that must hold an array, and arrays that must hold only strings / only ints.
result<simdjson::dom::array> read_array(simdjson::dom::object o, std::string_view field);
result<std::vector<std::string>> read_strings(simdjson::dom::object o, std::string_view field);
result<std::vector<int>> read_ints(simdjson::dom::object o, std::string_view field);

// The array `e` holds (check is_array() first), by value: a range-for over
// `e.get_array().value()` would iterate a temporary destroyed before the loop body runs.
simdjson::dom::array array_of(simdjson::dom::element e);

// Re-encodes an element as compact JSON text.
std::string to_json_text(simdjson::dom::element e);

// A stored event's payload as games decode it: `decode(type, object)` for version 1, whose
// payload must be a JSON object; any other version is `bad_event`.
template <class Decode>
auto decode_payload_v1(const std::string& type, uint32_t version, std::string_view payload,
                       Decode&& decode) -> decltype(decode(type, simdjson::dom::object{})) {
  if (version != 1)
    return make_error("bad_event", "unknown version " + std::to_string(version) + " of " + type);
  auto doc = json_document::parse(payload);
  if (!doc) return doc.err();
  auto o = as_object(doc->root(), "payload");
  if (!o) return o.err();
  return decode(type, *o);
}

}  // namespace wordhall
