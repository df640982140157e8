#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Bytes in the sequence that starts with `lead`, 1 for a byte that starts none.
std::size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

}  // namespace

std::string normalise_word(std::string_view word) {
  while (!word.empty() && is_space(word.front())) word.remove_prefix(1);
  while (!word.empty() && is_space(word.back())) word.remove_suffix(1);
  std::string out(word);
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto c = static_cast<unsigned char>(out[i]);
    if (c >= 'a' && c <= 'z') {
      out[i] = static_cast<char>(c - 'a' + 'A');
    } else if (c == 0xC3 && i + 1 < out.size()) {
      // U+00E0..U+00FE are the lower-case Latin-1 letters, 0x20 above their capitals; U+00F7 is
      // the division sign and U+00DF (ß) is below the range.
      auto next = static_cast<unsigned char>(out[i + 1]);
      if (next >= 0xA0 && next <= 0xBE && next != 0xB7) out[i + 1] = static_cast<char>(next - 0x20);
      ++i;
    }
  }
  return out;
}

std::vector<std::string_view> utf8_letters(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t n = sequence_length(static_cast<unsigned char>(text[i]));
    bool whole = i + n <= text.size();
    for (std::size_t k = 1; whole && k < n; ++k)
      whole = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (!whole) n = 1;
    out.push_back(text.substr(i, n));
    i += n;
  }
  return out;
}

std::string tile_spelling(std::string_view normalised) {
  std::string out;
  out.reserve(normalised.size());
  for (std::size_t i = 0; i < normalised.size(); ++i) {
    if (normalised.compare(i, 2, "ß") == 0) {
      out += "SS";
      ++i;
    } else {
      out += normalised[i];
    }
  }
  return out;
}

bool is_capital(std::string_view letter) {
  if (letter.size() == 1) return letter[0] >= 'A' && letter[0] <= 'Z';
  return letter == "Ä" || letter == "Ö" || letter == "Ü";
}

bool is_capitalised(std::string_view spelling) {
  return !spelling.empty() && is_capital(utf8_letters(spelling).front());
}

}  // namespace wordhall::judge
