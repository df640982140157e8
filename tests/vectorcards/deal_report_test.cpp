// The deal report's figures (events/vectorcards/dealing_report.hpp) on the default data, for a
// fixed seed: what `wordhall vectorcards deals` prints, with the targets curated deals meet and
// the classic dealing's figures beside them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "events/vectorcards/dealing_report.hpp"
#include "models/card_curation.hpp"
#include "models/card_words.hpp"

using namespace wordhall;
using namespace wordhall::vectorcards;

namespace {

struct default_cards {
  std::shared_ptr<const models::word_services> services;
  std::shared_ptr<const models::card_words> words;
  std::unordered_set<std::string> profanity;
};

// The server's default words (tools/wordhall/serve.cpp word_paths, make_card_words); null when
// the data is not prepared.
std::unique_ptr<default_cards> load_default_cards() {
  const std::string root = WORDHALL_SOURCE_DIR;
  models::word_services_paths paths;
  paths.vectors = root + "/data/embeddings/glove-6b-100d.whv";
  paths.blocklist = root + "/config/blocklist.txt";
  paths.scowl_dir = "/usr/share/dict/scowl";
  paths.frequencies = root + "/data/embeddings/subtlex-frequencies.tsv";
  paths.function_words = root + "/config/function-words.txt";
  paths.search = models::search_mode::exact;  // dealing searches nothing
  if (!std::filesystem::exists(paths.vectors) || !std::filesystem::exists("/usr/share/wordnet")) {
    REQUIRE_FALSE(std::getenv("WORDHALL_REQUIRE_DEFAULT_DATA"));
    WARN("default vectors or WordNet missing: run tools/prepare-data; skipping");
    return nullptr;
  }
  auto services = models::word_services::load(paths);
  REQUIRE(services.ok());
  auto curation = models::default_curation_paths(
      "/usr/share/wordnet", root + "/node_modules/naughty-words", paths.frequencies,
      root + "/config/vectorcards-card-exclusions.txt");
  auto curated = models::load_deal_words(curation, (*services)->deck(), (*services)->blocked());
  REQUIRE(curated.ok());
  auto profanity = models::load_profanity(curation.profanity);
  REQUIRE(profanity.ok());
  auto out = std::make_unique<default_cards>();
  out->services = *services;
  out->words = std::make_shared<models::card_words>(*services, std::move(*curated));
  out->profanity = std::move(*profanity);
  return out;
}

}  // namespace

TEST_CASE("the deal report on the default data: curated deals meet their targets",
          "[vectorcards][dealing][default-data]") {
  auto cards = load_default_cards();
  if (!cards) return;
  const auto& curated = cards->words->dealing_words();
  CHECK(curated.cards.size() > 10000);
  CHECK(curated.subjects.size() == 1500);
  auto on = [](const std::vector<std::string>& list, const std::string& w) {
    return std::find(list.begin(), list.end(), w) != list.end();
  };
  CHECK(on(curated.cards, "dog"));
  CHECK_FALSE(on(curated.cards, "dogs"));
  CHECK(on(curated.cards, "talk"));
  CHECK_FALSE(on(curated.cards, "talked"));
  CHECK_FALSE(on(curated.cards, "john"));
  CHECK(on(curated.subjects, "apple"));
  CHECK_FALSE(on(curated.subjects, "idea"));
  auto blocked = [&](const std::string& w) {
    return cards->profanity.count(w) > 0 || cards->services->blocked().blocks(w);
  };
  for (auto& w : curated.cards) {
    INFO(w);
    CHECK_FALSE(blocked(w));
  }

  deal_report_options options;
  options.count = 300;
  options.seed = 20261124;
  auto report = report_deals(options, *cards->words, curated.cards, blocked);
  REQUIRE(report.ok());
  INFO(deal_report_text(*report, options));
  CHECK(report->deals == 300);
  CHECK(report->par_uplift_median >= 0.35);
  CHECK(report->explainable_share >= 0.95);
  CHECK(report->hands_with_3_improving_share >= 0.90);
  CHECK(report->improving_moves_median >= 3);
  CHECK(report->lemma_share == 1.0);
  CHECK(report->blocked_words.empty());

  // The same seeds dealt the classic way: the figures the curated dealing improves on.
  options.config.dealing = "classic";
  auto classic = report_deals(options, *cards->words, curated.cards, blocked);
  REQUIRE(classic.ok());
  INFO(deal_report_text(*classic, options));
  CHECK(classic->par_uplift_median < report->par_uplift_median);
  CHECK(classic->explainable_share < 0.5);
  CHECK(classic->lemma_share < 0.9);
}
