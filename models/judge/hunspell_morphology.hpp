// hunspell_morphology: what Hunspell's German dictionary (igerman98) says about a word the word
// list lacks: an inflected form of a listed word (TREIBE: a form of treiben), a compound its
// compounding rules allow (WINDSPIELE), or nothing.
//
// Source: Debian's hunspell-de-de, /usr/share/hunspell/de_DE.{aff,dic} (UTF-8), read with
// libhunspell. Hunspell accepts an upper-case word when its dictionary spelling matches, so
// words are asked as laid on the board. One Hunspell object is not safe for concurrent calls:
// the calls are serialised here, and each takes microseconds.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "events/result.hpp"

class Hunspell;

namespace wordhall::judge {

struct hunspell_reading {
  bool accepted = false;  // a form Hunspell's dictionary allows
  bool compound = false;  // accepted by the compounding rules, not as one dictionary entry
  bool plain = false;     // a compound also read as a form of a verb or adjective entry
                          // (CHATTEST: chatten; EINMOTTE: einmotten), which `lemma` names
  std::string lemma;      // the dictionary form of an accepted inflected word ("treiben"), or
                          // empty for a word that is an entry of its own (HERZ) and for a
                          // compound read no other way
  std::string head;       // a compound's last part as Hunspell's analysis names it, normalised
                          // (HAUSTÜR: "TÜR"); empty when it names none (WINDSPIELE)
};

class hunspell_morphology {
 public:
  // Opens `<base>.aff` and `<base>.dic` (e.g. /usr/share/hunspell/de_DE);
  // `judge_hunspell_missing` when either cannot be read.
  static result<std::unique_ptr<hunspell_morphology>> open(const std::string& base);
  ~hunspell_morphology();
  hunspell_morphology(const hunspell_morphology&) = delete;
  hunspell_morphology& operator=(const hunspell_morphology&) = delete;

  hunspell_reading read(std::string_view normalised_word) const;

 private:
  hunspell_morphology() = default;
  mutable std::mutex mutex_;
  std::unique_ptr<Hunspell> hunspell_;
};

}  // namespace wordhall::judge
