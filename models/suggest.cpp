#include "models/suggest.hpp"

#include <algorithm>
#include <vector>

#include "models/blocklist.hpp"

namespace wordhall::models {

size_t edit_distance(std::string_view a, std::string_view b, size_t limit) {
  size_t n = a.size(), m = b.size();
  if ((n > m ? n - m : m - n) > limit) return limit + 1;
  // Three rows suffice for the transposition case.
  std::vector<size_t> before(m + 1), prev(m + 1), cur(m + 1);
  for (size_t j = 0; j <= m; ++j) prev[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    size_t row_min = cur[0];
    for (size_t j = 1; j <= m; ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], before[j - 2] + 1);
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > limit) return limit + 1;
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return std::min(prev[m], limit + 1);
}

std::vector<std::string> suggest(std::string_view input,
                                 const std::function<bool(std::string_view)>& in_vocabulary,
                                 const std::vector<std::string>& common, size_t max) {
  std::vector<std::string> out;
  auto add = [&](std::string word) {
    if (out.size() < max && word != input && std::find(out.begin(), out.end(), word) == out.end())
      out.push_back(std::move(word));
  };
  std::string lower = fold_case(input);
  std::string capitalised = lower;
  if (!capitalised.empty() && capitalised[0] >= 'a' && capitalised[0] <= 'z')
    capitalised[0] = static_cast<char>(capitalised[0] - 'a' + 'A');
  std::string upper = lower;
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  for (auto* variant : {&lower, &capitalised, &upper})
    if (in_vocabulary(*variant)) add(*variant);

  size_t limit = lower.size() <= 4 ? 1 : 2;
  std::vector<std::pair<size_t, size_t>> close;  // (distance, index in common)
  for (size_t i = 0; i < common.size(); ++i) {
    size_t d = edit_distance(lower, common[i], limit);
    if (d <= limit && d > 0) close.emplace_back(d, i);
  }
  std::stable_sort(close.begin(), close.end(),
                   [](auto& x, auto& y) { return x.first < y.first; });
  for (auto& [d, i] : close) add(common[i]);
  return out;
}

}  // namespace wordhall::models
