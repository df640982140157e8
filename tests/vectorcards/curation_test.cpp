// Curating the cards (models/card_curation.hpp, models/wordnet_lexicon.hpp) over a small
// WordNet written by the test: lemmas only, one form per lemma, no names, slurs, slang or
// profanity, concrete nouns for start and target.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>

#include "models/card_curation.hpp"
#include "tests/support/temp_dir.hpp"

using namespace wordhall;
using namespace wordhall::models;

namespace {

struct synset {
  std::string word;
  int file;  // lexicographer file
  std::string gloss;
};

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// data.<pos> and index.<pos> for `senses` (by lemma, first sense first), with offsets that are
// the byte positions of their lines as WordNet's are.
void write_part(const std::string& dir, const std::string& pos, char tag,
                const std::map<std::string, std::vector<synset>>& senses) {
  std::string data, index;
  for (auto& [lemma, list] : senses) {
    std::string offsets;
    for (auto& s : list) {
      char head[32];
      std::snprintf(head, sizeof head, "%08zu %02d %c 01 ", data.size(), s.file, tag);
      offsets += " " + std::string(head, 8);
      data += head + s.word + " 0 000 | " + s.gloss + "\n";
    }
    index += lemma + " " + tag + " " + std::to_string(list.size()) + " 0 " +
             std::to_string(list.size()) + " 1" + offsets + "\n";
  }
  write(dir + "/data." + pos, data);
  write(dir + "/index." + pos, index);
}

struct tiny_wordnet {
  wordhall::testing::temp_dir dir;
  tiny_wordnet() {
    write_part(dir.path(), "noun", 'n',
               {{"dog", {{"dog", 5, "a domesticated canid"}}},
                {"glass", {{"glass", 6, "a container for drinking"}}},
                {"glasses", {{"glasses", 6, "spectacles"}}},
                {"building", {{"building", 6, "a structure with a roof"}}},
                {"mouse", {{"mouse", 5, "a small rodent"}}},
                {"apple", {{"apple", 13, "fruit with red or green skin"}}},
                {"idea", {{"idea", 9, "a thought"}}},
                {"talk", {{"talk", 4, "an exchange of ideas"}}},
                {"slurword",
                 {{"slurword", 5, "an animal"},
                  {"slurword", 18, "(ethnic slur) offensive term for a person"}}},
                {"shrimpy",
                 {{"shrimpy", 18, "disparaging term for small people"},
                  {"shrimpy", 5, "a small crustacean"},
                  {"shrimpy", 13, "shrimp eaten as food"}}},
                {"slangy", {{"slangy", 18, "(slang) a person"}}},
                {"cliff", {{"cliff", 17, "a steep high face of rock"}}},
                {"rudeword", {{"rudeword", 6, "a thing"}}},
                {"bastard", {{"bastard", 18, "a person"}}}});
    write_part(dir.path(), "verb", 'v',
               {{"talk", {{"talk", 32, "exchange thoughts"}}},
                {"build", {{"build", 36, "make by combining materials"}}}});
    write_part(dir.path(), "adj", 'a', {});
    write_part(dir.path(), "adv", 'r', {});
    write(dir.path() + "/noun.exc", "mice mouse\n");
    for (const char* pos : {"verb", "adj", "adv"}) write(dir.path() + "/" + pos + ".exc", "");
    write(dir.path() + "/cntlist.rev",
          "dog%1:05:00:: 1 10\nglass%1:06:00:: 1 20\nglasses%1:06:00:: 1 3\n"
          "building%1:06:00:: 1 30\nbuild%2:36:00:: 1 40\ntalk%2:32:00:: 1 50\n"
          "talk%1:04:00:: 1 20\nmouse%1:05:00:: 1 5\napple%1:13:00:: 1 5\nidea%1:09:00:: 1 30\n");
    write(dir.path() + "/profanity.json", R"(["rudeword", "two words", "Shouted"])");
    write(dir.path() + "/frequencies.tsv", "Cliff\t100\ndog\t50\napple\t40\n");
  }
  std::string path(const std::string& name) const { return dir.path() + "/" + name; }
};

const std::vector<std::string> deck = {"dog",     "dogs",     "talk",     "talked",      "glass",
                                       "glasses", "building", "build",    "mouse",       "mice",
                                       "apple",   "idea",     "slurword", "shrimpy",     "slangy",
                                       "cliff",   "rudeword", "bastard",  "unknownslang"};

}  // namespace

TEST_CASE("WordNet: lemmas, base forms, inflections, concrete nouns, register",
          "[vectorcards][curation]") {
  tiny_wordnet wn;
  auto lexicon = wordnet_lexicon::load(wn.dir.path());
  REQUIRE(lexicon.ok());
  CHECK(lexicon->is_lemma("dog"));
  CHECK_FALSE(lexicon->is_lemma("dogs"));
  using pos = part_of_speech;
  CHECK(lexicon->base_forms("mice") ==
        std::vector<std::pair<std::string, pos>>{{"mouse", pos::noun}});
  CHECK(lexicon->base_forms("dogs") ==
        std::vector<std::pair<std::string, pos>>{{"dog", pos::noun}});
  CHECK(lexicon->base_forms("talked") ==
        std::vector<std::pair<std::string, pos>>{{"talk", pos::verb}});
  CHECK(lexicon->base_forms("dog").empty());
  CHECK(lexicon->is_inflection("glasses"));  // a noun of its own, but only as the plural's part
  CHECK_FALSE(lexicon->is_inflection("building"));  // "-ing" of the verb, used as a noun
  CHECK(lexicon->is_inflection("dogs"));
  CHECK(lexicon->is_concrete_noun("dog"));
  CHECK(lexicon->is_concrete_noun("apple"));
  CHECK_FALSE(lexicon->is_concrete_noun("idea"));
  CHECK_FALSE(lexicon->is_concrete_noun("talk"));  // mostly a verb, and its noun is an act
  CHECK(lexicon->is_low_register("slurword"));
  CHECK(lexicon->is_low_register("slangy"));
  CHECK_FALSE(lexicon->is_low_register("shrimpy"));  // one slang sense of three
  CHECK_FALSE(lexicon->is_low_register("dog"));
  CHECK(wordnet_lexicon::load(wn.path("missing")).err().code == "missing_wordnet");
}

TEST_CASE("curated cards: one form per lemma, no names, slurs or profanity",
          "[vectorcards][curation]") {
  tiny_wordnet wn;
  curation_paths paths{wn.dir.path(), {wn.path("profanity.json")}, wn.path("frequencies.tsv"), ""};
  auto words = load_deal_words(paths, deck, blocklist::parse("bastard\n"));
  REQUIRE(words.ok());
  CHECK(words->cards == std::vector<std::string>{"dog", "talk", "glass", "building", "build",
                                                 "mouse", "apple", "idea", "shrimpy"});
  CHECK(words->subjects == std::vector<std::string>{"dog", "glass", "building", "mouse", "apple"});
  curation_options few;
  few.subjects = 2;
  auto fewer = load_deal_words(paths, deck, blocklist::parse(""), few);
  REQUIRE(fewer.ok());
  CHECK(fewer->subjects == std::vector<std::string>{"dog", "glass"});
  CHECK(std::count(fewer->cards.begin(), fewer->cards.end(), "bastard") ==
        1);  // only the blocklist had it

  auto profanity = load_profanity({wn.path("profanity.json")});
  REQUIRE(profanity.ok());
  CHECK(*profanity == std::unordered_set<std::string>{"rudeword", "shouted"});
  CHECK(load_profanity({wn.path("none.json")}).err().code == "missing_profanity_list");
  write(wn.path("bad.json"), R"({"words":[]})");
  CHECK(load_profanity({wn.path("bad.json")}).err().code == "bad_profanity_list");
  paths.frequencies = wn.path("none.tsv");
  CHECK(load_deal_words(paths, deck, blocklist::parse("")).err().code == "missing_frequencies");
}

TEST_CASE("card exclusions keep crude or grim words out of cards and subjects only",
          "[vectorcards][curation]") {
  tiny_wordnet wn;
  write(wn.path("exclusions.txt"), "# crude\nmous*\nidea\n");
  curation_paths paths{wn.dir.path(), {wn.path("profanity.json")}, wn.path("frequencies.tsv"),
                       wn.path("exclusions.txt")};
  auto words = load_deal_words(paths, deck, blocklist::parse("bastard\n"));
  REQUIRE(words.ok());
  CHECK(words->cards == std::vector<std::string>{"dog", "talk", "glass", "building", "build",
                                                 "apple", "shrimpy"});
  CHECK(words->subjects == std::vector<std::string>{"dog", "glass", "building", "apple"});
  paths.card_exclusions = wn.path("none.txt");
  CHECK_FALSE(load_deal_words(paths, deck, blocklist::parse("")).ok());

  // The shipped list loads and excludes what it says.
  auto shipped = blocklist::load(std::string(WORDHALL_SOURCE_DIR) +
                                 "/config/vectorcards-card-exclusions.txt");
  REQUIRE(shipped.ok());
  // Words a played round dealt before the list named them: sexual, drug and grim ones too.
  for (auto word : {"testicle", "moron", "corpse", "vomiting", "rectal", "urinate", "fetish",
                    "lingerie", "naked", "cocaine", "heroin", "noose", "crybaby", "kidnapper"})
    CHECK(shipped->blocks(word));
  // Not what merely starts like one: heroine, methane, nudge, thongs' neighbour thorn.
  for (auto word : {"tart", "manure", "dog", "heroine", "methane", "nudge", "thorn"})
    CHECK_FALSE(shipped->blocks(word));
}

TEST_CASE("the installed profanity lists load", "[vectorcards][curation]") {
  auto paths = default_curation_paths(
      "/usr/share/wordnet", std::string(WORDHALL_SOURCE_DIR) + "/node_modules/naughty-words", "");
  REQUIRE(paths.profanity.size() == 3);
  auto lists = load_profanity(paths.profanity);
  REQUIRE(lists.ok());  // npm ci installs naughty-words (package.json)
  CHECK(lists->size() > 400);
  CHECK(lists->count("asshole"));
  CHECK_FALSE(lists->count("2 girls 1 cup"));  // phrases are never a single card
}
