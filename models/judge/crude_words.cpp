#include "models/judge/crude_words.hpp"

#include <algorithm>
#include <iterator>

#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

// Sorted, normalised (upper case; umlauts as letters).
constexpr std::string_view crude_words[] = {
    "ARSCH",     "ARSCHFICKER", "ARSCHLOCH", "BUMSEN",   "FICK",      "FICKEN",   "FLITTCHEN",
    "FOTZE",     "HACKFRESSE",  "HURE",      "HUREN",    "HURENSOHN", "KACKE",    "KACKEN",
    "KANAKE",    "KANAKEN",     "MISSGEBURT", "MÖSE",    "NAZI",      "NAZIS",    "NEGER",
    "NIGGER",    "NUTTE",       "PIMMEL",    "PISSE",    "PISSEN",    "PISSER",   "SCHEISSE",
    "SCHEIßE",   "SCHLAMPE",    "SCHWANZLUTSCHER", "SCHWUCHTEL", "SPASTI", "TITTEN", "WICHSER",
    "ZIGEUNER",
};

bool listed(std::string_view word) {
  return std::find(std::begin(crude_words), std::end(crude_words), word) != std::end(crude_words);
}

}  // namespace

bool is_crude(std::string_view normalised_word, std::string_view lemma,
              const std::vector<std::string>& parts) {
  if (listed(normalised_word) || (!lemma.empty() && listed(normalise_word(lemma)))) return true;
  return std::any_of(parts.begin(), parts.end(), [](const std::string& p) { return listed(p); });
}

}  // namespace wordhall::judge
