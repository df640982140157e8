#include "actors/actor_system_setup.hpp"
#include "actors/embedding_service.hpp"
#include "models/embeddings_builder.hpp"

#include <catch2/catch.hpp>

using namespace wordhall;

TEST_CASE("the embedding service answers batches and word checks", "[actors][words]") {
  models::embeddings_builder b(2, 0, 0);
  const float north[] = {0, 1}, east[] = {1, 0}, northeast[] = {1, 1};
  REQUIRE(b.add("north", north).ok());
  REQUIRE(b.add("east", east).ok());
  REQUIRE(b.add("northeast", northeast).ok());
  auto words = std::make_shared<models::word_services>(
      std::move(b).finish(), models::blocklist::parse(""),
      std::vector<std::string>{"north", "east", "northeast"});
  caf::actor_system_config cfg;
  configure_actor_system(cfg, 2);
  caf::actor_system system{cfg};
  auto service = spawn_embedding_service(system, words);
  caf::scoped_actor self{system};

  models::vector_query q;
  q.terms = {{"north", 1}, {"east", 1}};
  q.compare_to = "northeast";
  q.topn = 1;
  std::vector<models::vector_answer> answers;
  self->request(service, caf::infinite, vectors_atom::value, std::vector<models::vector_query>{q})
      .receive([&](const std::vector<models::vector_answer>& a) { answers = a; },
               [](caf::error&) { FAIL("no answer"); });
  REQUIRE(answers.size() == 1);
  CHECK(answers[0].cosine == Approx(1.0));
  REQUIRE(answers[0].nearest.size() == 1);
  CHECK(answers[0].nearest[0].word == "northeast");

  models::word_check check;
  self->request(service, caf::infinite, check_word_atom::value, std::string("nort"))
      .receive([&](const models::word_check& c) { check = c; }, [](caf::error&) { FAIL("no answer"); });
  CHECK_FALSE(check.known);
  CHECK(check.suggestions == std::vector<std::string>{"north"});

  // Without vectors: queries fail with a clear code, checks fail.
  auto empty = spawn_embedding_service(system, models::word_services_paths{});
  self->request(empty, caf::infinite, vectors_atom::value, std::vector<models::vector_query>{q})
      .receive([&](const std::vector<models::vector_answer>& a) { answers = a; },
               [](caf::error&) { FAIL("no answer"); });
  CHECK(answers[0].failure.code == "embeddings_unavailable");
  bool failed = false;
  self->request(empty, caf::infinite, check_word_atom::value, std::string("north"))
      .receive([](const models::word_check&) {}, [&](caf::error&) { failed = true; });
  CHECK(failed);
  self->send_exit(service, caf::exit_reason::user_shutdown);
  self->send_exit(empty, caf::exit_reason::user_shutdown);
}
