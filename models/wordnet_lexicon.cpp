#include "models/wordnet_lexicon.hpp"

#include <fstream>

namespace wordhall::models {
namespace {

constexpr std::array<const char*, 4> pos_names = {"noun", "verb", "adj", "adv"};

struct suffix_rule {
  const char* from;
  const char* to;
};

// WordNet's detachment rules (morphy(7WN)), by part of speech.
const std::array<std::vector<suffix_rule>, 4>& detachment_rules() {
  static const std::array<std::vector<suffix_rule>, 4> rules = {{
      {{"s", ""},
       {"ses", "s"},
       {"xes", "x"},
       {"zes", "z"},
       {"ches", "ch"},
       {"shes", "sh"},
       {"men", "man"},
       {"ies", "y"}},
      {{"s", ""},
       {"ies", "y"},
       {"es", "e"},
       {"es", ""},
       {"ed", "e"},
       {"ed", ""},
       {"ing", "e"},
       {"ing", ""}},
      {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
      {},
  }};
  return rules;
}

result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in)
    return make_error("missing_wordnet", "cannot read " + path + " (Debian package wordnet-base)");
  // One read of the whole file: data.noun is 15 MB, read at every start.
  std::string text(static_cast<size_t>(in.tellg()), '\0');
  in.seekg(0);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  return text;
}

// Calls `line_fn` with each line of `text` that is not part of the licence header (those start
// with a space).
template <typename Fn>
void for_each_line(std::string_view text, Fn line_fn) {
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line[0] != ' ') line_fn(line);
    at = end + 1;
  }
}

std::vector<std::string_view> split_spaces(std::string_view line) {
  std::vector<std::string_view> out;
  size_t at = 0;
  while (at < line.size()) {
    size_t end = line.find(' ', at);
    if (end == std::string_view::npos) end = line.size();
    if (end > at) out.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

}  // namespace

bool is_concrete_noun_file(int file) {
  // 05 animal, 06 artifact, 08 body, 13 food, 17 object, 20 plant, 27 substance. Not 15,
  // location: besides "meadow" it files "top", "origin", "vicinity" and towns ("cologne").
  switch (file) {
    case 5:
    case 6:
    case 8:
    case 13:
    case 17:
    case 20:
    case 27:
      return true;
    default:
      return false;
  }
}

result<wordnet_lexicon> wordnet_lexicon::load(const std::string& dir) {
  wordnet_lexicon out;
  out.lemmas_.reserve(160'000);  // WordNet 3.0 has 147,306 lemmas: no rehashing
  for (size_t pos = 0; pos < 4; ++pos) {
    auto data = read_file(dir + "/data." + pos_names[pos]);
    if (!data) return data.err();
    out.data_[pos] = std::move(*data);
    auto index = read_file(dir + "/index." + pos_names[pos]);
    if (!index) return index.err();
    for_each_line(*index, [&](std::string_view line) {
      // lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…
      auto fields = split_spaces(line);
      if (fields.size() < 6) return;
      auto& facts = out.lemmas_[std::string(fields[0])];
      facts.listed[pos] = true;
      size_t pointers = std::strtoul(std::string(fields[3]).c_str(), nullptr, 10);
      for (size_t f = 4 + pointers + 2; f < fields.size(); ++f) {
        auto offset =
            static_cast<uint32_t>(std::strtoul(std::string(fields[f]).c_str(), nullptr, 10));
        if (offset + 12 < out.data_[pos].size()) facts.senses[pos].push_back(offset);
      }
      // data.noun: "offset lex_filenum ss_type …", the line starting at byte `offset`.
      if (pos == 0 && !facts.senses[0].empty())
        facts.first_noun_file = std::atoi(out.data_[0].c_str() + facts.senses[0][0] + 9);
    });
    auto exceptions = read_file(dir + "/" + pos_names[pos] + ".exc");
    if (!exceptions) return exceptions.err();
    for_each_line(*exceptions, [&](std::string_view line) {
      auto fields = split_spaces(line);
      for (size_t i = 1; i < fields.size(); ++i)
        out.exceptions_[pos].emplace(std::string(fields[0]), std::string(fields[i]));
    });
  }
  auto counts = read_file(dir + "/cntlist.rev");
  if (!counts) return counts.err();
  for_each_line(*counts, [&](std::string_view line) {
    // lemma%ss_type:lex_filenum:lex_id:head_word:head_id sense_number tag_cnt
    auto fields = split_spaces(line);
    if (fields.size() < 3) return;
    size_t percent = fields[0].find('%');
    if (percent == std::string_view::npos || percent + 5 > fields[0].size()) return;
    auto it = out.lemmas_.find(std::string(fields[0].substr(0, percent)));
    if (it == out.lemmas_.end()) return;
    int ss_type = fields[0][percent + 1] - '0';
    int file = std::atoi(std::string(fields[0].substr(percent + 3, 2)).c_str());
    uint32_t tags =
        static_cast<uint32_t>(std::strtoul(std::string(fields[2]).c_str(), nullptr, 10));
    size_t pos = ss_type == 5 ? 2 : static_cast<size_t>(ss_type - 1);
    if (pos > 3) return;
    it->second.tagged[pos] += tags;
    if (pos == 0 && is_concrete_noun_file(file)) it->second.concrete_noun_tags += tags;
  });
  return out;
}

const lemma_facts* wordnet_lexicon::facts(std::string_view word) const {
  auto it = lemmas_.find(std::string(word));
  return it == lemmas_.end() ? nullptr : &it->second;
}

std::vector<std::pair<std::string, part_of_speech>> wordnet_lexicon::base_forms(
    std::string_view word) const {
  std::vector<std::pair<std::string, part_of_speech>> out;
  auto add = [&](const std::string& base, size_t pos) {
    if (base == word || base.empty()) return;
    auto* f = facts(base);
    if (!f || !f->listed[pos]) return;
    std::pair<std::string, part_of_speech> found{base, static_cast<part_of_speech>(pos)};
    for (auto& seen : out)
      if (seen == found) return;
    out.push_back(std::move(found));
  };
  std::string w(word);
  for (size_t pos = 0; pos < 4; ++pos) {
    auto range = exceptions_[pos].equal_range(w);
    for (auto it = range.first; it != range.second; ++it) add(it->second, pos);
    for (auto& rule : detachment_rules()[pos]) {
      std::string_view from = rule.from;
      if (w.size() > from.size() + 1 && w.compare(w.size() - from.size(), from.size(), from) == 0)
        add(w.substr(0, w.size() - from.size()) + rule.to, pos);
    }
  }
  return out;
}

bool wordnet_lexicon::is_inflection(std::string_view word) const {
  auto bases = base_forms(word);
  if (bases.empty()) return false;
  auto* own = facts(word);
  if (!own) return true;
  for (size_t pos = 0; pos < 4; ++pos) {
    bool inflects_as = false;
    for (auto& b : bases) inflects_as |= static_cast<size_t>(b.second) == pos;
    if (!inflects_as && own->tagged[pos] > 0) return false;
  }
  return true;
}

bool wordnet_lexicon::is_concrete_noun(std::string_view word) const {
  auto* f = facts(word);
  if (!f || !f->listed[0] || !is_concrete_noun_file(f->first_noun_file)) return false;
  uint32_t all = f->tagged[0] + f->tagged[1] + f->tagged[2] + f->tagged[3];
  if (all != 0) return 2 * f->concrete_noun_tags >= all;
  // Never seen in use: a noun and nothing else, and a concrete one in every sense ("medic", a
  // person and a plant, is not).
  if (f->listed[1] || f->listed[2]) return false;
  for (uint32_t offset : f->senses[0])
    if (!is_concrete_noun_file(std::atoi(data_[0].c_str() + offset + 9))) return false;
  return true;
}

std::string_view wordnet_lexicon::gloss(size_t pos, uint32_t offset) const {
  std::string_view data = data_[pos];
  size_t end = data.find('\n', offset);
  std::string_view line = data.substr(offset, end == std::string_view::npos ? end : end - offset);
  size_t bar = line.find('|');
  return bar == std::string_view::npos ? std::string_view{} : line.substr(bar + 1);
}

bool wordnet_lexicon::is_low_register(std::string_view word) const {
  // WordNet writes its register labels into the glosses; substrings, not a regex: this runs for
  // every card at start-up.
  static constexpr std::string_view slur_labels[] = {
      "(ethnic slur)",  "(offensive)",    "(obscene)",      "(vulgar)",
      "offensive term", "offensive name", "offensive word", "obscene term",
      "obscene word",   "vulgar slang",   "vulgar term"};
  static constexpr std::string_view slang_labels[] = {
      "(slang)", "disparaging term", "disparaging name", "(disparaging)", "derogatory term"};
  auto labelled = [](std::string_view gloss, const auto& labels) {
    for (auto label : labels)
      if (gloss.find(label) != std::string_view::npos) return true;
    return false;
  };
  auto* f = facts(word);
  if (!f) return false;
  size_t senses = 0, slangy = 0, used = 4;
  bool slur_anywhere = false;
  for (size_t pos = 0; pos < 4; ++pos) {
    if (f->senses[pos].empty()) continue;
    if (used == 4 || f->tagged[pos] > f->tagged[used]) used = pos;
    for (uint32_t offset : f->senses[pos]) {
      auto g = gloss(pos, offset);
      ++senses;
      slangy += labelled(g, slang_labels) ? 1 : 0;
      slur_anywhere |= labelled(g, slur_labels);
    }
  }
  if (used == 4) return false;
  bool slur_first = labelled(gloss(used, f->senses[used][0]), slur_labels);
  return slur_first || (slur_anywhere && senses <= 3) || 2 * slangy > senses;
}

}  // namespace wordhall::models
