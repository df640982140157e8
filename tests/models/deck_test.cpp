#include "models/blocklist.hpp"
#include "models/deck.hpp"
#include "models/suggest.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <unordered_set>

using namespace wordhall::models;

TEST_CASE("blocklist blocks exact words, prefixes and parts of multi-word tokens", "[models][deck]") {
  auto b = blocklist::parse("# comment\n\nbadword\nslur*  \r\n  Mean\n");
  CHECK(b.size() == 3);
  CHECK(b.blocks("badword"));
  CHECK(b.blocks("BadWord"));
  CHECK_FALSE(b.blocks("badwords"));
  CHECK(b.blocks("slur"));
  CHECK(b.blocks("slurring"));
  CHECK(b.blocks("mean"));
  CHECK_FALSE(b.blocks("meant"));
  CHECK(b.blocks("New_badword"));
  CHECK(b.blocks("very-mean"));
  CHECK_FALSE(b.blocks("New_York"));
  CHECK_FALSE(b.blocks(""));
}

TEST_CASE("blocklists add up: another list's words and prefixes, single words", "[models][deck]") {
  auto b = blocklist::parse("badword\n");
  b.add(blocklist::parse("slur*\nmean\n"));
  b.add_word("Grim");
  CHECK(b.size() == 4);
  for (auto word : {"badword", "slurring", "mean", "grim", "GRIM", "very-grim"}) CHECK(b.blocks(word));
  for (auto word : {"meant", "grime", "dog"}) CHECK_FALSE(b.blocks(word));
}

TEST_CASE("the shipped blocklist loads and blocks what it lists", "[models][deck]") {
  auto b = blocklist::load(std::string(WORDHALL_SOURCE_DIR) + "/config/blocklist.txt");
  REQUIRE(b.ok());
  CHECK(b->size() > 50);
  CHECK(b->blocks("fucking"));
  CHECK(b->blocks("Shitty"));
  CHECK_FALSE(b->blocks("scunthorpe"));
  CHECK_FALSE(b->blocks("classic"));
  CHECK(blocklist::load("/nonexistent/blocklist.txt").err().code == "bad_blocklist");
}

TEST_CASE("the deck keeps common lower-case words, most frequent first", "[models][deck]") {
  word_sources sources;
  sources.common = {"apple", "juice", "cider", "bill", "rose", "run", "new", "york", "badword"};
  sources.frequency = {{"juice", 500}, {"apple", 900}, {"rose", 10}, {"the", 99999}};
  sources.function_words = {"the"};
  auto blocked = blocklist::parse("badword\n");
  sources.common.insert("the");
  std::vector<std::string_view> vocab = {"the", "paris", "apple", "juice", "Apple", "rose",
                                         "cider", "run", "r2d2", "new_york", "badword", "bill",
                                         "appletree"};
  deck_options options;
  auto deck = build_deck(vocab, sources, blocked, options);
  CHECK(deck == std::vector<std::string>{"apple", "juice", "rose", "cider", "run", "bill"});
  options.size = 2;
  CHECK(build_deck(vocab, sources, blocked, options) == std::vector<std::string>{"apple", "juice"});
  options.size = 100;
  options.allow_multiword = true;
  auto with_multi = build_deck(vocab, sources, blocked, options);
  CHECK(std::find(with_multi.begin(), with_multi.end(), "new_york") != with_multi.end());
  options.min_length = 4;
  auto longer = build_deck(vocab, sources, blocked, options);
  CHECK(std::find(longer.begin(), longer.end(), "run") == longer.end());
}

TEST_CASE("word sources read SCOWL levels and a frequency file", "[models][deck]") {
  wordhall::testing::temp_dir dir;
  std::ofstream(dir.path() + "/english-words.10") << "apple\nJuice\n";
  std::ofstream(dir.path() + "/english-words.70") << "cider\n";
  std::ofstream(dir.path() + "/english-words.95") << "zymurgy\n";
  std::ofstream(dir.path() + "/english-proper-names.10") << "Paris\n";
  std::ofstream(dir.path() + "/freq.tsv") << "apple\t10\nApple\t5\njuice\t3\n";
  std::ofstream(dir.path() + "/function-words.txt") << "# comment\nThe\nwhich\n";
  auto sources = load_word_sources(dir.path(), 70, dir.path() + "/freq.tsv",
                                   dir.path() + "/function-words.txt");
  REQUIRE(sources.ok());
  CHECK(sources->function_words == std::unordered_set<std::string>{"the", "which"});
  CHECK(sources->common == std::unordered_set<std::string>{"apple", "cider"});
  CHECK(sources->frequency.at("apple") == 15);
  std::ofstream(dir.path() + "/bad.tsv") << "apple 10\n";
  auto bad = load_word_sources(dir.path(), 70, dir.path() + "/bad.tsv");
  CHECK(bad.err().code == "bad_frequencies");
  CHECK(bad.err().message.find(":1:") != std::string::npos);
  CHECK(load_word_sources(dir.path() + "/none", 70, "").err().code == "missing_word_lists");
}

TEST_CASE("suggestions: case variants first, then close common words", "[models][deck]") {
  std::unordered_set<std::string> vocab = {"Paris", "house", "horse", "mouse", "hose", "cat"};
  auto in_vocab = [&](std::string_view w) { return vocab.count(std::string(w)) > 0; };
  std::vector<std::string> common = {"house", "horse", "mouse", "hose", "cat", "act"};
  CHECK(suggest("paris", in_vocab, common) == std::vector<std::string>{"Paris"});
  CHECK(suggest("hosue", in_vocab, common) ==
        std::vector<std::string>{"house", "hose", "horse", "mouse"});  // 1, 1, 2, 2 edits
  // Short words allow one edit: "act" is two away from "cta".
  CHECK(suggest("cta", in_vocab, common) == std::vector<std::string>{"cat"});
  CHECK(suggest("hosue", in_vocab, common, 2).size() == 2);
  CHECK(suggest("zzzzzzzz", in_vocab, common).empty());
  CHECK(edit_distance("kitten", "sitting", 5) == 3);
  CHECK(edit_distance("kitten", "sitting", 1) == 2);
  CHECK(edit_distance("ab", "ba", 2) == 1);
}
