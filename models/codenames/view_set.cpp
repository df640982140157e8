// Loading several views over one clue vocabulary; the contract is in view_set.hpp.
#include "models/codenames/view_set.hpp"

#include <filesystem>

#include "models/vector_cache.hpp"

namespace wordhall::codenames {

std::string view_name(std::string_view path) {
  return std::filesystem::path(path).stem().string();
}

bool has_entry_in_every_view(const view_set& views, std::string_view entry) {
  for (const auto& space : views.spaces)
    if (!has_entry_vector(space->vectors(), entry)) return false;
  return true;
}

result<std::shared_ptr<const view_set>> load_view_set(
    const clue_space_sources& sources, const std::vector<std::string>& view_files,
    const std::function<bool(std::string_view)>& keep) {
  if (view_files.empty()) return make_error("invalid_argument", "a view set needs a view");
  std::vector<models::embeddings> others;
  for (size_t v = 1; v < view_files.size(); ++v) {
    auto loaded = models::load_vectors_cached(view_files[v]);
    if (!loaded) return loaded.err();
    others.push_back(std::move(loaded).value());
  }
  auto every_view_knows = [&](std::string_view word) {
    for (const auto& other : others)
      if (!other.index_of(word)) return false;
    return !keep || keep(word);
  };
  clue_space_sources first = sources;
  first.vectors = view_files.front();
  auto space = load_clue_space(first, every_view_knows);
  if (!space) return space.err();

  auto views = std::make_shared<view_set>();
  views->names.push_back(view_name(view_files.front()));
  views->spaces.push_back(space.value());
  for (size_t v = 1; v < view_files.size(); ++v) {
    views->names.push_back(view_name(view_files[v]));
    views->spaces.push_back(std::make_shared<clue_space>(
        std::move(others[v - 1]), space.value()->words(), space.value()->blocked()));
  }
  return std::shared_ptr<const view_set>(std::move(views));
}

}  // namespace wordhall::codenames
