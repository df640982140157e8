// crude_words: the German slurs and vulgar words the offline judge gives no praise. A word game
// among friends counts them as words, but "»Fotze« ist ein seltenes Wort" at 68 points is no
// judgement a person would make, nor one the language model's judge makes.
//
// A word is crude when it, its dictionary form or one of its compound's parts is on a short list
// (normalised spelling, ß as laid or as SS): slurs for people (NEGER, KANAKE, SCHWUCHTEL), vulgar
// words (FOTZE, ARSCHLOCH through ARSCH, HURENSOHN) and NAZI. Words that only share a spelling
// with a vulgar one are left off the list: VÖGELN (birds), WICHSE (polish), NACKT, PENIS.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wordhall::judge {

// `normalised_word` as normalise_word gives it; `lemma` its dictionary form or empty; `parts` a
// compound's parts, normalised (empty for other words).
bool is_crude(std::string_view normalised_word, std::string_view lemma,
              const std::vector<std::string>& parts);

}  // namespace wordhall::judge
