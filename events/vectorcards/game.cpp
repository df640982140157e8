#include "events/vectorcards/game.hpp"

#include <set>

#include "events/json_writer.hpp"
#include "events/typed_game.hpp"
#include "events/vectorcards/codec.hpp"
#include "events/vectorcards/rules.hpp"
#include "events/vectorcards/view.hpp"

namespace wordhall::vectorcards {
namespace {

// The viewer's move among a presearch's, as it stands after it; null when it is not there.
const move* own_searched_move(const state& after, const moves_searched& ev, const viewer& who) {
  if (who.caller.empty() || after.rounds.empty() || after.rounds.back().dealt->round != ev.round)
    return nullptr;
  for (auto& [id, found] : ev.neighbours) {
    const player* p = find_by_id(after, id);
    if (!p || p->digest != who.caller) continue;
    auto m = after.rounds.back().moves.find(id);
    return m == after.rounds.back().moves.end() ? nullptr : &m->second;
  }
  return nullptr;
}

// What one event says to one viewer, never someone else's cards or move. A move is minor
// (urgent below): its update carries no view, so the event says what changes: whose box to
// tick, and to its author, the move as round.your_move shows it. A round's closing and its
// moves' presearch are minor too: the closing changes nothing shown, the presearch only the
// authors' own moves (their nearest words). The other events come with the view; theirs only
// animate the page.
std::string visible(const state& after, const event& e, const viewer& who) {
  json_writer out;
  out.begin_object();
  std::visit(
      [&](const auto& ev) {
        using T = std::decay_t<decltype(ev)>;
        if constexpr (std::is_same_v<T, match_created>) {
          out.field("type", "vc.match_created").field("name", ev.name);
        } else if constexpr (std::is_same_v<T, player_joined>) {
          out.field("type", "vc.player_joined").field("player", ev.joined.id)
              .field("name", ev.joined.name).field("host", ev.joined.host);
        } else if constexpr (std::is_same_v<T, round_started>) {
          out.field("type", "vc.round_started").field("round", ev.dealt.round)
              .field("start", ev.dealt.start).field("target", ev.dealt.target)
              .field("deadline_ms", ev.dealt.deadline_ms);
        } else if constexpr (std::is_same_v<T, move_submitted>) {
          out.field("type", "vc.move_submitted").field("round", ev.round)
              .field("player", ev.player);
          const player* p = find_by_id(after, ev.player);
          if (p && p->digest == who.caller) {
            out.key("your_move");
            write_own_move(out, ev.made);
          }
        } else if constexpr (std::is_same_v<T, round_closed>) {
          out.field("type", "vc.round_closed").field("round", ev.round)
              .field("reason", ev.reason);
        } else if constexpr (std::is_same_v<T, moves_searched>) {
          // Each author sees their own move's nearest word; the others' wait for the results.
          out.field("type", "vc.moves_searched").field("round", ev.round);
          if (const move* own = own_searched_move(after, ev, who)) {
            out.key("your_move");
            write_own_move(out, *own);
          }
        } else if constexpr (std::is_same_v<T, round_resolved>) {
          out.field("type", "vc.round_resolved").field("round", ev.round)
              .field("reason", ev.outcome.reason);
        } else if constexpr (std::is_same_v<T, match_finished>) {
          out.field("type", "vc.match_finished");
        } else {
          out.field("type", "vc.rematch_offered").field("match", ev.match);
        }
      },
      e);
  out.end_object();
  return out.take();
}

class vc_game final : public typed_game<state> {
 public:
  vc_game(std::shared_ptr<const word_space_slot> words, std::vector<theme> themes)
      : words_(std::move(words)), themes_(std::move(themes)) {}

  std::string_view name() const override { return "vectorcards"; }

  result<decision> decide(const match_state& s, const command& cmd,
                          const decision_context& ctx) const override {
    environment env{words_ ? words_->get() : nullptr, &themes_};
    return decision_of(vectorcards::decide(get(s), cmd, ctx, env),
                       [](const event& e) { return encode_event(e); });
  }

  result<void> apply(match_state& s, const event_envelope& stored) const override {
    return folded(s, decode_event(stored), evolve);
  }

  std::string encode_state(const match_state& s) const override {
    return vectorcards::encode_state(get(s));
  }

  result<std::unique_ptr<match_state>> decode_state(std::string_view json) const override {
    return boxed(vectorcards::decode_state(json));
  }

  std::string view(const match_state& s, const viewer& who) const override {
    return view_json(get(s), who.caller, who.admin);
  }

  std::vector<std::string> views(const match_state& s,
                                 const std::vector<viewer>& who) const override {
    std::vector<std::string> callers;
    for (auto& w : who) {
      if (w.admin) return game::views(s, who);
      callers.push_back(w.caller);
    }
    return views_json(get(s), callers);
  }

  std::optional<std::string> visible_event(const match_state& after, const event_envelope& stored,
                                           const viewer& who) const override {
    auto e = decode_event(stored);
    if (!e) return std::nullopt;
    return visible(get(after), *e, who);
  }

  // Decoded and rendered once for every subscriber of an update (a deal, every hand and par,
  // is most of the decoding); only the authors of the moves it is about see something else.
  std::vector<std::optional<std::string>> visible_events(
      const match_state& after, const event_envelope& stored,
      const std::vector<viewer>& who) const override {
    std::vector<std::optional<std::string>> out(who.size());
    auto e = decode_event(stored);
    if (!e) return out;
    // The authors of the moves an event is about, by digest: they see more of it.
    std::set<std::string> authors;
    auto add_author = [&](const std::string& id) {
      if (const player* p = find_by_id(get(after), id)) authors.insert(p->digest);
    };
    if (auto* moved = std::get_if<move_submitted>(&*e)) add_author(moved->player);
    if (auto* searched = std::get_if<moves_searched>(&*e))
      for (auto& [id, found] : searched->neighbours) add_author(id);
    std::string everyone = visible(get(after), *e, viewer{"", false});
    for (size_t i = 0; i < who.size(); ++i)
      out[i] = authors.count(who[i].caller) ? visible(get(after), *e, who[i]) : everyone;
    return out;
  }

  // A move only ticks a box for the others, and its author has the score in the submit's
  // reply: it may wait for the next update, which needs no view (see visible).
  // A round's closing changes nothing on the page (its results follow within milliseconds,
  // with a view); announcing it with 50 views would double a big match's traffic at its end.
  // A presearch's findings show only in the results.
  bool urgent(const event_envelope& event) const override {
    return event.type != "vc.move_submitted" && event.type != "vc.round_closed" &&
           event.type != "vc.moves_searched";
  }

  std::optional<int64_t> next_deadline(const match_state& s) const override {
    const state& v = get(s);
    if (v.status != "in_progress" || v.rounds.empty() || v.rounds.back().resolved ||
        !v.rounds.back().closing.empty())
      return std::nullopt;
    return v.rounds.back().dealt->deadline_ms;
  }

  std::vector<effect_request> pending_effects(const match_state& s) const override {
    return vectorcards::pending_effects(get(s));
  }

  match_summary summary(const match_state& s) const override {
    const state& v = get(s);
    match_summary out;
    out.status = v.status == "in_progress" ? "playing" : v.status == "done" ? "finished" : v.status;
    for (auto& p : v.players) out.players.push_back(p.name);
    return out;
  }

 private:
  std::shared_ptr<const word_space_slot> words_;
  std::vector<theme> themes_;
};

}  // namespace

std::unique_ptr<game> make_game(std::shared_ptr<const word_space_slot> words,
                                std::vector<theme> themes) {
  return std::make_unique<vc_game>(std::move(words), std::move(themes));
}

}  // namespace wordhall::vectorcards
