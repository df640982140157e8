// Word routes: what browsers may ask about words.
//
//   GET /api/words/{word}  ->  {"word":…,"token":…,"known":bool,"blocked":bool,"usable":bool,
//                               "suggestions":[…]}
//       (token: the vocabulary's form of the word, "" when unknown; usable = known and not
//       blocked; suggestions only when not usable). 503
//       `embeddings_unavailable` when the server runs without word vectors.
// The joker input of vector cards checks each word as it is typed with this.
#pragma once

#include <caf/all.hpp>

#include "http/router.hpp"

namespace wordhall {

void add_word_routes(http::router& routes, caf::actor_system& system, caf::actor service);

}  // namespace wordhall
