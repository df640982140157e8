#include "models/codenames/ppmi_corpus.hpp"

#include <cstdlib>
#include <fstream>

namespace wordhall::codenames {

corpus_builder::corpus_builder(std::unordered_set<std::string> stop_words)
    : stop_words_(std::move(stop_words)) {}

void corpus_builder::add_sentence(std::string_view text) {
  const size_t before = corpus_.tokens.size();
  tokenise(text, [&](std::string_view token) {
    std::string word(token);
    if (stop_words_.count(word)) return;
    auto [it, added] = ids_.emplace(word, uint32_t(corpus_.types.size()));
    if (added) corpus_.types.push_back(word);
    corpus_.tokens.push_back(it->second);
  });
  if (corpus_.tokens.size() > before) corpus_.sentence_ends.push_back(corpus_.tokens.size());
}

corpus corpus_builder::finish() && { return std::move(corpus_); }

std::string wordnet_sentence(std::string_view line) {
  if (line.empty() || line[0] == ' ') return "";
  // offset lex_filenum ss_type w_cnt(hex) {word lex_id} ... | gloss
  std::vector<std::string_view> fields;
  size_t start = 0;
  const size_t bar = line.find(" | ");
  const std::string_view head = line.substr(0, bar);
  while (start < head.size() && fields.size() < 4 + 2 * 255) {
    size_t end = head.find(' ', start);
    if (end == std::string_view::npos) end = head.size();
    if (end > start) fields.push_back(head.substr(start, end - start));
    start = end + 1;
  }
  std::string out;
  if (fields.size() >= 4) {
    const size_t lemmas = std::strtoul(std::string(fields[3]).c_str(), nullptr, 16);
    for (size_t i = 0; i < lemmas && 4 + 2 * i < fields.size(); ++i) {
      std::string_view lemma = fields[4 + 2 * i];
      lemma = lemma.substr(0, lemma.find('('));  // "galore(ip)" -> "galore"
      for (char c : lemma) out += c == '_' ? ' ' : c;
      out += ' ';
    }
  }
  if (bar != std::string_view::npos) out.append(line.substr(bar + 3));
  return out;
}

result<corpus> read_wordnet_corpus(const std::string& dir,
                                   std::unordered_set<std::string> stop_words) {
  corpus_builder builder(std::move(stop_words));
  for (const char* part : {"noun", "verb", "adj", "adv"}) {
    const std::string path = dir + "/data." + part;
    std::ifstream in(path);
    if (!in) {
      return make_error("missing_corpus", "cannot read " + path + " (Debian package wordnet-base)");
    }
    std::string line;
    while (std::getline(in, line)) builder.add_sentence(wordnet_sentence(line));
  }
  return std::move(builder).finish();
}

}  // namespace wordhall::codenames
