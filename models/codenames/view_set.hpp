// view_set: one clue vocabulary seen through several sets of word vectors ("views of meaning").
//
// Each view is a clue_space over the same words in the same order, so row i of every view is the
// same clue word and a spymaster can weigh a word's evidence across views (Kim et al. 2019: a
// spymaster on concatenated vectors stays safe for guessers who think differently). The words are
// those load_clue_space picks for the first view that every other view also knows (and `keep`
// accepts): common lower-case base forms known to every source. A board entry needs a vector in
// every view (has_entry_in_every_view). Read-only after loading.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/clue_space.hpp"

namespace wordhall::codenames {

struct view_set {
  std::vector<std::string> names;                     // "glove-6b-100d", one per view
  std::vector<std::shared_ptr<const clue_space>> spaces;  // same words, same order

  size_t size() const { return spaces.size(); }
  const std::vector<std::string>& words() const { return spaces.front()->words(); }
};

// A view's name: its file name without folders and extension ("glove-6b-100d").
std::string view_name(std::string_view path);

bool has_entry_in_every_view(const view_set& views, std::string_view entry);

// `sources.vectors` is ignored: the views are `view_files`, the first one choosing the words.
// Errors: `invalid_argument` without a view file; those of load_clue_space and load_vectors.
result<std::shared_ptr<const view_set>> load_view_set(
    const clue_space_sources& sources, const std::vector<std::string>& view_files,
    const std::function<bool(std::string_view)>& keep = {});

}  // namespace wordhall::codenames
