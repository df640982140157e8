#include "http/routes/word_routes.hpp"

#include "actors/embedding_service.hpp"
#include "events/json_writer.hpp"

namespace wordhall {

void add_word_routes(http::router& routes, caf::actor_system& system, caf::actor service) {
  routes.add("GET", "/api/words/{word}",
             [&system, service](const http::request&, const std::vector<std::string>& params,
                                http::respond_fn respond) {
               const std::string word = params[0];
               if (word.empty() || word.size() > 100)
                 return respond(http::error_response(400, "bad_word",
                                                     "a word has 1 to 100 bytes"));
               check_word(system, service, word,
                          [word, respond](std::optional<models::word_check> check) {
                            if (!check)
                              return respond(http::error_response(
                                  503, "embeddings_unavailable",
                                  "this server has no word vectors: run tools/prepare-data"));
                            json_writer out;
                            out.begin_object().field("word", word).field("token", check->token)
                                .field("known", check->known)
                                .field("blocked", check->blocked)
                                .field("usable", check->known && !check->blocked)
                                .key("suggestions").begin_array();
                            for (auto& s : check->suggestions) out.value(s);
                            out.end_array().end_object();
                            respond(http::json_response(200, out.take()));
                          });
             });
}

}  // namespace wordhall
