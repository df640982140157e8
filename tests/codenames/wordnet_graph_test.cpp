// WordNet's relation graph: a hand-written snippet of the data files (offsets are only names
// here) parsed into synsets, sense counts and pointers.
#include <catch2/catch.hpp>

#include "models/codenames/wordnet_graph.hpp"

using namespace wordhall::codenames;

namespace {

wordnet_graph snippet_graph() {
  wordnet_graph_builder builder;
  builder.add_sense_count("dog%1:05:00:: 1 42");
  builder.add_sense_count("wolf%2:34:00:: 1 3");
  builder.add_sense_count("not a sense line");
  const char* nouns[] = {
      "  1 This software and database is being provided to you, the LICENSEE, by  ",
      "00000010 05 n 03 dog 0 domestic_dog 0 Canis_familiaris 0 003 @ 00000020 n 0000 "
      "%p 00000030 n 0000 @ 09999999 n 0000 | a member of the genus Canis",
      "00000020 05 n 01 canine 0 002 ~ 00000010 n 0000 ~ 00000040 n 0000 | a carnivore",
      "00000030 05 n 01 flag 0 001 #p 00000010 n 0000 | a conspicuously marked tail",
      "00000040 05 n 01 wolf 0 002 @ 00000020 n 0000 + 00000050 v 0101 | a wild dog",
  };
  for (const char* line : nouns) REQUIRE(builder.add_line("noun", line).ok());
  REQUIRE(builder.add_line("verb", "00000050 34 v 01 wolf 0 001 + 00000040 n 0101 01 + 02 00 "
                                   "| eat hastily")
              .ok());
  REQUIRE(builder.add_line("adj", "00000060 00 s 01 galore(ip) 0 001 & 00000070 a 0000 | plenty")
              .ok());
  REQUIRE(builder.add_line("adj", "00000070 00 a 01 Abundant 0 002 & 00000060 s 0000 "
                                  "! 00000080 a 0101 | present in great quantity")
              .ok());
  REQUIRE(builder.add_line("adj", "00000080 00 a 01 scarce 0 001 ! 00000070 a 0101 | deficient")
              .ok());
  return std::move(builder).finish();
}

}  // namespace

TEST_CASE("wordnet graph: synsets with their lemmas and sense counts", "[codenames][wordnet]") {
  auto graph = snippet_graph();
  REQUIRE(graph.synsets.size() == 8);
  CHECK(graph.synsets[0].pos == 'n');
  CHECK(graph.synsets[0].lemmas ==
        std::vector<std::string>{"dog", "domestic dog", "canis familiaris"});
  CHECK(graph.synsets[0].tag_counts == std::vector<uint32_t>{42, 0, 0});
  CHECK(graph.synsets[3].tag_counts == std::vector<uint32_t>{0});  // the noun "wolf"
  CHECK(graph.synsets[4].pos == 'v');
  CHECK(graph.synsets[4].tag_counts == std::vector<uint32_t>{3});  // the verb "wolf"
  CHECK(graph.synsets[5].pos == 's');
  CHECK(graph.synsets[5].lemmas == std::vector<std::string>{"galore"});
  CHECK(graph.synsets[6].lemmas == std::vector<std::string>{"abundant"});
}

TEST_CASE("wordnet graph: pointers resolved across files, dangling ones dropped",
          "[codenames][wordnet]") {
  auto graph = snippet_graph();
  using r = relation;
  const std::vector<wordnet_pointer> expected{
      {0, 1, r::hypernymy, 0, 0},  {0, 2, r::meronymy, 0, 0},   {1, 0, r::hypernymy, 0, 0},
      {1, 3, r::hypernymy, 0, 0},  {2, 0, r::meronymy, 0, 0},   {3, 1, r::hypernymy, 0, 0},
      {3, 4, r::derivation, 1, 1}, {4, 3, r::derivation, 1, 1}, {5, 6, r::similarity, 0, 0},
      {6, 5, r::similarity, 0, 0}, {6, 7, r::antonymy, 1, 1},   {7, 6, r::antonymy, 1, 1},
  };
  CHECK(graph.pointers == expected);
}

TEST_CASE("wordnet graph: pointer symbols", "[codenames][wordnet]") {
  CHECK(relation_of("@") == relation::hypernymy);
  CHECK(relation_of("~i") == relation::instance);
  CHECK(relation_of("#m") == relation::meronymy);
  CHECK(relation_of("%s") == relation::meronymy);
  CHECK(relation_of("=") == relation::attribute);
  CHECK(relation_of("\\") == relation::pertainymy);
  CHECK(relation_of(";c") == relation::topic_domain);
  CHECK(relation_of(";u") == relation::other);
}

TEST_CASE("wordnet graph: malformed lines are refused", "[codenames][wordnet]") {
  wordnet_graph_builder builder;
  CHECK(builder.add_line("noun", "00000010 05 n 02 dog 0").err().code == "bad_wordnet");
  CHECK(builder.add_line("noun", "00000010 05 n 01 dog 0 002 @ 00000020 n 0000 | cut short")
            .err()
            .code == "bad_wordnet");
  CHECK(builder.add_line("noun", "00000010 05 n 01 dog 0 001 @ 00000020 q 0000 | bad pos")
            .err()
            .code == "bad_wordnet");
  CHECK(builder.add_line("pronoun", "00000010 05 n 01 dog 0 000 | ").err().code == "bad_wordnet");
  REQUIRE(builder.add_line("noun", "00000010 05 n 01 dog 0 000 | fine").ok());
  CHECK(builder.add_line("noun", "00000010 05 n 01 cat 0 000 | again").err().code ==
        "bad_wordnet");
}
