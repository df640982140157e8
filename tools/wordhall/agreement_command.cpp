// `wordhall spymaster agreement`; usage and exit status are in agreement_command.hpp.
#include "tools/wordhall/agreement_command.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "models/codenames/clue_rules.hpp"
#include "models/codenames/codenames_deck.hpp"
#include "models/codenames/deck_cosines.hpp"
#include "models/codenames/view_agreement.hpp"
#include "models/codenames/view_set.hpp"
#include "tools/wordhall/command_failure.hpp"
#include "tools/wordhall/spymaster_loader.hpp"

namespace wordhall {
namespace {

constexpr std::string_view agreement_command_name = "spymaster agreement";

struct agreement_options {
  std::vector<std::string> views;
  std::string deck = codenames::default_deck_path;
  size_t words = default_common_clue_words;
  bool json = false;
};

double share(size_t part, size_t whole) { return whole ? double(part) / double(whole) : 0.0; }

int run_agreement(const agreement_options& options) {
  auto files = resolve_views(options.views, "");
  if (!files) return fail(agreement_command_name, files.err());
  if (files->size() < 2) {
    return fail(agreement_command_name,
                make_error("invalid_argument", "agreement needs two views or more (--view)"));
  }
  auto views = codenames::load_view_set(clue_sources(spymaster_paths{}), files.value());
  if (!views) return fail(agreement_command_name, views.err());
  auto entries = codenames::load_deck_file(options.deck);
  if (!entries) return fail(agreement_command_name, entries.err());
  std::vector<std::string> deck;
  for (auto& entry : entries.value())
    if (codenames::has_entry_in_every_view(*views.value(), entry)) deck.push_back(entry);
  auto cosines = codenames::deck_cosines::of(*views.value(), deck, options.words);
  if (!cosines) return fail(agreement_command_name, cosines.err());

  // A card's own word, a form of it or a word built on it is no clue for it: the rules a board
  // applies to its cards, one entry at a time.
  const auto& words = views.value()->words();
  std::vector<codenames::clue_rules> rules;
  for (const auto& entry : deck)
    rules.emplace_back(views.value()->spaces.front()->blocked(), std::vector<std::string>{entry},
                       std::vector<std::string>{});
  auto is_clue = [&](Eigen::Index word, Eigen::Index entry) {
    return rules[size_t(entry)].legal(words[size_t(word)]);
  };
  const std::vector<size_t> band_ends = {1000, 3000, options.words};
  const auto& names = views.value()->names;
  if (options.json) std::printf("{");
  for (size_t reader = 0; reader < names.size(); ++reader) {
    const auto bands = codenames::consensus_agreement(cosines->views(), reader, band_ends, is_clue);
    codenames::agreement_band all;
    for (const auto& b : bands) {
      all.pairs += b.pairs;
      all.reader_first += b.reader_first;
      all.reader_top3 += b.reader_top3;
    }
    if (options.json) {
      std::printf("%s\"%s\":{\"pairs\":%zu,\"reader_first\":%.4f,\"reader_top3\":%.4f,\"bands\":[",
                  reader ? "," : "", names[reader].c_str(), all.pairs,
                  share(all.reader_first, all.pairs), share(all.reader_top3, all.pairs));
      for (size_t i = 0; i < bands.size(); ++i) {
        const auto& b = bands[i];
        std::printf("%s{\"words\":[%zu,%zu],\"pairs\":%zu,\"reader_first\":%.4f,"
                    "\"reader_top3\":%.4f}",
                    i ? "," : "", b.first_word, b.end_word, b.pairs,
                    share(b.reader_first, b.pairs), share(b.reader_top3, b.pairs));
      }
      std::printf("]}");
      continue;
    }
    std::printf("reader %s, the other %zu views in hand: %zu clues they read alike; the reader's "
                "nearest %.1f %%, among its 3 nearest %.1f %%\n",
                names[reader].c_str(), names.size() - 1, all.pairs,
                100 * share(all.reader_first, all.pairs), 100 * share(all.reader_top3, all.pairs));
    for (const auto& b : bands) {
      std::printf("  clue words %5zu-%-5zu  %5zu clues  nearest %5.1f %%  top 3 %5.1f %%\n",
                  b.first_word + 1, b.end_word, b.pairs, 100 * share(b.reader_first, b.pairs),
                  100 * share(b.reader_top3, b.pairs));
    }
  }
  if (options.json) std::printf("}\n");
  std::fprintf(stderr, "wordhall spymaster agreement: %zu clue words, deck of %zu\n",
               cosines->words(), deck.size());
  return 0;
}

}  // namespace

void add_agreement_command(CLI::App& spymaster) {
  auto options = std::make_shared<agreement_options>();
  auto* cmd = spymaster.add_subcommand(
      "agreement",
      "How far the views of meaning foretell one another: for each view as the reader, of the "
      "one-card clues the other views read alike, the share the reader reads so too.");
  cmd->add_option("--view", options->views,
                  "a view of meaning, one per --view (default: the prepared ones)");
  cmd->add_option("--deck", options->deck, "deck file (default " + options->deck + ")");
  cmd->add_option("--words", options->words,
                  "the most common clue words to look at (default " +
                      std::to_string(options->words) + ")");
  cmd->add_flag("--json", options->json,
                "print {\"VIEW\":{\"pairs\":…,\"reader_first\":…,\"reader_top3\":…,\"bands\":[…]}}");
  cmd->callback([options] { throw CLI::RuntimeError(run_agreement(*options)); });
}

}  // namespace wordhall
