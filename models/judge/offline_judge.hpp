// offline_judge: the judge players meet without an API key, rating a word as a person would.
//
// First: is it German (word_analysis, with the reference works' headwords)? An unknown word scores 1..10, by how German its letter
// pairs look (german_lexicon's bigrams; less for a pair no German word has, for no vowel, or for
// four consonants in a row), and the explanation says that the judge knows no such word, naming
// a letter pair no German word has where there is one (QY in IRRQYSN).
//
// A known word or compound scores 20 + 36·rarity + 22·beauty + 17·creativity + length, rounded,
// at most 100, so every German word outscores every unknown one:
//   rarity      0..1, the lower of two measures of how common the word is. How often German
//               builds compounds with it (family_size, of its dictionary form: TREIBE counts as
//               treiben and as treib-): 1 − log2(1+f)/7.5, clamped; HAUS (f > 300) is 0, GESICHT
//               (f = 37) 0.3, ANTLITZ (f = 0) 1. And, given german_word_counts, how often prose
//               and the German-English dictionary's other entries use the word, or its dictionary
//               form with the inflected forms Hunspell reads as it (n): 1 − log2(1+n)/8, clamped;
//               HEUTE (n = 363) 0, NASE (104) 0.13, KUCHEN (26) 0.41, SCHMETTERLING (8) 0.49, a
//               word never seen 1. Compounds miss the everyday words German seldom compounds with
//               (HEUTE, OFT, NASE), and the counts are too few to call a word rare, so each can
//               only make a word commoner than the other says. The closed class of articles, pronouns, prepositions,
//               conjunctions and auxiliaries (UND, DER, IST) counts as 0. A new compound's rarity
//               is the mean of its parts'; a listed one's 0.65 of that plus 0.35 of its own. A
//               plural Hunspell files on its own for its umlaut is measured with its singular
//               (MÜTTER with MUTTER, NÄCHTE with NACHT).
//   beauty      0..1 from the sound (word_sound: rhythm of vowels and consonants, soft consonants,
//               umlauts and diphthongs, no consonant pile-ups).
//   creativity  a new compound 0.75 (+0.1 for each part beyond two; one word twice, TEETEE,
//               0.05), a listed one 0.35 (+0.05),
//               plus 0.15 for each letter German spells rarely (Q X Y J V, C outside CH/CK; at most
//               0.3); at most 1.
//   length      one point per letter beyond five, at most 5: length alone earns little.
// A name (german_names: ANNA, RENATE, BERLIN, GOETHE, and a name's genitive, ANNAS) scores 11..15
// by its sound and says that it is a name: a word game counts words, and a name is none. A slur
// or vulgar word (crude_words.hpp: FOTZE, NEGER, ARSCHLOCH) scores 5 and says why; an
// abbreviation (a listed word without a vowel: ST, HZ) 11..15 as a name does; an interjection
// (AHA, NA, ÄH, HURRA: 25 listed in the code) 20..24 by its sound, a word but no work of art.
// The explanation, one or two German sentences, names what decided: the kind (a form of
// »treiben«, zusammengesetzt aus Wind und Spiel), the rarity, and the sound's strongest trait.
// Everything is a pure function of the word, the dictionaries and the prose counted, so a word's
// rating never changes while they stay the same.
#pragma once

#include <string_view>

#include "models/judge/german_headwords.hpp"
#include "models/judge/german_lexicon.hpp"
#include "models/judge/german_names.hpp"
#include "models/judge/german_word_counts.hpp"
#include "models/judge/hunspell_morphology.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {

// 0..1: how rarely German uses `normalised_word` (see above); `lemma` its dictionary form, if
// it is an inflected one. Without `counts`, compounds alone decide; with `morphology`, the
// prose's count of a dictionary form includes its inflected forms.
double rarity(std::string_view normalised_word, std::string_view lemma, const german_lexicon& lexicon,
              const german_word_counts* counts = nullptr,
              const hunspell_morphology* morphology = nullptr);

// The offline rating of `word`; the rating's word is `word` as given. `morphology`, `counts`,
// `names` and `headwords` may be null (no names: every listed word counts as a word; no
// headwords: a word only the reference works list is unknown).
word_rating offline_rating(std::string_view word, const german_lexicon& lexicon,
                           const hunspell_morphology* morphology = nullptr,
                           const german_word_counts* counts = nullptr,
                           const german_names* names = nullptr,
                           const german_headwords* headwords = nullptr);

}  // namespace wordhall::judge
