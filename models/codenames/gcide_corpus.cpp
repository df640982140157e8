#include "models/codenames/gcide_corpus.hpp"

#include <zlib.h>

#include <cctype>

namespace wordhall::codenames {
namespace {

// Lines indented this far are quotations ("What is thy servant, which is but a dog ...").
constexpr size_t quotation_indent = 12;
// A "[...]" this short without a space is an accent code ("[o^]", "["o]"), not a span to drop.
constexpr size_t accent_code_length = 4;

bool is_blank(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

size_t indent_of(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// "Dog \Dog\ (d[o^]g), n. [AS. docga]" -> headword "Dog", rest ", n. [AS. docga]": the
// pronunciation between backslashes and the parenthesis right after it are dropped.
bool split_headword_line(std::string_view line, std::string& headword, std::string& rest) {
  if (line.empty() || line[0] == ' ') return false;
  const size_t open = line.find(" \\");
  if (open == std::string_view::npos) return false;
  const size_t close = line.find('\\', open + 2);
  if (close == std::string_view::npos) return false;
  headword.assign(line.substr(0, open));
  size_t at = close + 1;
  while (at < line.size() && line[at] == ' ') ++at;
  if (at < line.size() && line[at] == '(') {
    const size_t end = line.find(')', at);
    at = end == std::string_view::npos ? line.size() : end + 1;
  }
  rest.assign(line.substr(at));
  return true;
}

// Drops "[...]" spans (nested ones too) but keeps the letters of accent codes, and the braces of
// cross-references.
std::string without_brackets(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '{' || c == '}') {
      continue;
    }
    if (c != '[') {
      out += c;
      continue;
    }
    size_t depth = 0;
    size_t end = i;
    for (; end < text.size(); ++end) {
      if (text[end] == '[') ++depth;
      if (text[end] == ']' && --depth == 0) break;
    }
    const std::string_view inside = text.substr(i + 1, end > i ? end - i - 1 : 0);
    if (end < text.size() && inside.size() <= accent_code_length &&
        inside.find(' ') == std::string_view::npos) {
      for (char letter : inside) {
        if (std::isalpha(static_cast<unsigned char>(letter))) out += letter;
      }
    } else {
      out += ' ';
    }
    i = end;  // past the closing bracket, or the end of an unclosed span
  }
  return out;
}

struct paragraph {
  std::string text;    // the headword, then the paragraph's kept lines
  size_t headword = 0;  // length of the headword at its start
  bool from_wordnet = false;
};

bool has_letters(std::string_view text) {
  for (char c : text) {
    if (std::isalpha(static_cast<unsigned char>(c))) return true;
  }
  return false;
}

class entry_reader {
 public:
  explicit entry_reader(std::vector<std::string>& out) : out_(out) {}

  void line(std::string_view raw) {
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    std::string headword, rest;
    if (split_headword_line(raw, headword, rest)) {
      finish_entry();
      headword_ = without_brackets(headword);  // accent codes: "[ae]gis" -> "aegis"
      in_entry_ = true;
      current_.text = headword_ + ' ' + rest;
      current_.headword = headword_.size();
      note_tags(rest);
      return;
    }
    if (!in_entry_) return;  // the 00-database-* entries and licence text at the top
    if (is_blank(raw)) {
      finish_paragraph();
      return;
    }
    note_tags(raw);
    if (indent_of(raw) >= quotation_indent) return;
    std::string_view kept = raw;
    // A second headword's pronunciation on a line of its own: "\A`["e]r*o*dy*nam"ics\, n."
    if (!kept.empty() && kept[0] == '\\') {
      const size_t close = kept.find('\\', 1);
      kept = close == std::string_view::npos ? std::string_view() : kept.substr(close + 1);
    }
    const size_t author = kept.find("--");
    if (author != std::string_view::npos) kept = kept.substr(0, author);
    if (current_.text.empty()) {
      current_.text = headword_;
      current_.headword = headword_.size();
    }
    current_.text += ' ';
    current_.text.append(kept);
  }

  void finish_entry() {
    finish_paragraph();
    const bool wordnet_only = saw_wordnet_ && !saw_other_source_;
    for (auto& p : paragraphs_) {
      if (wordnet_only || p.from_wordnet) continue;
      // A quotation's paragraph keeps only its source tag: nothing to say about the headword.
      std::string body = without_brackets(std::string_view(p.text).substr(p.headword));
      if (has_letters(body)) out_.push_back(p.text.substr(0, p.headword) + body);
    }
    paragraphs_.clear();
    saw_wordnet_ = saw_other_source_ = false;
  }

 private:
  // Source tags name where a paragraph comes from: "[WordNet 1.5]", "[1913 Webster]", "[PJC]".
  void note_tags(std::string_view text) {
    if (text.find("[WordNet") != std::string_view::npos) {
      current_.from_wordnet = true;
      saw_wordnet_ = true;
    }
    for (const char* source : {"Webster", "PJC]", "[Century"}) {
      if (text.find(source) != std::string_view::npos) saw_other_source_ = true;
    }
  }

  void finish_paragraph() {
    if (!current_.text.empty()) paragraphs_.push_back(std::move(current_));
    current_ = paragraph{};
  }

  std::vector<std::string>& out_;
  std::string headword_;
  bool in_entry_ = false;
  paragraph current_;
  std::vector<paragraph> paragraphs_;
  bool saw_wordnet_ = false;
  bool saw_other_source_ = false;
};

}  // namespace

std::vector<std::string> gcide_sentences(std::string_view text) {
  std::vector<std::string> sentences;
  entry_reader reader(sentences);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    reader.line(text.substr(start, end - start));
    start = end + 1;
  }
  reader.finish_entry();
  return sentences;
}

result<corpus> read_gcide_corpus(const std::string& path,
                                 std::unordered_set<std::string> stop_words) {
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) {
    return make_error("missing_corpus", "cannot read " + path + " (Debian package dict-gcide)");
  }
  std::string text;
  char buffer[1 << 16];
  int got = 0;
  while ((got = gzread(file, buffer, sizeof buffer)) > 0) text.append(buffer, size_t(got));
  const bool failed = got < 0;
  gzclose(file);
  if (failed) return make_error("missing_corpus", "cannot decompress " + path);
  corpus_builder builder(std::move(stop_words));
  for (const auto& sentence : gcide_sentences(text)) builder.add_sentence(sentence);
  return std::move(builder).finish();
}

}  // namespace wordhall::codenames
