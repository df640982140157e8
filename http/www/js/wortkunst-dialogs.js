// The two dialogs of the Wortkunst page: the blank's letter picker (A–Z, Ä, Ö, Ü) and the
// exchange picker. Both return promises: the chosen letter / letters, or null when cancelled.
import { el } from "/js/wortkunst-text.js";

const $ = (id) => document.getElementById(id);
export const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"];

function open(dialog, cancelButton, onClose) {
  return new Promise((resolve) => {
    const finish = (value) => {
      dialog.removeEventListener("close", closed);
      cancelButton.removeEventListener("click", cancel);
      if (dialog.open) dialog.close();
      resolve(value);
    };
    const closed = () => finish(null); // Escape
    const cancel = () => finish(null);
    dialog.addEventListener("close", closed);
    cancelButton.addEventListener("click", cancel);
    onClose(finish);
    dialog.showModal();
  });
}

export function pickBlankLetter() {
  const dialog = $("blank-dialog");
  return open(dialog, $("blank-cancel"), (finish) => {
    $("blank-letters").replaceChildren(...LETTERS.map((letter) =>
      el("button", { type: "button", dataset: { letter }, onclick: () => finish(letter) }, letter)));
  });
}

// rack: the viewer's letters ("?" = blank); resolves with the letters to return, or null.
export function pickExchange(rack) {
  const dialog = $("exchange-dialog");
  const confirm = $("exchange-confirm");
  return open(dialog, $("exchange-cancel"), (finish) => {
    const buttons = rack.map((letter) => {
      const b = el("button", { type: "button", className: `tile${letter === "?" ? " blank" : ""}`, dataset: { letter },
        ariaPressed: "false", ariaLabel: letter === "?" ? "Blanko" : `Stein ${letter}` }, letter === "?" ? "" : letter);
      b.addEventListener("click", () => {
        b.setAttribute("aria-pressed", b.getAttribute("aria-pressed") === "true" ? "false" : "true");
        update();
      });
      return b;
    });
    const chosen = () => buttons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.letter);
    const update = () => {
      const n = chosen().length;
      confirm.disabled = n === 0;
      confirm.textContent = n ? `${n} ${n === 1 ? "Stein" : "Steine"} tauschen` : "Tauschen";
    };
    $("exchange-tiles").replaceChildren(...buttons);
    update();
    confirm.onclick = () => finish(chosen());
  });
}

// "−700" for a penalty, as the final table writes it.
export const minus = (n) => (n ? `−${n}` : "0");
// A score with the same minus sign: "−458", never "-458" beside "−700".
export const signed = (n) => (n < 0 ? `−${-n}` : String(n));

// The pass dialog: resolves true to pass. When this pass would end the game (view.pass_ends_game)
// it says so, with every player's penalty, before anything happens.
export function confirmPass(view) {
  const end = view.pass_ends_game;
  $("pass-title").textContent = end ? "Passen beendet das Spiel" : "Wirklich passen?";
  $("pass-text").textContent = end
    ? `Wenn du passt, endet das Spiel: ${end.map((p) => `${p.name}\u00a0${minus(p.penalty)}`).join(", ")}. ` +
      "Jeder Stein, der noch auf einer Bank liegt, kostet 100 Punkte."
    : `Dein Zug zählt 0 Punkte. Das Spiel endet, wenn ${view.passes_to_end} Züge nacheinander gepasst werden ` +
      `(bisher ${view.passes}).`;
  $("pass-confirm").textContent = end ? "Passen und Spiel beenden" : "Passen";
  return open($("pass-dialog"), $("pass-cancel"), (finish) => {
    $("pass-confirm").onclick = () => finish(true);
  }).then((answer) => answer === true);
}
