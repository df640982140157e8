#include "models/judge/word_sound.hpp"

#include <algorithm>

#include "models/judge/german_lexicon.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

bool is_vowel(std::string_view letter) {
  static constexpr std::string_view vowels[] = {"A", "E", "I", "O", "U", "Y", "Ä", "Ö", "Ü"};
  return std::find(std::begin(vowels), std::end(vowels), letter) != std::end(vowels);
}

bool is_soft(std::string_view letter) {
  return letter == "L" || letter == "M" || letter == "N" || letter == "R" || letter == "W" ||
         letter == "J";
}

struct sound {
  bool vowel = false;
  bool soft = false;
  bool coloured = false;  // an umlaut or a diphthong
  std::string letters;
};

void add_once(std::vector<std::string>& list, std::string_view item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.emplace_back(item);
}

// The letters as sounds: SCH, CH, CK, PH, TH and doubled consonants as one consonant; AU, EI,
// EU, ÄU, AI, IE and doubled vowels as one vowel.
std::vector<sound> sounds_of(const std::vector<std::string_view>& letters) {
  static constexpr std::string_view consonant_groups[] = {"SCH", "CH", "CK", "PH", "TH"};
  static constexpr std::string_view diphthongs[] = {"AU", "EI", "EU", "ÄU", "AI", "IE"};
  std::vector<sound> out;
  for (std::size_t i = 0; i < letters.size();) {
    auto ahead = [&](std::size_t k) {
      std::string s;
      for (std::size_t j = i; j < std::min(letters.size(), i + k); ++j) s += letters[j];
      return s;
    };
    sound s;
    s.vowel = is_vowel(letters[i]);
    std::size_t take = 1;
    if (s.vowel) {
      auto two = ahead(2);
      if (std::find(std::begin(diphthongs), std::end(diphthongs), two) != std::end(diphthongs)) {
        take = 2;
        s.coloured = true;
      } else if (i + 1 < letters.size() && letters[i + 1] == letters[i]) {
        take = 2;
      }
      if (letters[i] == "Ä" || letters[i] == "Ö" || letters[i] == "Ü") s.coloured = true;
    } else {
      for (auto group : consonant_groups)
        if (ahead(utf8_letters(group).size()) == group) {
          take = utf8_letters(group).size();
          break;
        }
      if (take == 1 && i + 1 < letters.size() && letters[i + 1] == letters[i]) take = 2;
      bool doubled = take == 2 && letters[i + 1] == letters[i];  // LL is soft, CH is not
      s.soft = is_soft(letters[i]) && (take == 1 || doubled);
    }
    s.letters = ahead(take);
    out.push_back(std::move(s));
    i += take;
  }
  return out;
}

}  // namespace

word_sound hear(std::string_view normalised_word) {
  std::vector<std::string_view> letters;
  for (auto l : utf8_letters(normalised_word))
    if (letter_index(l) >= 0) letters.push_back(l);
  word_sound out;
  for (std::size_t i = 0; i < letters.size(); ++i) {
    auto l = letters[i];
    if (l == "Ä" || l == "Ö" || l == "Ü") add_once(out.umlauts, l);
    // C is common in CH, CK and SCH; on its own German spells it rarely (CELLO, CAFÉ).
    bool lone_c = l == "C" && (i + 1 == letters.size() || (letters[i + 1] != "H" && letters[i + 1] != "K"));
    if (l == "Q" || l == "X" || l == "Y" || l == "J" || l == "V" || lone_c) add_once(out.rare_letters, l);
  }
  auto sounds = sounds_of(letters);
  if (sounds.empty()) return out;

  std::size_t turns = 0, consonants = 0, soft = 0, run = 0, worst_run = 0;
  bool coloured = false;
  std::string run_letters;
  for (std::size_t i = 0; i < sounds.size(); ++i) {
    auto& s = sounds[i];
    if (i > 0 && s.vowel != sounds[i - 1].vowel) ++turns;
    coloured = coloured || s.coloured;
    if (s.vowel) {
      ++out.syllables;
      run = 0;
      run_letters.clear();
      continue;
    }
    ++consonants;
    soft += s.soft;
    ++run;
    run_letters += s.letters;
    if (run >= 3 && run > worst_run) {
      worst_run = run;
      out.cluster = run_letters;
    }
  }
  out.alternation = sounds.size() > 1 ? static_cast<double>(turns) / (sounds.size() - 1) : 0.0;
  const double sonority = consonants ? static_cast<double>(soft) / consonants : 1.0;
  const auto& last = sounds.back();
  const bool soft_ending = last.vowel || last.soft;
  double rhythm = out.syllables >= 2 ? out.alternation : out.alternation / 2;
  double beauty = 0.5 * rhythm + 0.2 * sonority + 0.15 * (coloured ? 1.0 : 0.0) +
                  0.15 * (soft_ending ? 1.0 : 0.0);
  if (worst_run > 2) beauty -= 0.12 * static_cast<double>(worst_run - 2);
  out.beauty = std::clamp(beauty, 0.0, 1.0);
  return out;
}

}  // namespace wordhall::judge
