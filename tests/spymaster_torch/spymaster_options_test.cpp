// `wordhall spymaster` refusing what it cannot do, each with a sentence that says why and what to
// do instead, and the strong links' lead view as the options choose it.
#include "tests/spymaster_torch/default_data.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/temp_dir.hpp"

using namespace wordhall::testing;

TEST_CASE("wordhall spymaster clue: no model file is exit 2 with what to do",
          "[spymaster_torch]") {
  REQUIRE(std::filesystem::exists(binary));
  // Each before reading a board from stdin: the missing file is the first thing to say.
  for (const std::string args : {"--scorer-file /no/such/scorer.whcs",
                                 "--model setnet --model-file /no/such/model.whsm"}) {
    auto run = run_wordhall("spymaster clue " + args + " </dev/null 2>&1");
    CHECK(run.status == 2);
    CHECK_THAT(run.output, Catch::Contains(args.substr(args.rfind(' ') + 1)));
    CHECK_THAT(run.output, Catch::Contains("--model baseline"));
    CHECK_THAT(run.output, Catch::Contains("tools/prepare-data"));
  }
}

namespace {

// Both commands that take the strong links' options refuse `option`, saying each of `sentences`.
void both_refuse(const std::string& option, const std::vector<std::string>& sentences) {
  for (const std::string command : {"spymaster eval --games 1 --seed 1 --model learned",
                                    "spymaster train-scorer --out /no/such/dir/scorer.whcs"}) {
    auto run = run_wordhall(command + " " + option + " 2>&1");
    CHECK(run.status != 0);
    for (const auto& sentence : sentences) CHECK_THAT(run.output, Catch::Contains(sentence));
  }
}

}  // namespace

TEST_CASE("wordhall spymaster: a lead view for strong links that is no view is refused",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  both_refuse("--links-lead-view gloev-6b-100d",
              {"no view is named \"gloev-6b-100d\"", "glove-6b-100d, wordnet-graph-200d"});
}

TEST_CASE("wordhall spymaster train-scorer: the strong links are led by the first listed view it has",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  const temp_dir out;
  auto train = [&](const std::string& arguments) {
    return run_wordhall("spymaster train-scorer --boards 20 --out '" + out.path() + "/s.whcs' " +
                        arguments + " 2>&1");
  };
  // The default list: GloVe's web text, else the prose corpus.
  auto with_glove = train("");
  CHECK(with_glove.status == 0);
  CHECK_THAT(with_glove.output, Catch::Contains("strong links among 10 nearest, led by glove-6b-100d"));
  auto without_glove = train("--drop-view glove-6b-100d");
  CHECK(without_glove.status == 0);
  CHECK_THAT(without_glove.output,
             Catch::Contains("strong links among 10 nearest, led by ppmi-text-100d"));
  // A list none of whose views is held: most views decide.
  auto none = train("--drop-view ppmi-text-100d --links-lead-view ppmi-text-100d");
  CHECK(none.status == 0);
  CHECK_THAT(none.output, Catch::Contains("strong links among 10 nearest, in most views"));
  // Every name in the list must be a view, even one after the view that leads.
  auto misspelt = train("--links-lead-view glove-6b-100d,ppmi-txt-100d");
  CHECK(misspelt.status != 0);
  CHECK_THAT(misspelt.output, Catch::Contains("no view is named \"ppmi-txt-100d\""));
}

TEST_CASE("wordhall spymaster: a later cards' link rank below the strong links' is refused",
          "[spymaster_torch][default-data]") {
  if (!have_default_data()) return;
  both_refuse("--later-link-rank 5", {"a later card's link rank must be 10"});
}
