#include "events/json_read.hpp"

#include <limits>

namespace wordhall {

result<json_document> json_document::parse(std::string_view text) {
  json_document doc;
  doc.parser_ = std::make_unique<simdjson::dom::parser>();
  auto parsed = doc.parser_->parse(text.data(), text.size());
  if (parsed.error()) {
    return make_error("bad_json", std::string("malformed JSON: ") +
                                      simdjson::error_message(parsed.error()));
  }
  doc.root_ = parsed.value_unsafe();
  return doc;
}

simdjson::dom::array array_of(simdjson::dom::element e) {
  simdjson::dom::array a;
  if (e.get(a) != simdjson::SUCCESS) return simdjson::dom::array{};
  return a;
}

result<simdjson::dom::object> as_object(simdjson::dom::element e, std::string_view what) {
  simdjson::dom::object o;
  if (e.get(o)) return make_error("bad_json", std::string(what) + " must be a JSON object");
  return o;
}

std::optional<simdjson::dom::element> find_field(simdjson::dom::object o, std::string_view field) {
  simdjson::dom::element e;
  if (o[field].get(e)) return std::nullopt;
  return e;
}

static error field_error(std::string_view field, std::string_view kind) {
  return make_error("bad_field",
                    "\"" + std::string(field) + "\" must be " + std::string(kind));
}

result<std::string> get_string(simdjson::dom::object o, std::string_view field) {
  std::string_view v;
  if (o[field].get(v)) return field_error(field, "a string");
  return std::string(v);
}

std::optional<std::string> optional_string(simdjson::dom::object o, std::string_view field) {
  std::string_view v;
  if (o[field].get(v)) return std::nullopt;
  return std::string(v);
}

result<int64_t> get_int(simdjson::dom::object o, std::string_view field) {
  int64_t v;
  if (o[field].get(v)) return field_error(field, "an integer");
  return v;
}

result<uint64_t> get_uint(simdjson::dom::object o, std::string_view field) {
  uint64_t v;
  if (o[field].get(v)) return field_error(field, "a non-negative integer");
  return v;
}

result<double> get_double(simdjson::dom::object o, std::string_view field) {
  simdjson::dom::element e;
  if (o[field].get(e)) return field_error(field, "a number");
  double d;
  if (!e.get(d)) return d;
  int64_t i;
  if (!e.get(i)) return static_cast<double>(i);
  uint64_t u;
  if (!e.get(u)) return static_cast<double>(u);
  return field_error(field, "a number");
}

result<bool> get_bool(simdjson::dom::object o, std::string_view field) {
  bool v;
  if (o[field].get(v)) return field_error(field, "true or false");
  return v;
}

static bool fits_int(int64_t v) {
  return v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max();
}

result<int> read_int(simdjson::dom::object o, std::string_view field) {
  auto v = get_int(o, field);
  if (!v) return v.err();
  if (!fits_int(*v))
    return field_error(field, "an integer from -2147483648 to 2147483647");
  return static_cast<int>(*v);
}

result<simdjson::dom::array> read_array(simdjson::dom::object o, std::string_view field) {
  auto e = find_field(o, field);
  if (!e || !e->is_array()) return field_error(field, "an array");
  return array_of(*e);
}

result<std::vector<std::string>> read_strings(simdjson::dom::object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<std::string> out;
  for (simdjson::dom::element e : *list) {
    std::string_view text;
    if (e.get(text)) return make_error("bad_field", "\"" + std::string(field) + "\" holds strings");
    out.emplace_back(text);
  }
  return out;
}

result<std::vector<int>> read_ints(simdjson::dom::object o, std::string_view field) {
  auto list = read_array(o, field);
  if (!list) return list.err();
  std::vector<int> out;
  for (simdjson::dom::element e : *list) {
    int64_t v;
    if (e.get(v) || !fits_int(v))
      return make_error("bad_field", "\"" + std::string(field) + "\" holds integers");
    out.push_back(static_cast<int>(v));
  }
  return out;
}

std::string to_json_text(simdjson::dom::element e) { return simdjson::minify(e); }

}  // namespace wordhall
