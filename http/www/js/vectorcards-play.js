// Picking a move: one public and one private chip, each with its own ± toggle, a joker's word
// checked live against the vocabulary (GET /api/words/{word}), an optional stake.
//
// The choice lives here, per round id, and survives the view updates other players' submissions
// cause; the chips are redrawn on every update and the focused control is restored, while the
// joker field is static markup so typing in it is never interrupted.
import { t, errorText } from "/js/vectorcards-i18n.js";
import { $, el, sign } from "/js/vectorcards-view.js";

const CHECK_DELAY_MS = 200;
const RECHECK_OFFLINE_MS = 2000; // a check the network lost is asked again until it is answered

export class Picker {
  constructor({ onChange }) {
    this.onChange = onChange;
    this.reset(null);
    $("joker-input").addEventListener("input", () => {
      this.joker = $("joker-input").value.trim();
      this.scheduleCheck();
      this.renderPreview();
      this.onChange();
    });
    $("stake-input").addEventListener("input", () => {
      this.stake = Number($("stake-input").value);
      $("stake-value").textContent = String(this.stake);
    });
  }

  reset(roundId) {
    this.roundId = roundId;
    this.pub = null;           // token of the chosen public card
    this.priv = null;          // index of the chosen private card (two jokers may be dealt)
    this.signs = new Map();    // "pub:word" / "priv:0" -> "+" | "-"
    this.joker = "";
    this.check = null;         // the newest answer of /api/words for this.joker
    this.stake = 50;
    clearTimeout(this.timer);
    if ($("joker-input")) $("joker-input").value = "";
    if ($("stake-input")) { $("stake-input").value = "50"; $("stake-value").textContent = "50"; }
  }

  // Draws the chips of `round`; `open` says whether the viewer may still move.
  render(round, { open, stakes }) {
    if (round.round_id !== this.roundId) this.reset(round.round_id);
    this.round = round;
    this.privateCards = round.private_cards || [];
    const m = round.your_move;
    if (m) { // show the move as played, also after a reload
      this.pub = m.public_token;
      this.signs.set(`pub:${m.public_token}`, m.public_sign);
      const i = this.privateCards.findIndex((c) => c.token === m.private_token);
      this.priv = i >= 0 ? i : this.privateCards.findIndex((c) => c.type === "JOKER");
      if (this.priv < 0) this.priv = null;
      else this.signs.set(`priv:${this.priv}`, m.private_sign);
    }
    const focused = document.activeElement && document.activeElement.dataset.focus;

    $("public-cards").replaceChildren(...(round.public_cards || []).map((c) =>
      this.chip("pub", c.token, c.token, this.pub === c.token, open, t("public_card", { word: c.token }))));
    $("private-cards").replaceChildren(...this.privateCards.map((c, i) => {
      const joker = c.type === "JOKER" || c.token === "JOKER";
      return this.chip("priv", String(i), joker ? t("joker") : c.token, this.priv === i, open,
                       t("private_card", { word: joker ? t("joker") : c.token }), { token: c.token, joker });
    }));
    $("joker-box").hidden = !(open && this.chosenJoker());
    $("stake-box").hidden = !(open && stakes);
    this.stakes = stakes;
    this.renderPreview();

    if (focused) {
      const again = document.querySelector(`[data-focus="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  chip(kind, key, label, selected, open, accessibleName, data = {}) {
    const id = `${kind}:${key}`;
    const s = this.signs.get(id) || "+";
    const select = () => {
      if (kind === "pub") this.pub = key; else this.priv = Number(key);
      this.changed();
      if (kind === "priv" && this.chosenJoker()) $("joker-input").focus();
    };
    return el("div", { className: `chip ${kind}${selected ? " selected" : ""}${data.joker ? " is-joker" : ""}`,
                       dataset: { token: data.token ?? key, sign: s } },
      el("button", { type: "button", className: "chip-word", disabled: !open, ariaPressed: String(selected),
                     ariaLabel: accessibleName, dataset: { focus: id }, onclick: select }, label),
      el("button", { type: "button", className: "chip-sign", disabled: !open,
                     ariaLabel: t("sign_toggle", { word: label, sign: t(s === "+" ? "sign_plus" : "sign_minus") }),
                     dataset: { focus: `${id}:sign`, sign: s },
                     onclick: () => { this.signs.set(id, s === "+" ? "-" : "+"); select(); } }, sign(s)));
  }

  changed() {
    this.render(this.round, { open: true, stakes: this.stakes });
    this.onChange();
  }

  chosenJoker() {
    const c = this.priv === null ? null : this.privateCards?.[this.priv];
    return Boolean(c && (c.type === "JOKER" || c.token === "JOKER"));
  }

  renderPreview() {
    const r = this.round;
    const ready = this.ready();
    const pubSign = this.signs.get(`pub:${this.pub}`) || "+";
    const privSign = this.signs.get(`priv:${this.priv}`) || "+";
    const priv = this.priv === null ? "?" : this.chosenJoker() ? this.joker || t("joker") : this.privateCards[this.priv].token;
    $("move-preview").textContent = this.pub === null && this.priv === null ? t("pick_both")
      : `${t("your_move_preview")}: ${r.start_word} ${sign(pubSign)} ${this.pub ?? "?"} ${sign(privSign)} ${priv}`;
    $("submit").disabled = !ready;
  }

  ready() {
    if (this.pub === null || this.priv === null) return false;
    return !this.chosenJoker() || (this.joker.length > 0 && !this.roundWord(this.check));
  }

  // The start or target word a checked joker word stands for (the server refuses those), or null.
  roundWord(answer) {
    if (!answer || answer.word !== this.joker || !this.round) return null;
    const token = (answer.token || answer.word || "").toLowerCase();
    return [this.round.start_word, this.round.target_word].find((w) => w && w.toLowerCase() === token) || null;
  }

  // The submit command for the current choice, or null when it is incomplete.
  command() {
    if (!this.ready()) return null;
    const card = this.privateCards[this.priv];
    const cmd = {
      type: "submit", round_id: this.round.round_id,
      public_token: this.pub, public_sign: this.signs.get(`pub:${this.pub}`) || "+",
      private_token: card.token, private_sign: this.signs.get(`priv:${this.priv}`) || "+",
    };
    if (this.chosenJoker()) {
      cmd.private_token = "JOKER";
      // The vocabulary's own form ("Paris" -> "paris") when the check has answered for this word.
      cmd.joker_override_token = this.check && this.check.word === this.joker && this.check.usable
        ? this.check.token : this.joker;
    }
    if (this.stakes) cmd.stake = this.stake;
    return cmd;
  }

  scheduleCheck() {
    clearTimeout(this.timer);
    const word = this.joker;
    if (!word) return this.showCheck(null);
    $("joker-status").replaceChildren(el("span", { className: "muted" }, t("joker_checking")));
    this.timer = setTimeout(() => this.checkWord(word), CHECK_DELAY_MS);
  }

  async checkWord(word) {
    let answer = null;
    try {
      const res = await fetch(`/api/words/${encodeURIComponent(word)}`, { cache: "no-store" });
      answer = await res.json();
      if (!res.ok) answer = { word, error: answer.error || { code: `http_${res.status}` } };
    } catch {
      answer = { word, error: { code: "offline" } };
    }
    if (word !== this.joker) return; // the player typed on meanwhile
    if (answer.error && answer.error.code === "offline") {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.checkWord(word), RECHECK_OFFLINE_MS);
    }
    this.check = answer;
    this.showCheck(answer);
  }

  showCheck(answer) {
    const box = $("joker-status");
    if (!answer) return box.replaceChildren();
    if (answer.error) return box.replaceChildren(el("span", { className: "bad" }, errorText(answer.error.code)));
    const roundWord = this.roundWord(answer);
    if (roundWord) {
      this.renderPreview();
      return box.replaceChildren(el("span", { className: "bad", id: "joker-refused" }, t("joker_round_word", { word: roundWord })));
    }
    if (answer.usable) {
      this.renderPreview();
      return box.replaceChildren(el("span", { className: "ok", id: "joker-ok" }, t("joker_usable"),
        answer.token && answer.token !== answer.word ? ` → ${answer.token}` : ""));
    }
    const suggestions = (answer.suggestions || []).map((s) => el("button", {
      type: "button", className: "suggestion", ariaLabel: `${t("joker_word")}: ${s}`,
      onclick: () => {
        $("joker-input").value = s;
        this.joker = s;
        this.scheduleCheck();
        this.renderPreview();
        this.onChange();
      } }, s));
    // "Did you mean:" only when there is something to mean.
    const status = el("span", { className: "bad" }, answer.known && answer.blocked ? t("joker_blocked") : t("joker_unknown_plain"));
    box.replaceChildren(status, ...(suggestions.length ? [el("span", null, t("joker_suggest")), ...suggestions] : []));
  }
}
