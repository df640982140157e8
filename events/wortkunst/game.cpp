#include "events/wortkunst/game.hpp"

#include "events/json_writer.hpp"
#include "events/wortkunst/codec.hpp"
#include "events/wortkunst/rules.hpp"
#include "events/wortkunst/view.hpp"

namespace wordhall::wortkunst {
namespace {

struct wk_state final : match_state {
  state value;
};

const state& get(const match_state& s) { return static_cast<const wk_state&>(s).value; }

class wk_game final : public game {
 public:
  std::string_view name() const override { return "wortkunst"; }

  std::unique_ptr<match_state> initial_state() const override {
    return std::make_unique<wk_state>();
  }

  std::unique_ptr<match_state> clone(const match_state& s) const override {
    auto copy = std::make_unique<wk_state>();
    copy->value = get(s);
    return copy;
  }

  result<decision> decide(const match_state& s, const command& cmd,
                          const decision_context& ctx) const override {
    auto out = wortkunst::decide(get(s), cmd, ctx);
    if (!out) return out.err();
    decision d;
    for (auto& e : out->events) d.events.push_back(encode_event(e));
    d.reply = std::move(out->reply);
    return d;
  }

  result<void> apply(match_state& s, const event_envelope& stored) const override {
    auto e = decode_event(stored);
    if (!e) return e.err();
    auto& value = static_cast<wk_state&>(s).value;
    WORDHALL_TRY(applicable(value, *e));
    value = evolve(std::move(value), *e);
    return {};
  }

  std::string encode_state(const match_state& s) const override {
    return wortkunst::encode_state(get(s));
  }

  result<std::unique_ptr<match_state>> decode_state(std::string_view json) const override {
    auto decoded = wortkunst::decode_state(json);
    if (!decoded) return decoded.err();
    auto out = std::make_unique<wk_state>();
    out->value = std::move(*decoded);
    return std::unique_ptr<match_state>(std::move(out));
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
