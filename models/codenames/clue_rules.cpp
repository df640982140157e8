#include "models/codenames/clue_rules.hpp"

#include <algorithm>
#include <unordered_map>

#include "models/codenames/porter_stem.hpp"

namespace wordhall::codenames {
namespace {

// English forms no suffix rule reaches: irregular plurals, the -ing of verbs in -ie ("tying")
// and irregular past forms ("drove", "shot", "fought"); the stem rules compare their base forms,
// so that "tying" is TIE's and "shot" SHOOTER's.
std::string base_form_of(const std::string& word) {
  static const std::unordered_map<std::string, std::string> irregular = {
      {"tying", "tie"},       {"dying", "die"},       {"lying", "lie"},
      {"vying", "vie"},       {"drove", "drive"},     {"driven", "drive"},
      {"shot", "shoot"},      {"fought", "fight"},    {"spoke", "speak"},
      {"spoken", "speak"},    {"led", "lead"},        {"wrote", "write"},
      {"written", "write"},   {"rode", "ride"},       {"ridden", "ride"},
      {"sang", "sing"},       {"sung", "sing"},       {"swam", "swim"},
      {"swum", "swim"},       {"ran", "run"},         {"won", "win"},
      {"built", "build"},     {"caught", "catch"},    {"taught", "teach"},
      {"bought", "buy"},      {"brought", "bring"},   {"thought", "think"},
      {"sold", "sell"},       {"told", "tell"},       {"held", "hold"},
      {"kept", "keep"},       {"slept", "sleep"},     {"swept", "sweep"},
      {"wept", "weep"},       {"dealt", "deal"},      {"meant", "mean"},
      {"fed", "feed"},        {"bled", "bleed"},      {"fled", "flee"},
      {"flew", "fly"},        {"flown", "fly"},       {"drew", "draw"},
      {"drawn", "draw"},      {"grew", "grow"},       {"grown", "grow"},
      {"threw", "throw"},     {"thrown", "throw"},    {"blew", "blow"},
      {"blown", "blow"},      {"knew", "know"},       {"known", "know"},
      {"froze", "freeze"},    {"frozen", "freeze"},   {"chose", "choose"},
      {"chosen", "choose"},   {"stole", "steal"},     {"stolen", "steal"},
      {"broke", "break"},     {"broken", "break"},    {"woke", "wake"},
      {"woken", "wake"},      {"wore", "wear"},       {"worn", "wear"},
      {"tore", "tear"},       {"torn", "tear"},       {"bore", "bear"},
      {"sank", "sink"},       {"sunk", "sink"},       {"drank", "drink"},
      {"drunk", "drink"},     {"rang", "ring"},       {"rung", "ring"},
      {"began", "begin"},     {"begun", "begin"},     {"hid", "hide"},
      {"hidden", "hide"},     {"bit", "bite"},        {"bitten", "bite"},
      {"ate", "eat"},         {"eaten", "eat"},       {"fell", "fall"},
      {"fallen", "fall"},     {"gave", "give"},       {"given", "give"},
      {"took", "take"},       {"taken", "take"},      {"shook", "shake"},
      {"shaken", "shake"},    {"saw", "see"},         {"seen", "see"},
      {"went", "go"},         {"gone", "go"},         {"came", "come"},
      {"became", "become"},   {"sat", "sit"},         {"stood", "stand"},
      {"struck", "strike"},   {"stuck", "stick"},     {"hung", "hang"},
      {"dug", "dig"},         {"spun", "spin"},       {"found", "find"},
      {"bound", "bind"},      {"ground", "grind"},    {"wound", "wind"},
      {"sought", "seek"},
      {"lost", "lose"},       {"paid", "pay"},        {"laid", "lay"},
      {"said", "say"},        {"made", "make"},       {"heard", "hear"},
      {"left", "leave"},      {"felt", "feel"},       {"met", "meet"},
      {"sent", "send"},       {"spent", "spend"},     {"lent", "lend"},
      {"bent", "bend"},       {"shone", "shine"},     {"slid", "slide"},
      {"strove", "strive"},   {"wove", "weave"},      {"woven", "weave"},
      {"men", "man"},         {"women", "woman"},     {"children", "child"},
      {"people", "person"},   {"mice", "mouse"},      {"lice", "louse"},
      {"geese", "goose"},     {"feet", "foot"},       {"teeth", "tooth"},
      {"oxen", "ox"},         {"dice", "die"},        {"knives", "knife"},
      {"wives", "wife"},      {"lives", "life"},      {"leaves", "leaf"},
      {"loaves", "loaf"},     {"wolves", "wolf"},     {"halves", "half"},
      {"shelves", "shelf"},   {"calves", "calf"},     {"thieves", "thief"},
      {"elves", "elf"},       {"selves", "self"},     {"scarves", "scarf"},
      {"hooves", "hoof"},     {"cacti", "cactus"},    {"fungi", "fungus"},
      {"nuclei", "nucleus"},  {"indices", "index"},   {"matrices", "matrix"},
      {"phenomena", "phenomenon"}, {"criteria", "criterion"}, {"data", "datum"},
  };
  auto it = irregular.find(word);
  return it == irregular.end() ? word : it->second;
}

std::string stem_of(const std::string& word) { return porter_stem(base_form_of(word)); }

// Whether `a` and `b` begin alike up to at most the last two letters of the shorter, and for at
// least five letters: a derived form ("monstrous", "monster") that no Porter suffix rule joins.
bool same_root(std::string_view a, std::string_view b) {
  constexpr size_t kShortestRoot = 5;
  constexpr size_t kEndingLetters = 2;
  const size_t shorter = std::min(a.size(), b.size());
  size_t common = 0;
  while (common < shorter && a[common] == b[common]) ++common;
  return common >= kShortestRoot && common + kEndingLetters >= shorter;
}

// Whether `stem`, a Porter stem of four letters or more, begins `word`: the agent noun beside
// its verb's forms ("drive" of "driving" begins "driver"), which share fewer than five letters
// with it or end more than two letters apart.
bool stem_begins(std::string_view stem, std::string_view word) {
  constexpr size_t kShortestStem = 4;
  return stem.size() >= kShortestStem && word.substr(0, stem.size()) == stem;
}

// Whether `stem`, a Porter stem ending in the "i" Porter makes of a final "y", is `word` with its
// final "e" become that "y": the adjective beside its noun ("spicy", stem "spici", beside "spice";
// "icy" beside "ice", "bony" beside "bone"), too short alike for same_root and stem_begins.
bool adjective_in_y_of(std::string_view stem, std::string_view word) {
  return stem.size() >= 2 && stem.back() == 'i' && word.size() == stem.size() &&
         word.back() == 'e' && word.substr(0, word.size() - 1) == stem.substr(0, stem.size() - 1);
}

}  // namespace

const char* verdict_name(clue_verdict verdict) {
  switch (verdict) {
    case clue_verdict::legal: return "legal";
    case clue_verdict::on_board: return "on_board";
    case clue_verdict::contains_board_word: return "contains_board_word";
    case clue_verdict::inside_board_word: return "inside_board_word";
    case clue_verdict::same_stem: return "same_stem";
    case clue_verdict::same_root: return "same_root";
    case clue_verdict::blocked: return "blocked";
    case clue_verdict::given_before: return "given_before";
  }
  return "unknown";
}

std::vector<std::string> entry_words(std::string_view entry) {
  std::vector<std::string> out;
  std::string current;
  for (char c : entry) {
    if (c == ' ' || c == '_' || c == '-') {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

clue_rules::clue_rules(const models::blocklist& blocked,
                       const std::vector<std::string>& table_entries,
                       const std::vector<std::string>& given)
    : blocked_(&blocked) {
  for (const auto& entry : table_entries) {
    std::string folded = models::fold_case(entry);
    entries_.insert(folded);
    words_.push_back(folded);
    auto parts = entry_words(folded);
    if (parts.size() > 1) words_.insert(words_.end(), parts.begin(), parts.end());
  }
  for (const auto& word : words_) stems_.push_back(stem_of(word));
  for (const auto& word : given) given_.insert(models::fold_case(word));
}

clue_verdict clue_rules::check(std::string_view clue) const {
  std::string folded = models::fold_case(clue);
  if (entries_.count(folded)) return clue_verdict::on_board;
  for (const auto& word : words_) {
    if (folded == word) return clue_verdict::on_board;
    if (folded.find(word) != std::string::npos) return clue_verdict::contains_board_word;
  }
  for (const auto& word : words_) {
    if (word.find(folded) != std::string::npos) return clue_verdict::inside_board_word;
  }
  const std::string stem = stem_of(folded);
  if (std::find(stems_.begin(), stems_.end(), stem) != stems_.end())
    return clue_verdict::same_stem;
  for (size_t i = 0; i < words_.size(); ++i) {
    if (same_root(folded, words_[i]) || stem_begins(stem, words_[i]) ||
        stem_begins(stems_[i], folded))
      return clue_verdict::same_root;
    if (adjective_in_y_of(stem, words_[i]) || adjective_in_y_of(stem, stems_[i]) ||
        adjective_in_y_of(stems_[i], folded) || adjective_in_y_of(stems_[i], stem))
      return clue_verdict::same_root;
  }
  if (blocked_->blocks(folded)) return clue_verdict::blocked;
  if (given_.count(folded)) return clue_verdict::given_before;
  return clue_verdict::legal;
}

}  // namespace wordhall::codenames
