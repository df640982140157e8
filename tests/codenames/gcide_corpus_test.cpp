// The GCIDE reader: what a paragraph of the dictionary becomes, and what is left out.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "models/codenames/gcide_corpus.hpp"

using namespace wordhall::codenames;

namespace {

// A shortened excerpt of the dictionary as dictd stores it.
const char* const excerpt =
    "\n"
    "00-database-short\n"
    "   The Collaborative International Dictionary of English v.0.48\n"
    "\n"
    "Dog \\Dog\\ (d[o^]g), n. [AS. docga; akin to D. dog\n"
    "   mastiff, Sw. dogg.]\n"
    "   1. (Zo[\"o]l.) A quadruped of the genus {Canis}, esp. the\n"
    "      domestic dog.\n"
    "      [1913 Webster]\n"
    "\n"
    "            What is thy servant, which is but a dog, that he\n"
    "            should do this great thing?           -- 2 Kings\n"
    "      [1913 Webster]\n"
    "\n"
    "   2. An iron for holding wood in a fireplace; an andiron.\n"
    "      --Shak.\n"
    "      [1913 Webster]\n"
    "\n"
    "   3. a lazy fellow.\n"
    "      [WordNet 1.5]\n"
    "\n"
    "Aerodynamic \\A`[\"e]r*o*dy*nam\"ic\\, a.\n"
    "\\A`[\"e]r*o*dy*nam\"ics\\, n. [A[\"e]ro- + dynamics.]\n"
    "   The science of air in motion.\n"
    "   [1913 Webster]\n"
    "\n"
    "10th \\10th\\ adj.\n"
    "   1. coming next after the ninth in a series\n"
    "\n"
    "   Syn: tenth\n"
    "        [WordNet 1.5]\n";

}  // namespace

TEST_CASE("gcide: a paragraph is a sentence that starts with its headword", "[codenames][gcide]") {
  const auto sentences = gcide_sentences(excerpt);
  REQUIRE(sentences.size() == 3);
  // Pronunciation, etymology and source tag are gone; the accent code keeps its letter; the
  // cross-reference keeps its word.
  CHECK(sentences[0].find("Dog ") == 0);
  CHECK(sentences[0].find("Zool") != std::string::npos);
  CHECK(sentences[0].find("Canis") != std::string::npos);
  CHECK(sentences[0].find("docga") == std::string::npos);
  CHECK(sentences[0].find("Webster") == std::string::npos);
  CHECK(sentences[0].find("d[o^]g") == std::string::npos);
  CHECK(sentences[0].find('{') == std::string::npos);
  // A later paragraph is prefixed with the headword; an author after "--" is dropped.
  CHECK(sentences[1].find("Dog") == 0);
  CHECK(sentences[1].find("andiron") != std::string::npos);
  CHECK(sentences[1].find("Shak") == std::string::npos);
  // A second headword's pronunciation on a line of its own is dropped like the first's.
  CHECK(sentences[2].find("Aerodynamic") == 0);
  CHECK(sentences[2].find("science of air") != std::string::npos);
  CHECK(sentences[2].find("r*o") == std::string::npos);
}

TEST_CASE("gcide: quotations, WordNet's paragraphs and entries, and the header are left out",
          "[codenames][gcide]") {
  std::string all;
  for (const auto& sentence : gcide_sentences(excerpt)) all += sentence + "\n";
  CHECK(all.find("servant") == std::string::npos);       // a quotation
  CHECK(all.find("lazy") == std::string::npos);          // a paragraph tagged WordNet
  CHECK(all.find("ninth") == std::string::npos);         // an entry from WordNet alone
  CHECK(all.find("Collaborative") == std::string::npos);  // the 00-database entries
}

TEST_CASE("gcide: a corpus is read from the file, and a missing file is named",
          "[codenames][gcide]") {
  auto missing = read_gcide_corpus("/nonexistent/gcide.dict.dz", {});
  REQUIRE(!missing);
  CHECK(missing.err().code == "missing_corpus");
  CHECK(missing.err().message.find("dict-gcide") != std::string::npos);
}
