#include "events/wortkunst/game.hpp"

#include "events/json_writer.hpp"
#include "events/typed_game.hpp"
#include "events/wortkunst/codec.hpp"
#include "events/wortkunst/rules.hpp"
#include "events/wortkunst/view.hpp"

namespace wordhall::wortkunst {
namespace {

class wk_game final : public typed_game<state> {
 public:
  std::string_view name() const override { return "wortkunst"; }

  result<decision> decide(const match_state& s, const command& cmd,
                          const decision_context& ctx) const override {
    return decision_of(wortkunst::decide(get(s), cmd, ctx),
                       [](const event& e) { return encode_event(e); });
  }

  result<void> apply(match_state& s, const event_envelope& stored) const override {
    return folded(s, decode_event(stored), applicable, evolve);
  }

  std::string encode_state(const match_state& s) const override {
    return wortkunst::encode_state(get(s));
  }

  result<std::unique_ptr<match_state>> decode_state(std::string_view json) const override {
    return boxed(wortkunst::decode_state(json));
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

  // "Warte auf …" needs to know who is connected.
  bool shows_presence() const override { return true; }

  std::vector<effect_request> pending_effects(const match_state& s) const override {
    const state& v = get(s);
    if (v.status != "playing" || !v.pending || v.pending->failed) return {};
    json_writer payload;
    payload.begin_object().key("words").begin_array();
    for (auto& w : distinct_words(v.pending->words)) payload.value(w);
    payload.end_array().end_object();
    return {effect_request{effect_key(*v.pending), "wortkunst.rate", payload.take()}};
  }

  match_summary summary(const match_state& s) const override {
    const state& v = get(s);
    match_summary out;
    out.status = v.status == "ended" ? "finished" : v.status;
    for (auto& each : v.seats)
      if (each.joined) out.players.push_back(each.name);
    return out;
  }
};

}  // namespace

std::unique_ptr<game> make_game() { return std::make_unique<wk_game>(); }

}  // namespace wordhall::wortkunst
