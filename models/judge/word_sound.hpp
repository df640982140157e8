// word_sound: how a German word sounds, from its letters, for the offline judge's "beauty".
//
// The letters are read as sounds first: SCH, CH, CK, PH, TH, and a doubled consonant are one
// consonant; AU, EI, EU, ÄU, AI, IE and a doubled vowel are one vowel. On that sequence:
//   alternation   how often vowel and consonant take turns (BANANE 1.0, ANGST 0.25)
//   cluster       the longest run of three or more consonant sounds (ANGSTSCHWEISS: NGSTSCHW)
//   sonority      the share of soft consonants (L, M, N, R, W, J) among the consonants
//   colour        umlauts (Ä Ö Ü) and diphthongs, which colour a word's sound
// beauty = 0.5·alternation + 0.2·sonority + 0.15·colour + 0.15·(ends on a vowel or a soft
// consonant), less 0.12 for each consonant sound of a cluster beyond the second; clamped to 0..1.
// A single syllable counts half its alternation: one vowel has no rhythm to speak of.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wordhall::judge {

struct word_sound {
  double beauty = 0;                  // 0..1
  double alternation = 0;             // 0..1
  std::size_t syllables = 0;          // vowel sounds
  std::string cluster;                // the longest run of ≥ 3 consonant sounds, as letters
  std::vector<std::string> umlauts;   // Ä Ö Ü, each once, in order of appearance
  std::vector<std::string> rare_letters;  // Q X Y J V and C outside CH/CK, each once
};

// `normalised_word`: upper case (normalise_word); letters outside A–Z, Ä, Ö, Ü, ß are ignored.
word_sound hear(std::string_view normalised_word);

}  // namespace wordhall::judge
