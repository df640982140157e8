#include "actors/embedding_service.hpp"

#include "actors/log.hpp"

namespace wordhall {
namespace {

const error unavailable{"embeddings_unavailable",
                        "no word vectors are loaded: run tools/prepare-data"};

caf::behavior embedding_service(caf::event_based_actor*,
                                std::shared_ptr<const models::word_services> words) {
  return {
      [words](vectors_atom, const std::vector<models::vector_query>& queries) {
        if (!words) {
          std::vector<models::vector_answer> out(queries.size());
          for (auto& a : out) a.failure = unavailable;
          return out;
        }
        return words->answer(queries);
      },
      [words](check_word_atom, const std::string& word) -> caf::result<models::word_check> {
        if (!words) return caf::make_error(caf::sec::runtime_error, unavailable.message);
        return words->check(word);
      },
  };
}

std::shared_ptr<const models::word_services> load_words(const models::word_services_paths& paths) {
  if (paths.vectors.empty()) return nullptr;
  auto started = std::chrono::steady_clock::now();
  auto words = models::word_services::load(paths);
  if (!words) {
    log_line("embeddings_unavailable", "code=" + words.err().code + " reason=" + words.err().message);
    return nullptr;
  }
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started);
  log_line("embeddings_loaded", "words=" + std::to_string((*words)->vectors().size()) +
                                    " dims=" + std::to_string((*words)->vectors().dimensions()) +
                                    " deck=" + std::to_string((*words)->deck().size()) +
                                    " ms=" + std::to_string(static_cast<int>(ms.count())));
  return *words;
}

}  // namespace

caf::actor spawn_embedding_service(caf::actor_system& system,
                                   std::shared_ptr<const models::word_services> words) {
  return system.spawn<caf::detached>(embedding_service, std::move(words));
}

caf::actor spawn_embedding_service(caf::actor_system& system, models::word_services_paths paths,
                                   words_loaded_fn loaded) {
  return system.spawn<caf::detached>([paths, loaded](caf::event_based_actor* self) {
    auto words = load_words(paths);
    if (loaded) loaded(words);
    return embedding_service(self, std::move(words));
  });
}

void check_word(caf::actor_system& system, caf::actor service, std::string word,
                std::function<void(std::optional<models::word_check>)> done) {
  system.spawn([=](caf::event_based_actor* self) {
    self->request(service, std::chrono::seconds(10), check_word_atom::value, word)
        .then([=](const models::word_check& answer) { done(answer); },
              [=](caf::error&) { done(std::nullopt); });
  });
}

}  // namespace wordhall
