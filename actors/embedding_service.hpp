// embedding_service: the actor that owns the word vectors and answers matches' vector questions.
//
//   (vectors_atom, std::vector<models::vector_query>) -> std::vector<models::vector_answer>
//   (check_word_atom, std::string word)               -> models::word_check
//
// It runs detached (its own thread): a batch of queries is a pass over the whole matrix, which
// must not hold up the scheduler threads that run matches and sessions. A match sends all the
// queries of a round in one message, so they share that pass. It loads its data on that thread
// too, so the server listens while the vectors load; questions asked meanwhile wait in its
// mailbox. Without vectors (none configured, or loading failed) every query answers
// `embeddings_unavailable` and every word check says unknown.
#pragma once

#include <caf/all.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "models/word_services.hpp"

namespace wordhall {

using vectors_atom = caf::atom_constant<caf::atom("vectors")>;
using check_word_atom = caf::atom_constant<caf::atom("checkword")>;

using words_loaded_fn = std::function<void(std::shared_ptr<const models::word_services>)>;

// Loads from `paths` on the service's own thread; an empty `paths.vectors` loads nothing.
// `loaded` (if any) then runs on that thread with what loaded (null when nothing did), so the
// games that use the words directly can pick them up.
caf::actor spawn_embedding_service(caf::actor_system& system, models::word_services_paths paths,
                                   words_loaded_fn loaded = {});
// Serves words already loaded (tests, tools).
caf::actor spawn_embedding_service(caf::actor_system& system,
                                   std::shared_ptr<const models::word_services> words);

// Asks the service about `word` from a thread that is not an actor (an HTTP handler); `done`
// runs on an actor thread with the answer, or with std::nullopt when the service has no vectors
// or is gone.
void check_word(caf::actor_system& system, caf::actor service, std::string word,
                std::function<void(std::optional<models::word_check>)> done);

}  // namespace wordhall

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(std::vector<wordhall::models::vector_query>)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(std::vector<wordhall::models::vector_answer>)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(wordhall::models::word_check)
