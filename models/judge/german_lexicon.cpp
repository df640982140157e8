#include "models/judge/german_lexicon.hpp"

#include <algorithm>
#include <utility>

#include "events/text.hpp"
#include "models/judge/text_file.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

// The code point of UTF-8 `text` at byte `i`, as a string_view; advances `i` past it.
std::string_view next_letter(std::string_view text, std::size_t& i) {
  std::size_t from = i++;
  while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  return text.substr(from, i - from);
}

// At least two letters, and no abbreviation or brand (ABC, AfD, McDonald): no capital after the
// first letter. Runs over every line of the list, so it reads the bytes without allocating.
bool keep(std::string_view entry) {
  std::size_t i = 0, letters = 0;
  while (i < entry.size()) {
    auto letter = next_letter(entry, i);
    if (letters++ > 0 && is_capital(letter)) return false;
  }
  return letters >= 2;
}

std::size_t letter_count(std::string_view text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

bool starts_with(std::string_view text, std::string_view head) {
  return text.substr(0, head.size()) == head;
}

// Lower case for ASCII and the Latin-1 capitals that normalise_word makes (Ä→ä, É→é).
std::string lower(std::string_view word) {
  std::string out(word);
  for (std::size_t i = 0; i < out.size(); ++i) {
    unsigned char c = out[i];
    if (c >= 'A' && c <= 'Z') out[i] = static_cast<char>(c + 32);
    else if (c == 0xC3 && i + 1 < out.size()) {
      unsigned char next = out[i + 1];
      if (next >= 0x80 && next <= 0x9E && next != 0x97) out[i + 1] = static_cast<char>(next + 0x20);
      ++i;
    }
  }
  return out;
}

}  // namespace

int letter_index(std::string_view letter) {
  if (letter.size() == 1 && letter[0] >= 'A' && letter[0] <= 'Z') return letter[0] - 'A';
  if (letter == "Ä") return 26;
  if (letter == "Ö") return 27;
  if (letter == "Ü") return 28;
  if (letter == "ß") return 29;
  return -1;
}

result<german_lexicon> german_lexicon::load(const std::string& word_list,
                                            const std::string& hunspell_dic) {
  std::string list, dic;
  if (!read_file(word_list, list))
    return make_error("judge_words_missing", "cannot read the word list " + word_list);
  if (!hunspell_dic.empty() && !read_file(hunspell_dic, dic))
    return make_error("judge_hunspell_missing", "cannot read the Hunspell dictionary " + hunspell_dic);
  std::vector<entry_spelling> entries;
  entries.reserve(list.size() / 10 + dic.size() / 12);
  for_each_line(list, [&](std::string_view line) { add_entry(entries, line); });
  bool count_line = true;  // a .dic starts with the number of its stems
  for_each_line(dic, [&](std::string_view line) {
    if (std::exchange(count_line, false)) return;
    if (line.empty() || line[0] == '\t' || line[0] == ' ' || line[0] == '#') return;  // comments
    auto slash = line.find('/');
    if (slash != std::string_view::npos && line.find_first_of("hod", slash) != std::string_view::npos)
      return;
    add_entry(entries, line.substr(0, slash));
  });
  return from_entries(std::move(entries));
}

german_lexicon german_lexicon::from_words(const std::vector<std::string>& words) {
  std::vector<entry_spelling> entries;
  for (auto& w : words) add_entry(entries, w);
  return from_entries(std::move(entries));
}

void german_lexicon::add_entry(std::vector<entry_spelling>& entries, std::string_view entry) {
  if (!keep(entry)) return;
  std::size_t first_end = 0;
  bool noun = is_capital(next_letter(entry, first_end));
  entries.push_back({normalise_word(entry), noun});
  const std::string& normal = entries.back().word;
  if (normal.find("ß") == std::string::npos) return;
  entries.push_back({tile_spelling(normal), noun, true});
}

german_lexicon german_lexicon::from_entries(std::vector<entry_spelling> entries) {
  std::sort(entries.begin(), entries.end(),
            [](const entry_spelling& a, const entry_spelling& b) { return a.word < b.word; });
  german_lexicon lexicon;
  std::size_t bytes = 0;
  for (auto& e : entries) bytes += e.word.size();
  lexicon.text_.reserve(bytes);
  lexicon.starts_.reserve(entries.size() + 1);
  lexicon.spellings_.reserve(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const uint8_t spelling = (entries[i].noun ? capital_spelling : 0) |
                             (entries[i].sharp_s ? 0 : as_listed_spelling);
    if (i > 0 && entries[i].word == entries[i - 1].word) {
      lexicon.spellings_.back() |= spelling;  // Treiben and treiben: one word, also a noun
      continue;
    }
    lexicon.starts_.push_back(static_cast<uint32_t>(lexicon.text_.size()));
    lexicon.text_ += entries[i].word;
    lexicon.spellings_.push_back(spelling);
  }
  lexicon.starts_.push_back(static_cast<uint32_t>(lexicon.text_.size()));

  const std::size_t n = lexicon.size();
  // Sorted on a reversed copy of the text, compared with memcmp: comparing through reverse
  // iterators byte by byte took a third of the load time.
  const std::string backwards(lexicon.text_.rbegin(), lexicon.text_.rend());
  auto backwards_word = [&](uint32_t i) {
    return std::string_view(backwards.data() + (backwards.size() - lexicon.starts_[i + 1]),
                            lexicon.starts_[i + 1] - lexicon.starts_[i]);
  };
  lexicon.reversed_.resize(n);
  for (std::size_t i = 0; i < n; ++i) lexicon.reversed_[i] = static_cast<uint32_t>(i);
  std::sort(lexicon.reversed_.begin(), lexicon.reversed_.end(),
            [&](uint32_t a, uint32_t b) { return backwards_word(a) < backwards_word(b); });

  for (std::size_t i = 0; i < n; ++i) {
    int previous = -1;
    auto w = lexicon.word(i);
    for (std::size_t at = 0; at < w.size();) {
      int current = letter_index(next_letter(w, at));
      if (previous >= 0 && current >= 0) ++lexicon.bigrams_[previous * alphabet + current];
      previous = current;
    }
  }
  return lexicon;
}

std::size_t german_lexicon::lower_bound(std::string_view normalised_word) const {
  std::size_t lo = 0, hi = size();
  while (lo < hi) {
    std::size_t mid = lo + (hi - lo) / 2;
    if (word(mid) < normalised_word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

std::size_t german_lexicon::find(std::string_view normalised_word) const {
  auto i = lower_bound(normalised_word);
  return i < size() && word(i) == normalised_word ? i : size();
}

bool german_lexicon::contains(std::string_view normalised_word) const {
  return find(normalised_word) != size();
}

bool german_lexicon::is_noun(std::string_view normalised_word) const {
  auto i = find(normalised_word);
  return i != size() && (spellings_[i] & capital_spelling);
}

std::string german_lexicon::display(std::string_view normalised_word) const {
  std::string out = lower(normalised_word);
  auto i = find(normalised_word);
  if (i < size() && !(spellings_[i] & as_listed_spelling)) {  // SCHWEISS as listed: Schweiß
    for (auto at = normalised_word.find("SS"); at != std::string_view::npos;
         at = normalised_word.find("SS", at + 1)) {
      std::string listed(normalised_word);
      listed.replace(at, 2, "ß");
      if (contains(listed)) return display(listed);
    }
  }
  if (i == size() || !(spellings_[i] & capital_spelling)) return out;
  auto first = utf8_letters(normalised_word).front();
  return std::string(first) + out.substr(first.size());
}

std::size_t german_lexicon::family_size(std::string_view normalised_word, std::size_t cap) const {
  if (normalised_word.empty()) return 0;
  auto known_part = [&](std::string_view part) { return letter_count(part) >= 3 && contains(part); };
  std::size_t count = 0;
  // WORD·link·KNOWN: the words starting with WORD form one range of the sorted order.
  for (std::size_t i = lower_bound(normalised_word); i < size() && count < cap; ++i) {
    auto w = word(i);
    if (!starts_with(w, normalised_word)) break;
    auto rest = w.substr(normalised_word.size());
    for (auto link : linking_elements)
      if (starts_with(rest, link) && known_part(rest.substr(link.size()))) {
        ++count;
        break;
      }
  }
  // KNOWN·link·WORD: the words ending in WORD form one range of the reversed order.
  // Bytes compare unsigned, as string_view's compare does when the order is built.
  auto ends_before = [&](uint32_t index, std::string_view w) {
    auto x = word(index);
    return std::lexicographical_compare(
        x.rbegin(), x.rend(), w.rbegin(), w.rend(),
        [](char a, char b) { return static_cast<unsigned char>(a) < static_cast<unsigned char>(b); });
  };
  auto from = std::lower_bound(reversed_.begin(), reversed_.end(), normalised_word, ends_before);
  for (; from != reversed_.end() && count < cap; ++from) {
    auto w = word(*from);
    if (!ends_with(w, normalised_word)) break;
    auto rest = w.substr(0, w.size() - normalised_word.size());
    for (auto link : linking_elements)
      if (ends_with(rest, link) && known_part(rest.substr(0, rest.size() - link.size()))) {
        ++count;
        break;
      }
  }
  return std::min(count, cap);
}

uint32_t german_lexicon::bigram_count(std::string_view a, std::string_view b) const {
  int x = letter_index(a), y = letter_index(b);
  if (x < 0 || y < 0) return 0;
  return bigrams_[x * alphabet + y];
}

}  // namespace wordhall::judge
