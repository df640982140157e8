#include "models/judge/offline_judge.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace wordhall::judge {
namespace {

struct tiles {
  std::string_view letter;
  int count;
};

constexpr tiles tile_set[] = {
    {"A", 5}, {"B", 2}, {"C", 2}, {"D", 4}, {"E", 15}, {"F", 2}, {"G", 3}, {"H", 4},
    {"I", 6}, {"J", 1}, {"K", 2}, {"L", 3}, {"M", 4},  {"N", 9}, {"O", 3}, {"P", 1},
    {"Q", 1}, {"R", 6}, {"S", 7}, {"T", 6}, {"U", 6},  {"V", 1}, {"W", 1}, {"X", 1},
    {"Y", 1}, {"Z", 1}, {"Ä", 1}, {"Ö", 1}, {"Ü", 1},
};

constexpr std::string_view linking_elements[] = {"", "S", "ES", "N", "EN", "ER", "E"};
constexpr std::size_t min_part_letters = 3;

bool is_vowel(std::string_view letter) {
  static constexpr std::string_view vowels[] = {"A", "E", "I", "O", "U", "Y", "Ä", "Ö", "Ü"};
  return std::find(std::begin(vowels), std::end(vowels), letter) != std::end(vowels);
}

bool is_letter(std::string_view letter) {
  if (letter.size() == 1) return letter[0] >= 'A' && letter[0] <= 'Z';
  return static_cast<unsigned char>(letter[0]) >= 0xC3;  // Ä Ö Ü ß and the rest beyond ASCII
}

// "A", "A und B", "A, B und C".
std::string join_german(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " und " : ", ";
    out += items[i];
  }
  return out;
}

struct split_choice {
  std::size_t parts = 0, links = 0;
  std::size_t first_end = 0;  // letter index where the first part ends
  std::size_t next = 0;       // letter index where the next part starts
};

bool better(const split_choice& a, const std::optional<split_choice>& b) {
  if (!b) return true;
  if (a.parts != b->parts) return a.parts < b->parts;
  if (a.links != b->links) return a.links < b->links;
  return a.first_end > b->first_end;
}

}  // namespace

int tile_count(std::string_view letter) {
  for (auto& t : tile_set)
    if (t.letter == letter) return t.count;
  return 1;
}

std::vector<std::string> split_compound(std::string_view word, const german_lexicon& lexicon) {
  auto letters = utf8_letters(word);
  const std::size_t n = letters.size();
  if (n < 2 * min_part_letters || lexicon.size() == 0) return {};
  auto offset = [&](std::size_t i) {
    return i == n ? word.size() : static_cast<std::size_t>(letters[i].data() - word.data());
  };
  auto span = [&](std::size_t from, std::size_t to) {
    return word.substr(offset(from), offset(to) - offset(from));
  };
  // best[i]: the best split of the letters from i to the end into one or more parts.
  std::vector<std::optional<split_choice>> best(n + 1);
  best[n] = split_choice{};
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t end = i + min_part_letters; end <= n; ++end) {
      if (i == 0 && end == n) continue;  // the whole word is no compound of itself
      if (!lexicon.contains(span(i, end))) continue;
      for (auto link : linking_elements) {
        std::size_t link_letters = utf8_letters(link).size();
        std::size_t next = end + link_letters;
        if (next > n || (!link.empty() && (next == n || span(end, next) != link))) continue;
        if (!best[next]) continue;
        split_choice c{best[next]->parts + 1, best[next]->links + (link.empty() ? 0 : 1), end, next};
        if (better(c, best[i])) best[i] = c;
      }
    }
  }
  if (!best[0] || best[0]->parts < 2) return {};
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < n;) {
    parts.emplace_back(span(i, best[i]->first_end));
    i = best[i]->next;
  }
  return parts;
}

word_rating offline_rating(std::string_view word, const german_lexicon& lexicon) {
  const std::string normal = normalise_word(word);
  std::vector<std::string_view> letters;
  for (auto l : utf8_letters(normal))
    if (is_letter(l)) letters.push_back(l);
  const std::size_t n = letters.size();

  double rarity = 0;
  std::vector<std::string> rare;  // one-tile letters, in order of appearance
  for (auto l : letters) {
    int count = tile_count(l);
    rarity += 10.0 / count;
    if (count == 1 && std::find(rare.begin(), rare.end(), l) == rare.end()) rare.emplace_back(l);
  }
  rarity = std::min(45.0, rarity * 1.2);
  double length = n > 2 ? std::min(15.0, 2.0 * (n - 2)) : 0.0;

  auto parts = split_compound(normal, lexicon);
  const bool coinage = lexicon.size() > 0 && parts.empty() && !lexicon.contains(normal);
  double compound = parts.empty() ? 0 : parts.size() == 2 ? 12 : 16;

  std::size_t turns = 0, run = 0, clusters = 0;
  std::string worst_cluster;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && is_vowel(letters[i]) != is_vowel(letters[i - 1])) ++turns;
    run = is_vowel(letters[i]) ? 0 : run + 1;
    if (run == 4) ++clusters;
    if (run >= 4 && run > utf8_letters(worst_cluster).size()) {
      worst_cluster.clear();
      for (std::size_t k = i + 1 - run; k <= i; ++k) worst_cluster += letters[k];
    }
  }
  const double alternation = n > 1 ? static_cast<double>(turns) / (n - 1) : 0.0;
  double rhythm = std::max(0.0, 10.0 * alternation - 3.0 * clusters);

  double total = 8 + rarity + length + compound + (coinage ? 4 : 0) + rhythm;
  int score = std::clamp(static_cast<int>(std::lround(total)), 1, 100);

  std::string first;
  if (!parts.empty()) first = "Zusammengesetzt aus " + join_german(parts);
  else if (coinage) first = "Nicht im Wörterbuch, vielleicht eine kühne Neuschöpfung";
  else if (n <= 4) first = "Ein kurzes Wort";
  else first = "Ein Wort mit " + std::to_string(n) + " Buchstaben";
  if (rare.size() == 1) first += ", mit dem seltenen Buchstaben " + rare[0];
  else if (rare.size() > 1) first += ", mit den seltenen Buchstaben " + join_german(rare);
  else if (n > 0 && rarity < 2.0 * n) first += ", aus lauter häufigen Buchstaben";
  first += ".";

  std::string second;
  if (!worst_cluster.empty()) second = " Die Konsonantenfolge " + worst_cluster + " macht es kantig.";
  else if (n > 2 && alternation >= 0.75) second = " Vokale und Konsonanten wechseln sich harmonisch ab.";
  else if (n > 10) second = " Eine stattliche Länge.";

  return word_rating{std::string(word), score, first + second};
}

}  // namespace wordhall::judge
