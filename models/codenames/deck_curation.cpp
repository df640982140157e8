// WordNet's files, as wndb(5) documents them:
//   index.POS  lemma pos synset_cnt p_cnt [ptr_symbol ...] sense_cnt tagsense_cnt offset ...
//   data.noun  offset lex_filenum ss_type w_cnt(hex) word lex_id ... | gloss
//              (an offset is the byte position of its line in data.noun)
//   POS.exc    inflected_form base_form ...
#include "models/codenames/deck_curation.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "models/codenames/porter_stem.hpp"

namespace wordhall::codenames {
namespace {

std::vector<std::string> words_of_line(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  std::string field;
  while (in >> field) out.push_back(field);
  return out;
}

struct index_entry {
  std::string lemma;
  int tagged = 0;
  std::vector<size_t> offsets;
};

bool parse_index_line(const std::string& line, index_entry& entry) {
  if (line.empty() || line[0] == ' ') return false;
  auto f = words_of_line(line);
  if (f.size() < 6) return false;
  const size_t pointers = std::stoul(f[3]);
  const size_t tagged_at = 4 + pointers + 1;
  if (f.size() <= tagged_at) return false;
  entry.lemma = f[0];
  entry.tagged = std::stoi(f[tagged_at]);
  entry.offsets.clear();
  for (size_t i = tagged_at + 1; i < f.size(); ++i) entry.offsets.push_back(std::stoul(f[i]));
  return true;
}

result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return make_error("missing_corpus", "cannot read " + path + " (Debian package wordnet-base)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool is_lower_ascii(const std::string& w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// Lexicographer files (lexnames(5)) of concrete things.
bool concrete_lexfile(int lexfile) {
  switch (lexfile) {
    case 5:
    case 6:
    case 8:
    case 13:
    case 17:
    case 18:
    case 19:
    case 20:
    case 27: return true;
    default: return false;
  }
}
constexpr int person_lexfile = 18;

bool overlaps(const std::string& a, const std::string& b) {
  return a.find(b) != std::string::npos || b.find(a) != std::string::npos ||
         porter_stem(a) == porter_stem(b);
}

}  // namespace

result<wordnet_lexicon> load_wordnet_lexicon(const std::string& dir) {
  wordnet_lexicon out;
  auto data = read_file(dir + "/data.noun");
  if (!data) return data.err();
  std::unordered_map<std::string, int> other_tagged;
  for (const char* pos : {"noun", "verb", "adj", "adv"}) {
    auto text = read_file(dir + "/index." + pos);
    if (!text) return text.err();
    std::istringstream lines(text.value());
    std::string line;
    index_entry entry;
    while (std::getline(lines, line)) {
      if (!parse_index_line(line, entry)) continue;
      if (std::string(pos) == "verb") out.verbs.insert(entry.lemma);
      if (std::string(pos) != "noun") {
        other_tagged[entry.lemma] += entry.tagged;
        continue;
      }
      wordnet_noun noun;
      noun.tagged_noun_senses = entry.tagged;
      for (size_t i = 0; i < entry.offsets.size(); ++i) {
        const size_t at = entry.offsets[i];
        if (at >= data->size()) return make_error("bad_corpus", "index.noun points past data.noun");
        auto synset = words_of_line(std::string_view(*data).substr(at, data->find('\n', at) - at));
        if (synset.size() < 4)
          return make_error("bad_corpus", "bad data.noun line at " + std::to_string(at));
        noun.sense_lexfiles.push_back(std::stoi(synset[1]));
        if (i > 0) continue;
        const size_t words = std::stoul(synset[3], nullptr, 16);
        bool lower_form = false;
        for (size_t w = 0; w < words && 4 + 2 * w < synset.size(); ++w) {
          std::string word = synset[4 + 2 * w].substr(0, synset[4 + 2 * w].find('('));
          lower_form |= word == entry.lemma;
        }
        noun.first_sense_is_name = !lower_form;
      }
      out.nouns.emplace(entry.lemma, std::move(noun));
    }
  }
  for (auto& [lemma, noun] : out.nouns) {
    auto other = other_tagged.find(lemma);
    if (other != other_tagged.end()) noun.tagged_other_senses = other->second;
  }
  for (const char* pos : {"noun", "verb", "adj", "adv"}) {
    auto text = read_file(dir + "/" + pos + ".exc");
    if (!text) return text.err();
    std::istringstream lines(text.value());
    std::string line;
    while (std::getline(lines, line)) {
      auto f = words_of_line(line);
      if (!f.empty()) out.inflected.insert(f[0]);
    }
  }
  return out;
}

std::unordered_set<std::string> load_scowl_names(const std::string& scowl_dir, int level) {
  namespace fs = std::filesystem;
  std::unordered_set<std::string> out;
  std::error_code ec;
  for (auto& entry : fs::directory_iterator(scowl_dir, ec)) {
    const std::string name = entry.path().filename().string();
    const size_t dot = name.rfind('.');
    if (dot == std::string::npos || std::atoi(name.c_str() + dot + 1) > level) continue;
    const std::string kind = name.substr(0, dot);
    bool wanted = false;
    for (const char* region : {"english-", "american-", "british-"})
      for (const char* list : {"proper-names", "upper"})
        wanted |= kind == std::string(region) + list;
    if (!wanted) continue;
    std::ifstream in(entry.path());
    std::string word;
    while (std::getline(in, word)) {
      if (!word.empty() && word.back() == '\r') word.pop_back();
      out.insert(models::fold_case(word));
    }
  }
  return out;
}

bool is_inflected_form(const std::string& lemma, const wordnet_lexicon& wordnet) {
  if (wordnet.inflected.count(lemma)) return true;
  auto noun = [&](const std::string& w) { return !w.empty() && wordnet.nouns.count(w) > 0; };
  auto verb = [&](const std::string& w) { return !w.empty() && wordnet.verbs.count(w) > 0; };
  auto ends = [&](std::string_view s) {
    return lemma.size() > s.size() && lemma.compare(lemma.size() - s.size(), s.size(), s) == 0;
  };
  auto cut = [&](size_t n) { return lemma.substr(0, lemma.size() - n); };
  if (ends("s") && noun(cut(1))) return true;
  if (ends("es") && noun(cut(2))) return true;
  if (ends("ies") && noun(cut(3) + "y")) return true;
  if (ends("ing")) {
    const std::string stem = cut(3);
    if (verb(stem) || verb(stem + "e")) return true;
    if (stem.size() >= 2 && stem.back() == stem[stem.size() - 2] &&
        verb(stem.substr(0, stem.size() - 1)))
      return true;  // "running" -> "run"
  }
  return false;
}

std::vector<std::string> curate_deck(const curation_inputs& inputs,
                                     const curation_options& options) {
  struct candidate {
    std::string word;
    uint64_t frequency;
  };
  std::vector<candidate> candidates;
  for (const auto& [lemma, noun] : inputs.wordnet.nouns) {
    if (lemma.size() < options.min_length || lemma.size() > options.max_length) continue;
    if (!is_lower_ascii(lemma)) continue;                                          // 1
    if (!inputs.words.common.count(lemma) || inputs.names.count(lemma)) continue;  // 2
    if (inputs.words.function_words.count(lemma) || inputs.blocked.blocks(lemma)) continue;
    if (inputs.excluded.count(lemma)) continue;
    if (inputs.in_vocabulary && !inputs.in_vocabulary(lemma)) continue;  // 3
    if (noun.tagged_noun_senses < 1 || noun.tagged_noun_senses < noun.tagged_other_senses)
      continue;                                              // 4
    if (is_inflected_form(lemma, inputs.wordnet)) continue;  // 5
    const auto& lexfiles = noun.sense_lexfiles;              // 6
    if (lexfiles.size() < 2 || noun.first_sense_is_name || !concrete_lexfile(lexfiles[0])) continue;
    if (std::count(lexfiles.begin(), lexfiles.end(), lexfiles[0]) == long(lexfiles.size()))
      continue;
    if (lexfiles[0] == person_lexfile && std::none_of(lexfiles.begin(), lexfiles.end(), [](int f) {
          return f != person_lexfile && concrete_lexfile(f);
        }))
      continue;
    auto f = inputs.words.frequency.find(lemma);
    candidates.push_back({lemma, f == inputs.words.frequency.end() ? 0 : f->second});
  }
  std::sort(candidates.begin(), candidates.end(), [](const candidate& a, const candidate& b) {
    return a.frequency != b.frequency ? a.frequency > b.frequency : a.word < b.word;
  });
  std::vector<std::string> deck;
  for (const auto& c : candidates) {
    if (deck.size() == options.size) break;
    if (std::none_of(deck.begin(), deck.end(),
                     [&](const std::string& d) { return overlaps(c.word, d); }))
      deck.push_back(c.word);
  }
  return deck;
}

}  // namespace wordhall::codenames
