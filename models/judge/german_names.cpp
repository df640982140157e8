#include "models/judge/german_names.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <unordered_map>
#include <utility>

#include "events/text.hpp"
#include "models/judge/text_file.hpp"
#include "models/judge/word_analysis.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

namespace fs = std::filesystem;

// Nouns the rule takes for names: they have a name's shape in Hunspell's dictionary, English
// lists them as a name, and neither the prose nor their compounds show them in use.
constexpr std::string_view common_nouns[] = {
    "ADRENALIN", "AMI",     "BERNSTEIN", "BOLOGNESE", "CAMEMBERT", "ESKIMO",    "ESPERANTO",
    "ESSEN",     "FRISBEE", "GESTALTEN", "GORGONZOLA", "GOUDA",    "GROS",      "HANDEL",
    "INDIO",     "JURA",    "KALI",      "KARO",      "KLEE",      "MATHE",     "MAUSER",
    "MESSIAS",   "MOSLEM",  "PARMESAN",  "PSALTER",   "RIESLING",  "SALTO",     "STEINMETZ",
    "STRUMA",    "SUDOKU",  "TARA",      "TIKI",      "TOTO",      "VALIUM",    "VASELINE",
    // and nouns that only German's shape of a name marks, which no reference work lists
    "ABETER",    "BOXCALF", "BOXKALF",   "DENUNZIANTENTUM", "GEHAMPEL", "GESCHMÄCKLE", "ROAMING"};

// The highest SCOWL level an English common word may have and still count as common, and the
// highest at which a name counts as well known.
constexpr int common_word_level = 60;
constexpr int well_known_name_level = 70;

// English's view of the words in SCOWL's lists: the lowest level at which each is listed as a
// name, and the common words written in lower case; all normalised.
struct english_lists {
  std::unordered_map<std::string, int> name_level;
  std::unordered_set<std::string> common_words;
};

bool starts_lower(std::string_view word) { return !word.empty() && word[0] >= 'a' && word[0] <= 'z'; }

// A word of at least three letters written with a capital and otherwise in lower case (Renate;
// not the acronyms ABC and AfD, nor the abbreviations Fr and Hz).
bool capitalised_stem(std::string_view stem) {
  const auto letters = utf8_letters(stem);
  if (letters.size() < 3) return false;
  auto lower = [](std::string_view l) {
    return (l.size() == 1 && l[0] >= 'a' && l[0] <= 'z') || l == "ä" || l == "ö" || l == "ü" || l == "ß";
  };
  if (!is_capital(letters[0])) return false;
  return std::all_of(letters.begin() + 1, letters.end(), lower);
}

result<english_lists> read_english_lists(const std::string& scowl_dir) {
  english_lists out;
  std::error_code error;
  std::size_t files = 0;
  for (fs::directory_iterator it(scowl_dir, error), end; !error && it != end; it.increment(error)) {
    const std::string file = it->path().filename().string();
    const auto dot = file.rfind('.');
    const auto dash = file.rfind('-', dot);
    if (dot == std::string::npos || dash == std::string::npos) continue;
    const std::string kind = file.substr(dash + 1, dot - dash - 1);
    const std::string variety = file.substr(0, file.find('-'));
    if (variety != "english" && variety != "american" && variety != "british") continue;
    const int level = std::atoi(file.c_str() + dot + 1);
    const bool names = kind == "upper" || (kind == "names" && ends_with(file.substr(0, dot), "proper-names"));
    const bool words = kind == "words" && level <= common_word_level;
    if (level <= 0 || (!names && !words)) continue;
    std::string text;
    if (!read_file(it->path().string(), text)) continue;
    ++files;
    for_each_line(text, [&](std::string_view entry) {
      if (entry.empty()) return;
      if (words) {
        if (starts_lower(entry)) out.common_words.insert(normalise_word(entry));
        return;
      }
      if (!capitalised_stem(entry)) return;  // NASA, NAME: an acronym is no name
      auto [slot, added] = out.name_level.emplace(normalise_word(entry), level);
      if (!added) slot->second = std::min(slot->second, level);
    });
  }
  if (error || files == 0)
    return make_error("judge_names_missing",
                      "cannot read SCOWL's English lists of names in " + scowl_dir + " (Debian's scowl)");
  return out;
}

// German prose uses the word as a noun: after a determiner twice, and in a quarter of its uses.
bool used_as_noun(const std::string& word, const german_word_counts* counts) {
  if (!counts) return false;
  const uint32_t after = counts->after_determiner(word);
  return after >= 2 && 4 * after >= counts->prose_count(word);
}

}  // namespace

result<german_names> german_names::load(const std::string& hunspell_dic, const std::string& scowl_dir,
                                        const german_lexicon& lexicon,
                                        const german_word_counts* counts,
                                        const german_headwords* headwords) {
  std::string dic;
  if (!read_file(hunspell_dic, dic))
    return make_error("judge_hunspell_missing", "cannot read the Hunspell dictionary " + hunspell_dic);
  auto english = read_english_lists(scowl_dir);
  if (!english) return english.err();

  german_names out;
  bool count_line = true;  // a .dic starts with the number of its stems
  for_each_line(dic, [&](std::string_view line) {
    if (std::exchange(count_line, false)) return;
    const auto slash = line.find('/');
    const std::string_view stem = line.substr(0, slash);
    const std::string_view flags = slash == std::string_view::npos ? std::string_view() : line.substr(slash + 1);
    if (!capitalised_stem(stem) || flags.find_first_not_of("SMmR") != std::string_view::npos) return;
    const std::string word = normalise_word(stem);
    const bool common_noun =
        std::find(std::begin(common_nouns), std::end(common_nouns), word) != std::end(common_nouns);
    // A place the German-English dictionary names and lists as nothing else (MÜNCHEN, KÖLN,
    // HAMBURG, where English says Munich, Cologne and has a lower-case hamburg): a name. Places
    // take articles ("die Elbe", "das Allgäu"), so the prose's determiners prove nothing here.
    if (headwords && headwords->is_place(word)) {
      if (!common_noun) out.names_.insert(word);
      return;
    }
    const auto named = english->name_level.find(word);
    // A name only German knows (Uwe, Jürgen, Köpenick): the genitive alone, no reference work
    // lists it, and it is no compound of listed words (Wirksam·werden).
    const bool german_only = named == english->name_level.end() && headwords && flags == "S" &&
                             !headwords->contains(word) && split_compound(word, lexicon, false).empty();
    if (named == english->name_level.end() && !german_only) return;
    if (english->common_words.count(word) > 0 || used_as_noun(word, counts)) return;
    if (common_noun) return;
    if (!german_only && named->second > well_known_name_level) {
      // A rarer name: no R (-er: Londoner, but also Eier, Bilder), no m, a genitive, few compounds.
      const bool genitive = flags.find('S') != std::string_view::npos ||
                            ends_with(word, "S") || ends_with(word, "X") || ends_with(word, "Z");
      if (flags.find_first_of("Rm") != std::string_view::npos || !genitive ||
          lexicon.family_size(word, 2) >= 2)
        return;
    }
    out.names_.insert(word);
  });
  return out;
}

bool german_names::contains(std::string_view normalised_word) const {
  return names_.count(std::string(normalised_word)) > 0;
}

std::string german_names::name_of(std::string_view normalised_word) const {
  if (contains(normalised_word)) return std::string(normalised_word);
  if (ends_with(normalised_word, "S")) {
    std::string_view stem = normalised_word.substr(0, normalised_word.size() - 1);
    if (contains(stem)) return std::string(stem);
  }
  return {};
}

}  // namespace wordhall::judge
