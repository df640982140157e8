#include "events/vectorcards/dealing.hpp"
#include "events/vectorcards/scoring.hpp"
#include "events/vectorcards/themes.hpp"
#include "tests/vectorcards/word_fixture.hpp"

#include <fstream>
#include <set>

using namespace wordhall::vectorcards;
using wordhall::vectorcards::testing::fixture_words;
using wordhall::vectorcards::testing::unit;

TEST_CASE("a move is start ± public ± private on unit vectors, normalised", "[vectorcards]") {
  auto start = unit({1, 0, 0}), pub = unit({0, 2, 0}), priv = unit({0, 0, 3});
  auto v = move_vector(start, 1, pub, -1, priv);
  // (1, 1, -1) / sqrt(3): the public card's length 2 and the private's 3 do not count.
  CHECK(v[0] == Approx(1 / std::sqrt(3.0)));
  CHECK(v[1] == Approx(1 / std::sqrt(3.0)));
  CHECK(v[2] == Approx(-1 / std::sqrt(3.0)));
  double length = 0;
  for (double x : v) length += x * x;
  CHECK(length == Approx(1.0));
  // Against target (0, 1, 0): cosine 1/sqrt(3).
  CHECK(cosine(v, unit({0, 1, 0})) == Approx(1 / std::sqrt(3.0)));
  // Moving toward the target raises the score: + beats − for a card that points at it.
  CHECK(cosine(move_vector(start, 1, pub, 1, priv), unit({0, 1, 0})) >
        cosine(move_vector(start, -1, pub, 1, priv), unit({0, 1, 0})));
  // Cancelling cards leave the start itself.
  auto back = move_vector(start, 1, pub, -1, pub);
  CHECK(back[0] == Approx(1.0));
  CHECK(sign_value("+") == 1);
  CHECK(sign_value("-") == -1);
  CHECK(sign_value("plus") == 0);
}

TEST_CASE("closeness labels follow the seed's bands", "[vectorcards]") {
  CHECK(std::string(closeness_label(0.80).nl) == "heel dichtbij");
  CHECK(std::string(closeness_label(0.7999).nl) == "warm");
  CHECK(std::string(closeness_label(0.60).nl) == "warm");
  CHECK(std::string(closeness_label(0.59).nl) == "lauw");
  CHECK(std::string(closeness_label(0.40).en) == "lukewarm");
  CHECK(std::string(closeness_label(0.39).nl) == "koud");
  CHECK(std::string(closeness_label(0.20).en) == "cold");
  CHECK(std::string(closeness_label(0.19).nl) == "ijskoud");
  CHECK(std::string(closeness_label(-0.5).en) == "ice-cold");
}

TEST_CASE("ranks compare at full precision; equal scores share the win", "[vectorcards]") {
  auto row = [](std::string player, double similarity) {
    result_row r;
    r.player = std::move(player);
    r.similarity = similarity;
    r.submitted = true;
    return r;
  };
  std::vector<result_row> rows = {row("p1", 0.5), row("p2", 0.7), row("p3", 0.5000000001),
                                  row("p4", 0.7)};
  auto ranked = rank_rows(rows, {{"p1", 50}, {"p2", std::nullopt}});
  REQUIRE(ranked.size() == 4);
  CHECK(ranked[0].player == "p2");  // equal scores keep seat order
  CHECK(ranked[1].player == "p4");
  CHECK(ranked[0].rank == 1);
  CHECK(ranked[1].rank == 1);        // shared win
  CHECK(ranked[2].player == "p3");   // 0.5000000001 beats 0.5 at full precision
  CHECK(ranked[2].rank == 3);
  CHECK(ranked[3].rank == 4);
  CHECK(ranked[0].points == 4);
  CHECK(ranked[1].points == 4);
  CHECK(ranked[3].points == 1);
  // Stake 50 on a 0.5 score: reward 1 − |0.5 − 0.5| = 1.
  CHECK(ranked[3].stake_reward.value() == Approx(1.0));
  CHECK_FALSE(ranked[0].stake_reward.has_value());
}

TEST_CASE("the 2-D picture keeps the main spread", "[vectorcards]") {
  auto flat = principal_plane({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}});
  for (auto& p : flat) CHECK(std::fabs(p.y) < 1e-6);
  CHECK(std::fabs(flat[0].x) == Approx(1.0));  // the farthest point lies at distance 1
  CHECK(std::fabs(flat[3].x) == Approx(1.0));
  CHECK(flat[1].x * flat[2].x < 0);  // centred
  auto spread = principal_plane({{0, 0}, {4, 0}, {0, 1}, {4, 1}});
  // The long side (4) comes first, the short side (1) second, and their ratio survives.
  double dx = std::fabs(spread[1].x - spread[0].x), dy = std::fabs(spread[2].y - spread[0].y);
  CHECK(dx / dy == Approx(4.0).epsilon(1e-3));
  CHECK(principal_plane({{1, 2}})[0].x == 0.0);
}

TEST_CASE("deals: unique cards, recorded seed, same seed same cards", "[vectorcards]") {
  auto words = fixture_words();
  settings config;
  config.wildcard_ratio = 0.0;
  std::vector<std::string> players = {"p1", "p2", "p3"};
  auto a = deal_round(1, 7, config, players, *words, nullptr, 1000);
  REQUIRE(a.ok());
  CHECK(a->seed == 7);
  CHECK(a->start != a->target);
  std::set<std::string> publics(a->public_cards.begin(), a->public_cards.end());
  CHECK(publics.size() == 10);
  CHECK_FALSE(publics.count(a->start));
  CHECK_FALSE(publics.count(a->target));
  for (auto& p : players) {
    auto& hand = a->hands.at(p);
    REQUIRE(hand.size() == 2);
    CHECK(hand[0].token != hand[1].token);
    for (auto& c : hand) {
      CHECK_FALSE(publics.count(c.token));
      CHECK(c.token != a->start);
      CHECK(c.token != a->target);
      CHECK(c.token != "badword");
    }
  }
  auto again = deal_round(1, 7, config, players, *words, nullptr, 1000);
  CHECK(again->public_cards == a->public_cards);
  CHECK(again->hands.at("p2")[0].token == a->hands.at("p2")[0].token);
  auto other = deal_round(1, 8, config, players, *words, nullptr, 1000);
  CHECK((other->public_cards != a->public_cards || other->start != a->start));
}

TEST_CASE("jokers come at wildcard_ratio over many seeded deals", "[vectorcards]") {
  auto words = fixture_words();
  settings config;
  config.wildcard_ratio = 0.25;
  config.guarantee_improvement = false;
  int jokers = 0, cards = 0;
  for (uint64_t seed = 1; seed <= 1500; ++seed) {
    auto d = deal_round(1, seed, config, {"p1", "p2"}, *words, nullptr, 0);
    REQUIRE(d.ok());
    for (auto& [id, hand] : d->hands)
      for (auto& c : hand) {
        ++cards;
        jokers += c.joker ? 1 : 0;
        if (c.joker) CHECK(c.token == "JOKER");
      }
  }
  // 6,000 cards: the standard error of the share is 0.0056; 0.03 is over five of them.
  CHECK(double(jokers) / cards == Approx(0.25).margin(0.03));
  config.wildcard_ratio = 0.0;
  auto none = deal_round(1, 3, config, {"p1"}, *words, nullptr, 0);
  for (auto& c : none->hands.at("p1")) CHECK_FALSE(c.joker);
}

TEST_CASE("dealt hands can beat the start, and par is the best move of the hand",
          "[vectorcards]") {
  auto words = fixture_words();
  settings config;
  config.wildcard_ratio = 0.0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    auto d = deal_round(1, seed, config, {"p1", "p2"}, *words, nullptr, 0);
    REQUIRE(d.ok());
    auto start = words->unit_vector(d->start), target = words->unit_vector(d->target);
    for (auto& [id, hand] : d->hands) {
      auto& par = d->par.at(id);
      REQUIRE(par.has_value());
      CHECK(par->similarity > d->base_similarity);
      // No public × private × sign choice beats par.
      for (auto& p : d->public_cards)
        for (auto& c : hand)
          for (int s1 : {1, -1})
            for (int s2 : {1, -1})
              CHECK(cosine(move_vector(start, s1, words->unit_vector(p), s2,
                                       words->unit_vector(c.token)),
                           target) <= par->similarity + 1e-12);
    }
  }
}

TEST_CASE("par is exactly the move's own score of the first best choice", "[vectorcards]") {
  // The reference: every choice scored the way a played move is, ties to the first.
  auto brute_force = [](const std::vector<float>& start, const std::vector<float>& target,
                        const std::vector<hand_card>& publics,
                        const std::vector<hand_card>& privates) {
    std::optional<scored_move> best;
    for (auto& p : publics)
      for (auto& q : privates)
        for (int s1 : {1, -1})
          for (int s2 : {1, -1}) {
            double score = cosine(move_vector(start, s1, p.vector, s2, q.vector), target);
            if (!best || score > best->similarity)
              best = scored_move{p.token, s1 > 0 ? "+" : "-", q.token, s2 > 0 ? "+" : "-", score};
          }
    return best;
  };
  auto same = [](const std::optional<scored_move>& a, const std::optional<scored_move>& b) {
    REQUIRE(a.has_value() == b.has_value());
    if (!a) return;
    CHECK(a->public_token == b->public_token);
    CHECK(a->public_sign == b->public_sign);
    CHECK(a->private_token == b->private_token);
    CHECK(a->private_sign == b->private_sign);
    CHECK(a->similarity == b->similarity);  // bit for bit
  };
  uint64_t x = 7;
  auto random_unit = [&](size_t dims) {
    std::vector<float> v(dims);
    double n = 0;
    for (auto& f : v) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      f = static_cast<float>((x >> 33) % 20001) / 10000.0f - 1.0f;
      n += double(f) * f;
    }
    for (auto& f : v) f = static_cast<float>(f / std::sqrt(n));
    return v;
  };
  for (int hand = 0; hand < 200; ++hand) {
    const size_t dims = hand % 2 ? 100 : 3;  // 3 dimensions make near-ties common
    auto start = random_unit(dims), target = random_unit(dims);
    std::vector<hand_card> publics, privates;
    for (int i = 0; i < 10; ++i) publics.push_back({"p" + std::to_string(i), random_unit(dims)});
    for (int i = 0; i < 2; ++i) privates.push_back({"q" + std::to_string(i), random_unit(dims)});
    same(best_move(start, target, publics, privates), brute_force(start, target, publics, privates));
  }
  // Equal choices: a private card twice ties every choice with it; the first one wins.
  auto start = random_unit(100), target = random_unit(100);
  std::vector<hand_card> publics{{"a", random_unit(100)}, {"b", random_unit(100)}};
  auto twin = random_unit(100);
  std::vector<hand_card> privates{{"q1", twin}, {"q2", twin}};
  auto par = best_move(start, target, publics, privates);
  REQUIRE(par);
  CHECK(par->private_token == "q1");
  same(par, brute_force(start, target, publics, privates));
  // Cards that cancel the start (three unit vectors 120 degrees apart): that choice scores 0.
  auto s3 = unit({1, 0, 0}), p3 = unit({-0.5f, 0.8660254f, 0}), q3 = unit({-0.5f, -0.8660254f, 0});
  auto t3 = unit({0, 0, 1});
  std::vector<hand_card> cancel_pub{{"p", p3}}, cancel_priv{{"q", q3}};
  same(best_move(s3, t3, cancel_pub, cancel_priv), brute_force(s3, t3, cancel_pub, cancel_priv));
  CHECK(best_move(start, target, {}, privates) == std::nullopt);
}

TEST_CASE("themes supply start and target words", "[vectorcards]") {
  auto words = fixture_words();
  theme kitchen{"kitchen", "Keuken", "Kitchen", {"apple", "cider", "juice", "nonsenseword"}};
  settings config;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto d = deal_round(1, seed, config, {"p1"}, *words, &kitchen, 0);
    REQUIRE(d.ok());
    CHECK((d->start == "apple" || d->start == "cider" || d->start == "juice"));
    CHECK((d->target == "apple" || d->target == "cider" || d->target == "juice"));
  }
  theme tiny{"tiny", "", "", {"apple", "nonsenseword"}};
  CHECK(deal_round(1, 1, config, {"p1"}, *words, &tiny, 0).err().code == "bad_theme");
}

TEST_CASE("nearest words skip the excluded and blocked; the target's rank counts closer words",
          "[vectorcards]") {
  auto words = fixture_words();
  auto apple = words->unit_vector("apple");
  std::vector<double> direction(apple.begin(), apple.end());
  // badword (0.9, 0.1) is closest to apple but blocked, apple itself is excluded.
  auto near = words->neighbours({{direction, {"apple"}}}, "cider", false)[0];
  CHECK(near.nearest != "apple");
  CHECK(near.nearest != "badword");
  auto full = words->neighbours({{direction, {"apple"}}}, "cider", true)[0];
  CHECK(full.nearest != "badword");
  CHECK(full.nearest != "apple");
  CHECK(full.target_rank == near.target_rank);  // ranks are among the deck either way
  // The target's rank: 1 + deck words closer to the direction than the target.
  int closer = 0;
  double target_score = cosine(direction, words->unit_vector("cider"));
  for (auto& w : words->deck())
    if (w != "apple" && w != "cider" && cosine(direction, words->unit_vector(w)) > target_score)
      ++closer;
  CHECK(near.target_rank == 1 + closer);
  auto unknown = words->lookup("aple");
  CHECK_FALSE(unknown.known);
  CHECK(words->lookup("Apple").token == "apple");
  CHECK(words->lookup("badword").blocked);
}

TEST_CASE("the shipped themes parse; malformed theme files are clear errors", "[vectorcards]") {
  std::ifstream in(std::string(WORDHALL_SOURCE_DIR) + "/config/vectorcards-themes.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto themes = parse_themes(text);
  REQUIRE(themes.ok());
  REQUIRE(themes->size() >= 3);
  CHECK((*themes)[0].name == "kitchen");
  CHECK((*themes)[0].words.size() > 10);
  CHECK(parse_themes(R"({"themes":[{"name":"a","words":["x"]}]})").err().code == "bad_themes");
  CHECK(parse_themes(R"({"themes":[{"name":"a","words":["x","y"]},{"name":"a","words":["x","y"]}]})")
            .err().code == "bad_themes");
  CHECK(parse_themes(R"({"themes":3})").err().code == "bad_themes");
  CHECK(parse_themes("{").err().code == "bad_json");
}
