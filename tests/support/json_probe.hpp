// Reading fields out of JSON text in tests, failing the test on anything unexpected.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "events/json_read.hpp"

namespace wordhall::testing {

class json_probe {
 public:
  explicit json_probe(const std::string& text) : text_(text) {
    auto doc = json_document::parse(text_);
    INFO(text_);
    REQUIRE(doc.ok());
    doc_ = std::move(*doc);
  }
  simdjson::dom::element root() const { return doc_.root(); }
  std::string str(const char* pointer) const { return std::string(at(pointer).get_string().value()); }
  int64_t num(const char* pointer) const { return at(pointer).get_int64().value(); }
  bool has(const char* pointer) const { return !root().at_pointer(pointer).error(); }
  simdjson::dom::element at(const char* pointer) const {
    auto e = root().at_pointer(pointer);
    INFO(pointer << " in " << text_);
    REQUIRE_FALSE(e.error());
    return e.value();
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  json_document doc_;
};

}  // namespace wordhall::testing
