#include "models/codenames/wordnet_graph.hpp"

#include <charconv>
#include <fstream>

namespace wordhall::codenames {
namespace {

// Which data file a part name or a pointer's pos refers to; -1 for neither.
int file_of_part(std::string_view part) {
  if (part == "noun") return 0;
  if (part == "verb") return 1;
  if (part == "adj") return 2;
  if (part == "adv") return 3;
  return -1;
}

int file_of_pos(std::string_view pos) {
  if (pos == "n") return 0;
  if (pos == "v") return 1;
  if (pos == "a" || pos == "s") return 2;
  if (pos == "r") return 3;
  return -1;
}

uint64_t key_of(int file, uint32_t offset) { return uint64_t(file) << 32 | offset; }

template <class number>
bool parse_number(std::string_view text, int base, number& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return ec == std::errc() && end == text.data() + text.size();
}

std::vector<std::string_view> fields_of(std::string_view head) {
  std::vector<std::string_view> fields;
  size_t start = 0;
  while (start < head.size()) {
    size_t end = head.find(' ', start);
    if (end == std::string_view::npos) end = head.size();
    if (end > start) fields.push_back(head.substr(start, end - start));
    start = end + 1;
  }
  return fields;
}

// The part of a sense key that names a sense: "dog%1:05:00::" -> "dog%0:5:0" (data file 0, lex
// file 5, lex id 0), as sense_name builds it from a data line.
std::string sense_name(std::string_view lemma, int file, unsigned lex_file, unsigned lex_id) {
  std::string out;
  for (char c : lemma) out += c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
  return out + "%" + std::to_string(file) + ":" + std::to_string(lex_file) + ":" +
         std::to_string(lex_id);
}

std::string lemma_text(std::string_view lemma) {
  lemma = lemma.substr(0, lemma.find('('));  // "galore(ip)" -> "galore"
  std::string out;
  for (char c : lemma) {
    if (c == '_') c = ' ';
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    out += c;
  }
  return out;
}

}  // namespace

relation relation_of(std::string_view s) {
  if (s == "@" || s == "~") return relation::hypernymy;
  if (s == "@i" || s == "~i") return relation::instance;
  if (s.size() == 2 && (s[0] == '%' || s[0] == '#') && (s[1] == 'p' || s[1] == 'm' || s[1] == 's'))
    return relation::meronymy;
  if (s == "&") return relation::similarity;
  if (s == "^") return relation::also_see;
  if (s == "+") return relation::derivation;
  if (s == "=") return relation::attribute;
  if (s == "!") return relation::antonymy;
  if (s == "\\") return relation::pertainymy;
  if (s == "$") return relation::verb_group;
  if (s == "*" || s == ">") return relation::entailment;
  if (s == ";c" || s == "-c") return relation::topic_domain;
  return relation::other;
}

void wordnet_graph_builder::add_sense_count(std::string_view line) {
  const auto fields = fields_of(line);
  if (fields.size() != 3) return;
  const std::string_view key = fields[0];
  const size_t percent = key.find('%');
  if (percent == std::string_view::npos || key.size() < percent + 8) return;
  static constexpr int file_of_ss_type[] = {-1, 0, 1, 2, 3, 2};
  const int ss_type = key[percent + 1] - '0';
  unsigned lex_file = 0, lex_id = 0;
  uint32_t count = 0;
  if (ss_type < 1 || ss_type > 5 || key[percent + 2] != ':' ||
      !parse_number(key.substr(percent + 3, 2), 10, lex_file) || key[percent + 5] != ':' ||
      !parse_number(key.substr(percent + 6, 2), 10, lex_id) || !parse_number(fields[2], 10, count))
    return;
  tag_count_of_sense_[sense_name(key.substr(0, percent), file_of_ss_type[ss_type], lex_file,
                                 lex_id)] += count;
}

result<void> wordnet_graph_builder::add_line(std::string_view part, std::string_view line) {
  if (line.empty() || line[0] == ' ') return {};
  const int file = file_of_part(part);
  if (file < 0) return make_error("bad_wordnet", "unknown data file part " + std::string(part));
  auto bad = [&](const std::string& why) { return make_error("bad_wordnet", why); };
  const auto fields = fields_of(line.substr(0, line.find(" | ")));
  uint32_t offset = 0;
  unsigned lex_file = 0;
  size_t lemmas = 0;
  if (fields.size() < 4 || !parse_number(fields[0], 10, offset) ||
      !parse_number(fields[1], 10, lex_file) || !parse_number(fields[3], 16, lemmas)) {
    return bad("a synset line starts with offset, lex_filenum, ss_type and a hex word count");
  }
  const size_t pointer_count_at = 4 + 2 * lemmas;
  size_t pointers = 0;
  if (fields.size() <= pointer_count_at || !parse_number(fields[pointer_count_at], 10, pointers) ||
      fields.size() < pointer_count_at + 1 + 4 * pointers) {
    return bad("the synset at offset " + std::to_string(offset) + " is cut short");
  }
  // Everything is parsed before anything is kept, so a refused line changes nothing.
  const auto index = uint32_t(graph_.synsets.size());
  const uint64_t key = key_of(file, offset);
  if (index_of_key_.count(key)) return bad("offset " + std::to_string(offset) + " appears twice");
  wordnet_synset synset;
  synset.pos = fields[2].empty() ? '?' : fields[2][0];
  for (size_t i = 0; i < lemmas; ++i) {
    const std::string_view lemma = fields[4 + 2 * i];
    unsigned lex_id = 0;
    if (!parse_number(fields[5 + 2 * i], 16, lex_id)) {
      return bad("word " + std::to_string(i + 1) + " of the synset at offset " +
                 std::to_string(offset) + " has no hex lex_id");
    }
    synset.lemmas.push_back(lemma_text(lemma));
    auto count = tag_count_of_sense_.find(
        sense_name(lemma.substr(0, lemma.find('(')), file, lex_file, lex_id));
    synset.tag_counts.push_back(count == tag_count_of_sense_.end() ? 0 : count->second);
  }
  std::vector<pending_pointer> pointed;
  for (size_t i = 0; i < pointers; ++i) {
    const size_t at = pointer_count_at + 1 + 4 * i;
    uint32_t target = 0;
    uint16_t words = 0;
    const int target_file = file_of_pos(fields[at + 2]);
    if (!parse_number(fields[at + 1], 10, target) || target_file < 0 ||
        fields[at + 3].size() != 4 || !parse_number(fields[at + 3], 16, words)) {
      return bad("pointer " + std::to_string(i + 1) + " of the synset at offset " +
                 std::to_string(offset) + " is not 'symbol offset pos source/target'");
    }
    pointed.push_back({index, key_of(target_file, target), relation_of(fields[at]),
                       uint8_t(words >> 8), uint8_t(words & 0xff)});
  }
  index_of_key_.emplace(key, index);
  graph_.synsets.push_back(std::move(synset));
  pending_.insert(pending_.end(), pointed.begin(), pointed.end());
  return {};
}

wordnet_graph wordnet_graph_builder::finish() && {
  for (const auto& p : pending_) {
    auto found = index_of_key_.find(p.target_key);
    if (found == index_of_key_.end()) continue;
    graph_.pointers.push_back({p.from, found->second, p.kind, p.source_word, p.target_word});
  }
  return std::move(graph_);
}

result<wordnet_graph> read_wordnet_graph(const std::string& dir) {
  wordnet_graph_builder builder;
  {
    std::ifstream counts(dir + "/cntlist.rev");
    std::string line;
    while (std::getline(counts, line)) builder.add_sense_count(line);
  }
  for (const char* part : {"noun", "verb", "adj", "adv"}) {
    const std::string path = dir + "/data." + part;
    std::ifstream in(path);
    if (!in) {
      return make_error("missing_corpus", "cannot read " + path + " (Debian package wordnet-base)");
    }
    std::string line;
    size_t number = 0;
    while (std::getline(in, line)) {
      ++number;
      auto added = builder.add_line(part, line);
      if (!added) {
        return make_error("bad_wordnet", path + " line " + std::to_string(number) + ": " +
                                             added.err().message);
      }
    }
  }
  return std::move(builder).finish();
}

}  // namespace wordhall::codenames
