// offline_judge: a deterministic stand-in for the LLM when no API key is configured.
//
// The score is a pure function of the word and the word list (german_lexicon), built from signals
// a player can check:
//   rarity    Σ 10 / (tiles of the letter in the German set), ×1.2, at most 45: Q, X, Y, Ä, ...
//             (one tile each) count 10, E (fifteen tiles) under 1. A letter without a tile (ß)
//             counts as a one-tile letter.
//   length    2 per letter beyond the second, at most 15.
//   compound  12 for a split into two known words (HAUSTÜR = HAUS + TÜR), 16 for three or more;
//             parts have at least three letters and may be joined by a linking element
//             (Fugenelement: S, ES, N, EN, ER, E), as in GEBURT·S·TAG.
//   coinage   4 when a list is loaded and the word is neither in it nor a compound of it.
//   rhythm    up to 10 for vowels and consonants taking turns, 3 less for each run of four or
//             more consonants.
// plus a base of 8; rounded and clamped to 1..100. The explanation (German, one or two sentences)
// names the signals that shaped the score. Without a word list there are no compounds and no
// coinages; everything else still works.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "models/judge/german_lexicon.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {

// The tiles of a letter (normalised, one code point) in the German set; 1 for a letter not in it.
// A×5 B×2 C×2 D×4 E×15 F×2 G×3 H×4 I×6 J×1 K×2 L×3 M×4 N×9 O×3 P×1 Q×1 R×6 S×7 T×6 U×6 V×1
// W×1 X×1 Y×1 Z×1 Ä×1 Ö×1 Ü×1 (and two blanks).
int tile_count(std::string_view letter);

// The best split of `normalised_word` into two or more known words, empty when there is none.
// Best: fewest parts, then fewest linking elements, then the longest first part. Parts come
// without their linking elements (GEBURTSTAG → GEBURT, TAG).
std::vector<std::string> split_compound(std::string_view normalised_word,
                                        const german_lexicon& lexicon);

// The offline rating of `word`; the rating's word is `word` as given.
word_rating offline_rating(std::string_view word, const german_lexicon& lexicon);

}  // namespace wordhall::judge
