// The clue vocabulary: entries' vectors, and the nearest legal clue word to a direction.
#include <catch2/catch.hpp>

#include "models/codenames/clue_space.hpp"
#include "tests/codenames/fixtures.hpp"

using namespace wordhall::codenames;
using namespace wordhall::codenames::testing;
using wordhall::models::blocklist;

TEST_CASE("clue space: entry vectors for words, other cases and phrases",
          "[codenames][vocabulary]") {
  auto vectors = words_at_angles({{"apple", 0}, {"pie", 90}, {"apple_pie", 30}, {"tea", 180}});
  auto apple = entry_vector(vectors, "Apple");
  REQUIRE(apple.ok());
  CHECK(apple->x() == Approx(1.0f));
  // A phrase's own token wins ("apple pie" -> "apple_pie"); else its words' normalised sum.
  auto joined = entry_vector(vectors, "apple pie");
  REQUIRE(joined.ok());
  CHECK(joined->y() == Approx(0.5f).margin(1e-6));
  auto summed = entry_vector(vectors, "pie tea");
  REQUIRE(summed.ok());
  CHECK(summed->x() == Approx(-std::sqrt(0.5f)).margin(1e-6));
  CHECK(summed->y() == Approx(std::sqrt(0.5f)).margin(1e-6));
  CHECK(entry_vector(vectors, "apple tart").err().code == "word_not_in_vocabulary");
  CHECK(entry_vector(vectors, "tart").err().code == "word_not_in_vocabulary");
  CHECK(has_entry_vector(vectors, "TEA"));
}

TEST_CASE("clue space: the nearest legal clue word, from the clue vocabulary only",
          "[codenames][vocabulary]") {
  auto vectors = words_at_angles({{"apple", 0},
                                  {"banana", 36},
                                  {"apples", 1},
                                  {"juice", 5},
                                  {"red", 18},
                                  {"fruit", 40},
                                  {"rotten", 2}});
  // "banana" and "rotten" are vectors but not clue words; "rotten" is also blocked.
  clue_space space(vectors, {"apples", "juice", "red", "fruit", "unknown"},
                   blocklist::parse("rotten\n"));
  CHECK(space.words() == std::vector<std::string>{"apples", "juice", "red", "fruit"});
  CHECK(space.rows().rows() == 4);

  const Eigen::VectorXf east = vectors.vector(*vectors.index_of("apple"));
  clue_rules rules(space.blocked(), {"apple", "banana"}, {});
  auto nearest = space.nearest_legal(east, rules);
  REQUIRE(nearest);
  CHECK(space.words()[*nearest] == "juice");  // apples (1°) contains a card

  clue_rules after_juice(space.blocked(), {"apple", "banana"}, {"juice"});
  CHECK(space.words()[*space.nearest_legal(east, after_juice)] == "red");

  clue_rules nothing_left(space.blocked(), {"apple", "juice", "red", "fruit"}, {});
  CHECK_FALSE(space.nearest_legal(east, nothing_left));
}
