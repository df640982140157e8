// consensus_agreement: of the clues every view in hand reads alike, how many the reader does.
#include <catch2/catch.hpp>

#include <vector>

#include "models/codenames/view_agreement.hpp"

using namespace wordhall::codenames;

namespace {

// Rows are clue words, columns deck entries.
Eigen::MatrixXf table(std::initializer_list<std::initializer_list<float>> rows) {
  Eigen::MatrixXf m(Eigen::Index(rows.size()), Eigen::Index(rows.begin()->size()));
  Eigen::Index r = 0;
  for (const auto& row : rows) {
    Eigen::Index c = 0;
    for (float x : row) m(r, c++) = x;
    ++r;
  }
  return m;
}

}  // namespace

TEST_CASE("consensus_agreement counts the clues every view in hand puts nearest one entry",
          "[view_agreement]") {
  // Word 0: both views in hand put entry 0 nearest, and so does the reader.
  // Word 1: both put entry 1 nearest; the reader puts it second.
  // Word 2: the views in hand disagree (entry 2 against entry 0): no pair.
  // Word 3: both put entry 2 nearest; the reader puts it last of four.
  const auto first = table({{0.9f, 0.1f, 0.2f, 0.0f},
                            {0.1f, 0.8f, 0.3f, 0.0f},
                            {0.2f, 0.1f, 0.7f, 0.0f},
                            {0.0f, 0.1f, 0.6f, 0.2f}});
  const auto second = table({{0.7f, 0.2f, 0.1f, 0.0f},
                             {0.2f, 0.5f, 0.4f, 0.0f},
                             {0.6f, 0.1f, 0.3f, 0.0f},
                             {0.1f, 0.0f, 0.5f, 0.3f}});
  const auto reader = table({{0.8f, 0.3f, 0.2f, 0.1f},
                             {0.6f, 0.5f, 0.1f, 0.0f},
                             {0.1f, 0.1f, 0.9f, 0.0f},
                             {0.5f, 0.4f, 0.1f, 0.3f}});
  SECTION("one band") {
    const auto bands = consensus_agreement({first, second, reader}, 2, {10});
    REQUIRE(bands.size() == 1);
    CHECK(bands[0].first_word == 0);
    CHECK(bands[0].end_word == 4);
    CHECK(bands[0].pairs == 3);
    CHECK(bands[0].reader_first == 1);
    CHECK(bands[0].reader_top3 == 2);
  }
  SECTION("bands by commonness") {
    const auto bands = consensus_agreement({first, second, reader}, 2, {2, 10});
    REQUIRE(bands.size() == 2);
    CHECK(bands[0].pairs == 2);
    CHECK(bands[0].reader_first == 1);
    CHECK(bands[1].first_word == 2);
    CHECK(bands[1].pairs == 1);
    CHECK(bands[1].reader_top3 == 0);
  }
  SECTION("a word that may not clue its nearest entry is no pair") {
    const auto bands = consensus_agreement(
        {first, second, reader}, 2, {10}, [](Eigen::Index word, Eigen::Index) { return word != 0; });
    CHECK(bands[0].pairs == 2);
    CHECK(bands[0].reader_first == 0);
  }
  SECTION("a tie at the top is no single nearest entry") {
    auto tied = first;
    tied(0, 1) = tied(0, 0);
    CHECK(consensus_agreement({tied, second, reader}, 2, {10})[0].pairs == 2);
  }
  SECTION("the reader may be any of the views") {
    // With the reader first, the two others in hand are `second` and `first`: the same pairs.
    CHECK(consensus_agreement({reader, second, first}, 0, {10})[0].pairs == 3);
  }
}
