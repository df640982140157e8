#include "models/judge/german_headwords.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "events/text.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/text_file.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

std::vector<std::string_view> split_on(std::string_view text, std::string_view separator) {
  std::vector<std::string_view> out;
  for (;;) {
    auto at = text.find(separator);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + separator.size());
  }
}

// `text` without its groups in `open`…`close` (labels: "(ugs.)", "[bot.]"), nested ones too.
std::string without_groups(std::string_view text, char open, char close) {
  std::string out;
  int depth = 0;
  for (char c : text) {
    if (c == open) ++depth;
    else if (c == close && depth > 0) --depth;
    else if (depth == 0) out += c;
  }
  return out;
}

// `text` without its labels and tags in (), [] and {}: "Köln {n} [geogr.]" → "Köln ".
std::string without_labels(std::string_view text) {
  return without_groups(without_groups(without_groups(text, '(', ')'), '[', ']'), '{', '}');
}

// A verb form's pronoun, alone or several in one ("ich/er/sie"), and its reflexive object.
bool is_pronoun(std::string_view token) {
  static constexpr std::string_view pronouns[] = {"ich", "du", "er", "sie", "es", "wir", "ihr"};
  for (auto part : split_on(token, "/"))
    if (std::find(std::begin(pronouns), std::end(pronouns), part) == std::end(pronouns))
      return false;
  return true;
}
bool is_reflexive(std::string_view token) {
  static constexpr std::string_view reflexives[] = {"mich", "dich", "sich", "uns", "euch"};
  return std::find(std::begin(reflexives), std::end(reflexives), token) != std::end(reflexives);
}

// One word of at least three letters A–Z, Ä, Ö, Ü, ß (either case), no capital after the first.
bool is_single_word(std::string_view spelling) {
  if (spelling.empty() || spelling.find_first_of(" -.'/0123456789") != std::string_view::npos)
    return false;
  const std::string normal = normalise_word(spelling);
  const auto letters = utf8_letters(normal);
  if (letters.size() < 3) return false;
  for (auto letter : letters)
    if (letter_index(letter) < 0) return false;
  // Abbreviations and brands (IOC, SUV, iPod): a capital after the first letter.
  const auto spelled = utf8_letters(spelling);
  for (std::size_t i = 1; i < spelled.size(); ++i)
    if (is_capital(spelled[i])) return false;
  return true;
}

// A thesaurus term the judge takes: not marked as another language's word ("Source (engl.)",
// "Leo (lat.)"), and no letters in parentheses inside a word ("Freud(e)": two spellings in one).
bool usable_term(std::string_view term) {
  static constexpr std::string_view foreign[] = {"(engl.)", "(franz.)", "(lat.)",    "(ital.)",
                                                 "(span.)", "(griech.)", "(niederl.)"};
  for (auto label : foreign)
    if (term.find(label) != std::string_view::npos) return false;
  for (std::size_t i = 1; i < term.size(); ++i)
    if (term[i] == '(' && term[i - 1] != ' ') return false;
  return true;
}

// The dictionary's word classes taken: nouns by gender or plural, adjectives, adverbs.
bool is_word_class(std::string_view tag) {
  return tag == "m" || tag == "f" || tag == "n" || tag == "pl" || tag == "adj" || tag == "adv";
}

// An alternative of the dictionary's German side: "Schalotte {f} [bot.]" gives "Schalotte" and
// its tags {"f"}, an untagged single word ("staksig" in "staksig; stakig {adj}") the word without
// tags; anything else (a phrase, a verb, an example sentence, a place) gives an empty word.
struct tagged_word {
  std::string word;
  std::vector<std::string> tags;
};
tagged_word read_alternative(std::string_view alternative) {
  tagged_word out;
  if (alternative.find("[geogr.]") != std::string_view::npos) return out;  // a place: a name
  if (!usable_term(alternative)) return out;
  const std::string bare = without_groups(without_groups(alternative, '(', ')'), '[', ']');
  std::string_view rest = trim(bare);
  const auto brace = rest.find('{');
  const std::string_view word = trim(rest.substr(0, brace));
  if (brace == std::string_view::npos) {
    if (is_single_word(word)) out.word = std::string(word);
    return out;
  }
  rest.remove_prefix(brace);
  std::vector<std::string> tags;
  while (!rest.empty()) {
    if (rest.front() != '{') return out;
    const auto end = rest.find('}');
    if (end == std::string_view::npos) return out;
    for (auto tag : split_on(rest.substr(1, end - 1), ",")) {
      tag = trim(tag);
      if (!is_word_class(tag)) return out;
      tags.emplace_back(tag);
    }
    rest = trim(rest.substr(end + 1));
  }
  if (tags.empty() || !is_single_word(word)) return out;
  // A people, listed in the plural alone among social terms ("Nuer {pl} [soc.]"): a name.
  if (tags.size() == 1 && tags[0] == "pl" && alternative.find("[soc.]") != std::string_view::npos)
    return out;
  out.word = std::string(word);
  out.tags = std::move(tags);
  return out;
}

bool is_plural(const tagged_word& w) { return w.tags.size() == 1 && w.tags[0] == "pl"; }
bool is_adjective_or_adverb(const tagged_word& w) {
  for (auto& tag : w.tags)
    if (tag != "adj" && tag != "adv") return false;
  return !w.tags.empty();
}
// How many genders the dictionary gives the word: 1 for a noun, 2 for an adjective used as one
// ("Vertraute {m,f}"), 0 for a plural, an adjective or an adverb.
int genders(const tagged_word& w) {
  int count = 0;
  for (auto& tag : w.tags) count += tag == "m" || tag == "f" || tag == "n";
  return count;
}

// `word` normalised, and as tiles spell it when it has a ß (STRAßE and STRASSE).
std::vector<std::string> spellings_on_tiles(std::string_view word) {
  std::vector<std::string> out{normalise_word(word)};
  if (out[0].find("ß") != std::string::npos) out.push_back(tile_spelling(out[0]));
  return out;
}

}  // namespace

result<german_headwords> german_headwords::load(const std::string& thesaurus,
                                                const std::string& translations) {
  std::string thesaurus_text, translations_text;
  if (!read_file(thesaurus, thesaurus_text))
    return make_error("judge_headwords_missing",
                      "cannot read OpenThesaurus " + thesaurus + " (Debian's mythes-de)");
  if (!read_file(translations, translations_text))
    return make_error("judge_headwords_missing",
                      "cannot read the German-English dictionary " + translations +
                          " (Debian's trans-de-en)");
  return from_text(thesaurus_text, translations_text);
}

german_headwords german_headwords::from_text(std::string_view thesaurus,
                                             std::string_view translations) {
  german_headwords out;
  out.words_.reserve(300000);
  out.add_thesaurus(thesaurus);
  out.add_translations(translations);
  return out;
}

void german_headwords::add(std::string_view spelling, bool in_dictionary, bool noun,
                           std::string_view singular) {
  auto keep = [&](const std::string& key) {
    entry& e = words_[key];
    // A capital first letter (a noun) wins over the same word in lower case.
    if (e.spelling.empty() ||
        (is_capitalised(spelling) && !is_capitalised(e.spelling)))
      e.spelling = std::string(spelling);
    if (!singular.empty() && e.singular.empty()) e.singular = std::string(singular);
    e.noun = e.noun || noun;
    e.in_dictionary = e.in_dictionary || in_dictionary;
  };
  for (const auto& key : spellings_on_tiles(spelling)) keep(key);
}

void german_headwords::add_thesaurus(std::string_view text) {
  // Each set is repeated under the header of every word in it: read it once.
  std::unordered_set<std::string_view> sets_read;
  for_each_line(text, [&](std::string_view line) {
    // A set line starts with "-" or a word class in parentheses; a header with the word.
    if (line.empty() || (line[0] != '-' && line[0] != '(')) return;
    if (!sets_read.insert(line).second) return;
    auto terms = split_on(line, "|");
    for (std::size_t i = 1; i < terms.size(); ++i) {
      if (!usable_term(terms[i])) continue;
      const std::string term = without_groups(terms[i], '(', ')');
      const std::string_view word = trim(term);
      if (is_single_word(word)) add(word, false);
    }
  });
}

void german_headwords::add_translations(std::string_view text) {
  std::vector<tagged_word> previous, group;
  for_each_line(text, [&](std::string_view line) {
    if (line.empty() || line[0] == '#') return;
    const auto sides = line.find(" :: ");
    const std::string_view german = line.substr(0, sides);
    // A place's English name is capitalised too; a geographer's term is not (stratosphere).
    const bool english_capital = sides != std::string_view::npos && sides + 4 < line.size() &&
                                 line[sides + 4] >= 'A' && line[sides + 4] <= 'Z';
    if (english_capital) add_places(german.substr(0, german.find(" | ")));
    add_verb_forms(split_on(german, " | "));
    previous.clear();
    bool first = true;
    // The headword's group, then its plurals, kinds and phrases: "Fehde {f} | Fehden {pl} |
    // Bandenfehde {f} | mit jdm. in Fehde liegen".
    for (auto words : split_on(german, " | ")) {
      group.clear();
      for (auto alternative : split_on(words, "; ")) group.push_back(read_alternative(alternative));
      // The dictionary tags a group of adjectives or adverbs once, after the last: "staksig;
      // stakig {adj}". Untagged nouns are not taken: nouns carry their gender each.
      const bool adjectives = first && is_adjective_or_adverb(group.back());
      // A group of plurals as long as the group before it pairs with it word by word:
      // "Schalotte {f} | Schalotten {pl}"; after a single noun, every plural is its plural:
      // "Wort {n} | Worte {pl}; Wörter {pl}".
      const bool all_plurals = std::all_of(group.begin(), group.end(), is_plural);
      const bool plurals = all_plurals && group.size() == previous.size();
      const bool plurals_of_one = all_plurals && previous.size() == 1 && group.size() > 1;
      for (std::size_t i = 0; i < group.size(); ++i) {
        const tagged_word& w = group[i];
        if (w.word.empty()) continue;
        const tagged_word* singular =
            plurals ? &previous[i] : plurals_of_one ? &previous[0] : nullptr;
        if (singular && genders(*singular) > 0 && w.word != singular->word)
          add(w.word, true, false, singular->word);
        else if (!w.tags.empty() || (adjectives && !is_capitalised(w.word)))
          add(w.word, true, genders(w) == 1);
      }
      std::swap(previous, group);
      first = false;
    }
  });
}

void german_headwords::add_verb_forms(const std::vector<std::string_view>& groups) {
  // The infinitives: the first group's single words when its last alternative is tagged a verb
  // ({v}, {vi}, {vt}, {vr}), its objects aside ("etw. geben", "sich verkriechen"); a slot stays
  // empty for a phrase ("gelegen sein", "ein Fahrzeug fahren").
  auto first = split_on(groups[0], "; ");
  if (first.back().find("{v") == std::string_view::npos) return;
  std::vector<std::string> infinitives;
  for (auto alternative : first) {
    const std::string bare = without_labels(alternative);
    std::string_view word;
    int words = 0;
    for (auto token : split_on(trim(bare), " ")) {
      if (token.empty() || token.back() == '.' || token == "sich") continue;  // etw., jdm.
      word = token, ++words;
    }
    const bool verb = words == 1 && is_single_word(word) && !is_capitalised(word) && word.back() == 'n';
    infinitives.emplace_back(verb ? std::string(word) : std::string());
    if (verb) infinitives_.insert(normalise_word(word));
  }
  for (std::size_t g = 1; g < groups.size(); ++g) {
    auto alternatives = split_on(groups[g], "; ");
    if (alternatives.size() != infinitives.size()) continue;
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      if (infinitives[i].empty()) continue;
      const std::string bare = without_groups(without_groups(alternatives[i], '(', ')'), '[', ']');
      std::vector<std::string_view> tokens;
      for (auto token : split_on(trim(bare), " "))
        if (!token.empty()) tokens.push_back(token);
      // "verfahrend", "verfahren" (the participles come first); "ich/er/sie verfuhr", "er/sie
      // verkriecht sich", or without the pronoun ("erteilte; gab").
      std::string_view form;
      bool participle = false;
      if (tokens.size() == 1) {
        form = tokens[0], participle = g <= 2;
        // After the participles, a form without its pronoun begins as its verb does ("erteilte",
        // "gab" of geben); a later group may hold a negated adjective ("unüberlegt" under
        // überlegen), which is none.
        if (!participle && utf8_letters(normalise_word(form))[0] !=
                               utf8_letters(normalise_word(infinitives[i]))[0])
          continue;
      } else if ((tokens.size() == 2 || (tokens.size() == 3 && is_reflexive(tokens[2]))) &&
                 is_pronoun(tokens[0])) {
        form = tokens[1];
      }
      if (form.empty() || !is_single_word(form) || is_capitalised(form)) continue;
      // A finite form wins over a participle of the same spelling; otherwise the first listed.
      auto [it, added] = verb_forms_.try_emplace(normalise_word(form), verb_form{infinitives[i], participle});
      if (!added && it->second.participle && !participle) it->second = {infinitives[i], false};
    }
  }
}

std::string german_headwords::listed_infinitive(const std::string& normalised_form,
                                                bool participles) const {
  if (infinitives_.count(normalised_form)) return {};
  auto it = verb_forms_.find(normalised_form);
  if (it == verb_forms_.end() || (it->second.participle && !participles)) return {};
  // A participle the dictionary also lists as an adjective is a word of its own (besonnen,
  // besorgt: level-headed, worried), not only a form of its verb.
  if (it->second.participle) {
    auto word = words_.find(normalised_form);
    if (word != words_.end() && word->second.in_dictionary) return {};
  }
  return it->second.infinitive;
}

std::string german_headwords::infinitive(std::string_view normalised_form, bool participles) const {
  const std::string form(normalised_form);
  if (auto listed = listed_infinitive(form, participles); !listed.empty()) return listed;
  // The prefixes Hunspell leaves on a form whose stem it names alone: ver- and un-, and a
  // separable verb's particle written before its past stem (ABSANK, AUFSTAND).
  for (std::string_view prefix : {"ver", "un", "ab", "an", "auf", "aus", "bei", "ein", "mit",
                                  "nach", "vor", "weg", "zu", "los", "zurück"}) {
    const std::string normalised = normalise_word(prefix);
    if (form.size() <= normalised.size() + 2 || form.rfind(normalised, 0) != 0) continue;
    const std::string verb = listed_infinitive(form.substr(normalised.size()), participles);
    if (!verb.empty() && infinitives_.count(normalised + normalise_word(verb)))
      return std::string(prefix) + verb;
  }
  return {};
}

bool german_headwords::contains(std::string_view normalised_word) const {
  return words_.count(std::string(normalised_word)) > 0;
}

std::string german_headwords::display(std::string_view normalised_word) const {
  auto it = words_.find(std::string(normalised_word));
  return it == words_.end() ? std::string() : it->second.spelling;
}

void german_headwords::add_places(std::string_view first_group) {
  for (auto alternative : split_on(first_group, "; ")) {
    if (alternative.find("[geogr.]") == std::string_view::npos) continue;
    const std::string bare = without_labels(alternative);
    const std::string_view word = trim(bare);
    if (!is_single_word(word) || !is_capitalised(word)) continue;
    for (auto& key : spellings_on_tiles(word)) places_.insert(std::move(key));
  }
}

bool german_headwords::is_place(std::string_view normalised_word) const {
  const std::string key(normalised_word);
  if (places_.count(key) == 0) return false;
  auto it = words_.find(key);
  return it == words_.end() || !it->second.in_dictionary;
}

bool german_headwords::is_noun(std::string_view normalised_word) const {
  auto it = words_.find(std::string(normalised_word));
  return it != words_.end() && it->second.noun &&
         is_capitalised(it->second.spelling);
}

std::string german_headwords::singular(std::string_view normalised_word) const {
  auto it = words_.find(std::string(normalised_word));
  return it == words_.end() ? std::string() : it->second.singular;
}

}  // namespace wordhall::judge
