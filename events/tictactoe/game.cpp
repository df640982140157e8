#include "events/tictactoe/game.hpp"

#include "events/json_writer.hpp"
#include "events/typed_game.hpp"
#include "events/tictactoe/codec.hpp"

namespace wordhall::tictactoe {
namespace {

class ttt_game final : public typed_game<state> {
 public:
  std::string_view name() const override { return "tictactoe"; }

  result<decision> decide(const match_state& s, const command& cmd,
                          const decision_context& ctx) const override {
    return decision_of(tictactoe::decide(get(s), cmd, ctx),
                       [](const event& e) { return encode_event(e); });
  }

  result<void> apply(match_state& s, const event_envelope& stored) const override {
    return folded(s, decode_event(stored, upcasters_), evolve);
  }

  std::string encode_state(const match_state& s) const override {
    return tictactoe::encode_state(get(s));
  }

  result<std::unique_ptr<match_state>> decode_state(std::string_view json) const override {
    return boxed(tictactoe::decode_state(json));
  }

  // Everything in tic-tac-toe is public but the credential digests, which stay server-side.
  std::string view(const match_state& s, const viewer& who) const override {
    const state& v = get(s);
    json_writer out;
    out.begin_object().field("status", v.status).key("players").begin_array();
    for (auto& p : v.players)
      out.begin_object().field("name", p.name).field("mark", std::string(1, p.mark)).end_object();
    out.end_array();
    const player* me = find_player(v, who.caller);
    if (me) out.field("you", std::string(1, me->mark));
    out.field("board", v.board)
        .field("turn", std::string(1, v.turn))
        .field("round", v.round)
        .field("rounds", v.rounds)
        .field("deadline", v.deadline_ms)
        .key("results")
        .begin_array();
    for (auto& r : v.results)
      out.begin_object().field("round", r.round).field("winner", std::string(1, r.winner))
          .end_object();
    out.end_array().field("winner", v.winner).end_object();
    return out.take();
  }

  std::optional<std::string> visible_event(const match_state&, const event_envelope& e,
                                           const viewer&) const override {
    if (e.type == "ttt.match_created" || e.type == "ttt.player_joined") {
      // Strip the credential digest; names are public.
      auto decoded = decode_event(e, upcasters_);
      if (!decoded) return std::nullopt;
      json_writer out;
      out.begin_object().field("type", e.type).field("seq", e.seq);
      if (auto* c = std::get_if<match_created>(&*decoded)) out.field("name", c->name);
      if (auto* j = std::get_if<player_joined>(&*decoded)) out.field("name", j->name);
      out.end_object();
      return out.take();
    }
    json_writer out;
    out.begin_object().field("type", e.type).field("seq", e.seq).raw_field("payload", e.payload)
        .end_object();
    return out.take();
  }

  std::optional<int64_t> next_deadline(const match_state& s) const override {
    const state& v = get(s);
    if (v.status == "playing" && v.deadline_ms > 0) return v.deadline_ms;
    return std::nullopt;
  }

  match_summary summary(const match_state& s) const override {
    match_summary out;
    out.status = get(s).status;
    for (auto& p : get(s).players) out.players.push_back(p.name);
    return out;
  }

 private:
  upcaster_chain upcasters_ = make_upcasters();
};

}  // namespace

std::unique_ptr<game> make_game() { return std::make_unique<ttt_game>(); }

}  // namespace wordhall::tictactoe
