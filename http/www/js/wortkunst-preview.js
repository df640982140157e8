// The live words preview under the rack: while tiles of a draft lie on the board, it shows the
// words the move would form with the board's tiles (the main word and every cross-word), or, in
// German, the rule the draft breaks. The words come from the server's `check` dry run
// (docs/wortkunst.md "Commands"), so the page never keeps a second copy of the placement rules.
// Answers that arrive after the draft changed again are dropped.
import { errorText } from "/js/wortkunst-text.js";
import { el } from "/js/dom.js";

const WAIT_MS = 120; // a drag or quick typing asks once, not per tile

export class WordsPreview {
  // node: where the preview shows; ask(tiles) -> promise of {words:[…]}, rejecting with {code, message}.
  constructor(node, ask) {
    this.node = node;
    this.ask = ask;
    this.key = "";
    this.ticket = 0;
    this.timer = null;
    this.silenced = null;  // the draft whose refusal the page shows elsewhere
  }

  // The page shows the current draft's refusal next to its buttons: the preview does not repeat
  // the rule it breaks (now or when its answer comes), until the draft changes.
  silence() {
    this.silenced = this.key;
    if (this.node.dataset.state === "invalid") this.show(null);
  }

  // tiles: the draft as `place` takes it ([{square, letter, blank}]); [] clears the preview.
  update(tiles) {
    const key = JSON.stringify(tiles);
    if (key === this.key) return;
    this.key = key;
    clearTimeout(this.timer);
    const ticket = ++this.ticket;
    if (!tiles.length) return this.show(null);
    this.node.dataset.state = "checking";
    this.timer = setTimeout(async () => {
      let shown;
      try {
        const reply = await this.ask(tiles);
        shown = { words: reply.words || [] };
      } catch (e) {
        shown = { error: e || {} };
      }
      if (ticket === this.ticket) this.show(shown);
    }, WAIT_MS);
  }

  show(shown) {
    const node = this.node;
    if (shown && shown.error && this.key === this.silenced) shown = null;
    if (!shown) {
      node.dataset.state = "empty";
      return node.replaceChildren();
    }
    if (shown.error) {
      node.dataset.state = "invalid";
      return node.replaceChildren(el("span", { className: "preview-label" }, "So geht es nicht: "),
        errorText(shown.error.code, shown.error.message));
    }
    node.dataset.state = "valid";
    const [main, ...cross] = shown.words;
    node.replaceChildren(
      el("span", { className: "preview-label" }, shown.words.length === 1 ? "Dein Wort: " : "Deine Wörter: "),
      el("strong", { className: "preview-word", dataset: { word: main } }, main),
      ...cross.flatMap((w) => [", ", el("span", { className: "preview-word", dataset: { word: w } }, w)]));
  }
}
