// A transcription of Porter's reference stemmer: `b_` holds the word, `k_` its last kept letter,
// `j_` the end of the stem a suffix test matched. The steps follow the paper's numbering.
#include "models/codenames/porter_stem.hpp"

#include <iterator>

namespace wordhall::codenames {
namespace {

class stemmer {
 public:
  explicit stemmer(std::string_view word) : b_(word), k_(static_cast<int>(word.size()) - 1) {}

  std::string run() {
    if (k_ <= 1) return b_;
    step1ab();
    if (k_ > 0) {
      step1c();
      step2();
      step3();
      step4();
      step5();
    }
    return b_.substr(0, static_cast<size_t>(k_ + 1));
  }

 private:
  bool cons(int i) const {
    switch (b_[i]) {
      case 'a':
      case 'e':
      case 'i':
      case 'o':
      case 'u': return false;
      case 'y': return i == 0 ? true : !cons(i - 1);
      default: return true;
    }
  }

  // The number of vowel-consonant sequences in b_[0..j_]: [C](VC)^m[V].
  int measure() const {
    int n = 0, i = 0;
    while (true) {
      if (i > j_) return n;
      if (!cons(i)) break;
      ++i;
    }
    ++i;
    while (true) {
      while (true) {
        if (i > j_) return n;
        if (cons(i)) break;
        ++i;
      }
      ++i;
      ++n;
      while (true) {
        if (i > j_) return n;
        if (!cons(i)) break;
        ++i;
      }
      ++i;
    }
  }

  bool vowel_in_stem() const {
    for (int i = 0; i <= j_; ++i)
      if (!cons(i)) return true;
    return false;
  }

  bool double_consonant(int i) const { return i >= 1 && b_[i] == b_[i - 1] && cons(i); }

  // consonant-vowel-consonant ending at i, the last not w, x or y ("hop" but not "snow").
  bool cvc(int i) const {
    if (i < 2 || !cons(i) || cons(i - 1) || !cons(i - 2)) return false;
    return b_[i] != 'w' && b_[i] != 'x' && b_[i] != 'y';
  }

  bool ends(std::string_view s) {
    int length = static_cast<int>(s.size());
    if (length > k_ + 1) return false;
    if (std::string_view(b_).substr(static_cast<size_t>(k_ - length + 1), s.size()) != s)
      return false;
    j_ = k_ - length;
    return true;
  }

  void set_to(std::string_view s) {
    b_.replace(static_cast<size_t>(j_ + 1), static_cast<size_t>(k_ - j_), s);
    k_ = j_ + static_cast<int>(s.size());
  }

  void replace_if_measured(std::string_view s) {
    if (measure() > 0) set_to(s);
  }

  // Plurals and -ed / -ing.
  void step1ab() {
    if (b_[k_] == 's') {
      if (ends("sses")) {
        k_ -= 2;
      } else if (ends("ies")) {
        set_to("i");
      } else if (b_[k_ - 1] != 's') {
        --k_;
      }
    }
    if (ends("eed")) {
      if (measure() > 0) --k_;
    } else if ((ends("ed") || ends("ing")) && vowel_in_stem()) {
      k_ = j_;
      if (ends("at")) {
        set_to("ate");
      } else if (ends("bl")) {
        set_to("ble");
      } else if (ends("iz")) {
        set_to("ize");
      } else if (double_consonant(k_)) {
        --k_;
        char c = b_[k_];
        if (c == 'l' || c == 's' || c == 'z') ++k_;
      } else if (measure() == 1 && cvc(k_)) {  // j_ == k_ here: the -ed/-ing stem
        set_to("e");
      }
    }
  }

  void step1c() {
    if (ends("y") && vowel_in_stem()) b_[k_] = 'i';
  }

  // Double suffixes to single ones ("-ization" -> "-ize").
  void step2() {
    struct rule {
      std::string_view from, to;
    };
    static constexpr rule rules[] = {{"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"},
                                     {"anci", "ance"},   {"izer", "ize"},    {"bli", "ble"},
                                     {"alli", "al"},     {"entli", "ent"},   {"eli", "e"},
                                     {"ousli", "ous"},   {"ization", "ize"}, {"ation", "ate"},
                                     {"ator", "ate"},    {"alism", "al"},    {"iveness", "ive"},
                                     {"fulness", "ful"}, {"ousness", "ous"}, {"aliti", "al"},
                                     {"iviti", "ive"},   {"biliti", "ble"},  {"logi", "log"}};
    apply_first(rules, std::size(rules));
  }

  // -ic-, -full, -ness and the like.
  void step3() {
    struct rule {
      std::string_view from, to;
    };
    static constexpr rule rules[] = {{"icate", "ic"}, {"ative", ""},  {"alize", "al"},
                                     {"iciti", "ic"}, {"ical", "ic"}, {"ful", ""},
                                     {"ness", ""}};
    apply_first(rules, std::size(rules));
  }

  // The first rule whose suffix matches decides; it replaces only when the stem is measured.
  template <class rule>
  void apply_first(const rule* rules, size_t count) {
    for (size_t i = 0; i < count; ++i) {
      if (ends(rules[i].from)) {
        replace_if_measured(rules[i].to);
        return;
      }
    }
  }

  // -ant, -ence and the like, in a stem with m > 1.
  void step4() {
    static constexpr std::string_view suffixes[] = {
        "al",  "ance", "ence", "er",  "ic",  "able", "ible", "ant", "ement", "ment",
        "ent", "ion",  "ou",   "ism", "ate", "iti",  "ous",  "ive", "ize"};
    bool matched = false;
    for (auto s : suffixes) {
      if (!ends(s)) continue;
      if (s == "ion" && !(j_ >= 0 && (b_[j_] == 's' || b_[j_] == 't'))) continue;
      matched = true;
      break;
    }
    if (matched && measure() > 1) k_ = j_;
  }

  // A final -e, and -ll to -l, in long enough stems.
  void step5() {
    j_ = k_;
    if (b_[k_] == 'e') {
      int m = measure();
      if (m > 1 || (m == 1 && !cvc(k_ - 1))) --k_;
    }
    // As in the reference code, the measure here still spans a final -e just removed.
    if (b_[k_] == 'l' && double_consonant(k_) && measure() > 1) --k_;
  }

  std::string b_;
  int k_;
  int j_ = 0;
};

}  // namespace

std::string porter_stem(std::string_view word) { return stemmer(word).run(); }

}  // namespace wordhall::codenames
