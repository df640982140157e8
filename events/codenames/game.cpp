#include "events/codenames/game.hpp"

#include "events/codenames/codec.hpp"
#include "events/codenames/commands.hpp"
#include "events/codenames/rules.hpp"
#include "events/codenames/view.hpp"
#include "events/typed_game.hpp"

namespace wordhall::codenames_game {
namespace {

class cn_game final : public typed_game<state> {
 public:
  explicit cn_game(std::shared_ptr<const std::vector<std::string>> deck)
      : deck_(deck ? std::move(deck) : std::make_shared<const std::vector<std::string>>()) {}

  std::string_view name() const override { return "codenames"; }

  result<decision> decide(const match_state& s, const command& cmd,
                          const decision_context& ctx) const override {
    return decision_of(codenames_game::decide(get(s), cmd, ctx, *deck_),
                       [](const event& e) { return encode_event(e); });
  }

  result<void> apply(match_state& s, const event_envelope& stored) const override {
    return folded(s, decode_event(stored), applicable, evolve);
  }

  std::string encode_state(const match_state& s) const override {
    return codenames_game::encode_state(get(s));
  }

  result<std::unique_ptr<match_state>> decode_state(std::string_view json) const override {
    return boxed(codenames_game::decode_state(json));
  }

  std::string view(const match_state& s, const viewer& who) const override {
    return view_json(get(s), who);
  }

  std::optional<std::string> visible_event(const match_state& after, const event_envelope& stored,
                                           const viewer& who) const override {
    auto e = decode_event(stored);
    if (!e) return std::nullopt;
    return visible_event_json(get(after), *e, who);
  }

  std::optional<int64_t> next_deadline(const match_state&) const override { return std::nullopt; }

  // Who is connected decides whether a lone player may confirm their own proposal.
  bool shows_presence() const override { return true; }

  std::vector<effect_request> pending_effects(const match_state& s) const override {
    const state& v = get(s);
    if (v.status != "playing" || v.guessing || v.request.failed) return {};
    return {effect_request{effect_key(v), clue_service, spymaster_board_json(v)}};
  }

  match_summary summary(const match_state& s) const override {
    const state& v = get(s);
    match_summary out;
    out.status = v.status == "ended" ? "finished" : v.status;
    for (auto& each : v.seats) out.players.push_back(each.name);
    return out;
  }

 private:
  std::shared_ptr<const std::vector<std::string>> deck_;
};

}  // namespace

std::unique_ptr<game> make_game(std::shared_ptr<const std::vector<std::string>> deck) {
  return std::make_unique<cn_game>(std::move(deck));
}

}  // namespace wordhall::codenames_game
