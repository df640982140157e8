#include "events/vectorcards/themes.hpp"

#include <set>

#include "events/json_read.hpp"

namespace wordhall::vectorcards {

result<std::vector<theme>> parse_themes(std::string_view json) {
  auto doc = json_document::parse(json);
  if (!doc) return doc.err();
  auto root = as_object(doc->root(), "themes file");
  if (!root) return root.err();
  auto list = find_field(*root, "themes");
  if (!list || !list->is_array()) return make_error("bad_themes", "\"themes\" must be an array");
  std::vector<theme> out;
  std::set<std::string> names;
  for (auto e : array_of(*list)) {
    auto o = as_object(e, "theme");
    if (!o) return o.err();
    theme t;
    auto name = get_string(*o, "name");
    if (!name) return name.err();
    t.name = *name;
    t.label_nl = optional_string(*o, "label_nl").value_or(t.name);
    t.label_en = optional_string(*o, "label_en").value_or(t.name);
    auto words = find_field(*o, "words");
    if (!words || !words->is_array())
      return make_error("bad_themes", "theme \"" + t.name + "\" needs a \"words\" array");
    for (auto w : array_of(*words)) {
      if (!w.is_string()) return make_error("bad_themes", "theme \"" + t.name + "\" has a non-word");
      t.words.emplace_back(std::string_view(w.get_string().value()));
    }
    if (t.words.size() < 2)
      return make_error("bad_themes", "theme \"" + t.name + "\" needs at least two words");
    if (!names.insert(t.name).second)
      return make_error("bad_themes", "theme \"" + t.name + "\" appears twice");
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace wordhall::vectorcards
