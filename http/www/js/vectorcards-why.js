// The "Why?" panel of a round's results: how one player's move came to its score.
//
// cos(v*, t) = Σ sᵢ·(v̂ᵢ·t̂) / ‖v*‖ over the start word, the public card and the private card (or
// joker word), so each word has an exact share and the shares add up to the score; the server
// records them at the resolution (leaderboard row `shares`). The target's rank among the words
// nearest the result is in the row too; the nearest words themselves are asked for when the
// panel opens (the `why` command), once per round and player.
import { t } from "/js/vectorcards-i18n.js";
import { $, el, cosine, sign, nameOf, playedText } from "/js/vectorcards-view.js";

// A bar `fraction` of the column wide (set through the CSSOM: the page's CSP forbids style attributes).
function bar(fraction, negative) {
  const node = el("span", { className: `share-bar${negative ? " negative" : ""}` });
  node.style.width = `${Math.round(fraction * 100)}%`;
  return node;
}

const signed = (x) => (x < 0 ? `−${Math.abs(x).toFixed(3)}` : `+${x.toFixed(3)}`);

export class WhyPanel {
  // `ask(command)` sends a command and resolves with its ack.
  constructor({ ask }) {
    this.ask = ask;
    this.seat = null;
    this.round = null;
    this.nearest = new Map(); // "round:seat" -> [{token, similarity}] | "pending" | "failed"
  }

  open(view, seat) {
    const same = this.seat === seat && this.round === view.round.round_id && !$("why").hidden;
    this.seat = same ? null : seat; // a second click on the same row closes it
    this.round = view.round.round_id;
    this.refresh(view);
    if (this.seat) $("why").scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  close() {
    this.seat = null;
    $("why").hidden = true;
  }

  // Draws the panel for the view's round (closing it when the round moved on).
  refresh(view) {
    this.view = view;
    const r = view.round;
    if (!this.seat || !r || r.round_id !== this.round || !r.results) return this.close();
    const row = (r.results.leaderboard || []).find((x) => x.player === this.seat);
    if (!row) return this.close();
    for (const button of document.querySelectorAll("[data-why]"))
      button.setAttribute("aria-expanded", String(button.dataset.why === this.seat));
    const name = row.name || nameOf(view, row.player);
    const box = $("why");
    box.hidden = false;
    const title = el("h3", null, t("why_title", { name, sim: cosine(row.similarity) }));
    if (!row.submitted) return box.replaceChildren(title, el("p", null, t("why_no_move", { name })));
    // replaceChildren would write a null as the text "null": leave absent parts out.
    box.replaceChildren(...[title,
      el("p", { className: "formula" }, `${r.start_word} ${playedText(row)} → ${cosine(row.similarity)}`),
      row.shares ? this.shares(r, row) : null,
      row.target_rank ? el("p", { id: "why-rank" }, t("why_rank", { target: r.target_word, rank: row.target_rank })) : null,
      this.nearestWords(view, row)].filter(Boolean));
  }

  // One line per word: its signed share and a bar as long as the share is large.
  shares(r, row) {
    const words = [["+", r.start_word], [row.public_sign, row.public_token],
                   [row.private_sign, `${row.private_token}${row.joker ? " ★" : ""}`]];
    const widest = Math.max(...row.shares.map(Math.abs), 1e-9);
    const total = row.shares.reduce((a, b) => a + b, 0);
    return el("div", { className: "shares" },
      el("p", null, t("why_shares")),
      el("ul", { id: "why-shares" }, words.map(([s, word], i) => el("li", { dataset: { share: row.shares[i] } },
        el("span", { className: "share-word" }, `${sign(s)} ${word}`),
        bar(Math.abs(row.shares[i]) / widest, row.shares[i] < 0),
        el("span", { className: "num" }, signed(row.shares[i])))),
      // The total has no bar: its label takes the bar's column too, so it never wraps mid-gloss.
      el("li", { className: "share-total" }, el("span", { className: "share-label" }, t("why_total")),
        el("span", { className: "num" }, cosine(total)))));
  }

  nearestWords(view, row) {
    const key = `${view.round.round_id}:${row.player}`;
    const known = this.nearest.get(key);
    if (!known) this.fetch(view, key, row.player);
    const words = Array.isArray(known) ? known : null;
    return el("div", { className: "why-nearest" },
      el("p", null, t("why_nearest")),
      words && words.length ? el("ol", { id: "why-nearest" }, words.map((w) => el("li", { className: w.token === view.round.target_word ? "target" : "" },
        `${w.token} `, el("span", { className: "muted" }, cosine(w.similarity)))))
        : el("p", { className: "muted" }, known === "failed" ? t("why_none") : t("why_loading")));
  }

  async fetch(view, key, seat) {
    this.nearest.set(key, "pending");
    let answer = "failed";
    try {
      const ack = await this.ask({ type: "why", round_id: view.round.round_id, player: seat });
      answer = ack.reply.nearest || [];
    } catch {
      // The panel says no words were found; the shares and the rank stand on their own.
    }
    this.nearest.set(key, answer);
    if (this.seat === seat) this.refresh(this.view);
  }
}
