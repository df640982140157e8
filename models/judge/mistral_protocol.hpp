// mistral_protocol: the chat-completions request that asks a model to rate words, and the
// validation of its reply. Pure functions: no I/O, so every malformed reply is a table test.
//
// Request (POST <base_url>/chat/completions, OpenAI-compatible, Mistral's defaults otherwise):
//   {"model":M,"temperature":0,
//    "messages":[{"role":"system","content":"You are evaluating German words ..."},
//                {"role":"user","content":"{\"language\":\"German\",\"words\":[...],
//                                           \"instructions\":\"...\"}"}],
//    "response_format":{"type":"json_schema","json_schema":{"name":"evaluations","strict":true,
//                       "schema":{evaluations: [{word, score, explanation}]}}}}
// The user message is the seed's request contract (language, words, instructions) as JSON text.
// It carries the words and the instructions only: no player names, match ids or board positions.
// The instructions name the categories (creativity, rarity, beauty) and the scale 1–100 without
// any anchor: nothing says what an average, typical or middle score is. The schema declares score
// an integer but not its range, because strict-mode schema support for minimum/maximum differs
// between providers; the range is in the instructions and checked here.
//
// Reply: choices[0].message.content is JSON text {"evaluations":[{"word","score","explanation"}]}
// (a list of text chunks is joined; a ```json fence from a server without schema support is
// stripped). It is accepted only when every requested word appears exactly once (compared after
// normalise_word), nothing else appears, every score is an integer in 1..100 and every
// explanation is non-empty. Error codes, stable:
//   llm_bad_reply           not the shape above (not JSON, no content, a field missing or mistyped,
//                           an empty explanation)
//   llm_wrong_words         a requested word missing or repeated, or a word nobody asked for
//   llm_score_out_of_range  an integer score outside 1..100
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "events/result.hpp"
#include "models/judge/word_rating.hpp"

namespace wordhall::judge {

// The request body for rating `words` (sent as given, in this order) with `model`.
std::string build_rating_request(std::string_view model, const std::vector<std::string>& words);

// The instructions sent with every request (exposed for the tests' anchoring checks).
std::string_view rating_instructions();

// Validates a chat-completions reply body against the requested `words`, which must be distinct
// after normalise_word (the judge dedupes before it asks). On success the
// ratings come in the order of `words`, each carrying the word as requested.
result<std::vector<word_rating>> parse_rating_reply(std::string_view body,
                                                    const std::vector<std::string>& words);

}  // namespace wordhall::judge
