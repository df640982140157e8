// The 15×15 board of the Wortkunst page: draws the view's board (docs/wortkunst.md "Board in the
// view") with the viewer's draft tiles on top and its coordinates on the edges, and owns the
// keyboard cursor.
//
// Keyboard placement: click (or tap) a square to put the cursor there, click it again or press
// Space to switch between across (→) and down (↓); arrows move the cursor and set the direction;
// a letter lays a matching rack tile (a blank when none matches) and moves on, skipping squares
// that hold tiles; Backspace takes back the tile typed last; Enter confirms; Escape recalls all.
// The board never changes the draft itself: it calls the handlers it was given.
import { el } from "/js/wortkunst-text.js";

export const SIZE = 15;
export const squareName = (row, col) => `${String.fromCharCode(65 + col)}${row + 1}`;
export function squareAt(name) {
  const col = name.charCodeAt(0) - 65, row = Number(name.slice(1)) - 1;
  return { row, col };
}
const LETTER = /^[a-zäöü]$/i;

export class Board {
  // handlers: onSquareClick(square) when a square is tapped and the rack has a tile selected
  // (returns true when it used the tap), onType(square, letter), onTakeBack() -> square|null,
  // onConfirm(), onRecall(), onCursor(text).
  constructor(node, handlers) {
    this.node = node;
    this.handlers = handlers;
    this.cursor = null; // {row, col, across}
    this.cells = [];
    for (let row = 0; row < SIZE; row++) {
      for (let col = 0; col < SIZE; col++) {
        const name = squareName(row, col);
        const cell = el("div", { className: "cell", role: "gridcell", dataset: { square: name }, ariaLabel: name });
        if (row === 7 && col === 7) cell.classList.add("center");
        this.cells.push(cell);
        node.append(cell);
      }
    }
    // Coordinates on the edges (A–O above, 1–15 on the left), where the page frames the board.
    const frame = node.parentElement;
    frame.querySelector(".board-cols")?.replaceChildren(...Array.from({ length: SIZE }, (_, col) =>
      el("span", null, String.fromCharCode(65 + col))));
    frame.querySelector(".board-rows")?.replaceChildren(...Array.from({ length: SIZE }, (_, row) =>
      el("span", null, String(row + 1))));
    node.addEventListener("click", (e) => this.onClick(e));
    node.addEventListener("keydown", (e) => this.onKey(e));
    this.board = Array(SIZE).fill(".".repeat(SIZE));
    this.draft = new Map();
  }

  cellOf(square) {
    const { row, col } = squareAt(square);
    return this.cells[row * SIZE + col];
  }

  occupied(square) {
    const { row, col } = squareAt(square);
    return this.board[row][col] !== "." || this.draft.has(square);
  }

  // board: the view's 15 strings; draft: Map square -> {letter, blank}; marks: {last:Set, rating:Set}.
  render(board, draft, marks) {
    this.board = board;
    this.draft = draft;
    for (let row = 0; row < SIZE; row++) {
      for (let col = 0; col < SIZE; col++) {
        const name = squareName(row, col);
        const cell = this.cells[row * SIZE + col];
        const ch = board[row][col];
        const own = draft.get(name);
        let tile = null;
        if (own) {
          tile = el("span", { className: `tile pending${own.blank ? " blank-letter" : ""}`, dataset: { square: name, draft: "1" } },
            own.letter);
        } else if (ch !== ".") {
          const blank = ch !== ch.toUpperCase();
          tile = el("span", { className: `tile${blank ? " blank-letter" : ""}` }, ch.toUpperCase());
          if (marks.last.has(name)) tile.classList.add("last-move");
          if (marks.rating.has(name)) tile.classList.add("last-move", "rating");
        }
        const label = tile ? `${name}: ${tile.textContent}${own ? " (neu)" : ""}` : name;
        cell.setAttribute("aria-label", label);
        cell.classList.toggle("filled", Boolean(tile));
        cell.replaceChildren(...(tile ? [tile] : []));
      }
    }
    this.drawCursor();
  }

  setCursor(square, across) {
    if (!square) {
      this.cursor = null;
    } else {
      const { row, col } = squareAt(square);
      this.cursor = { row, col, across: across ?? (this.cursor ? this.cursor.across : true) };
    }
    this.drawCursor();
  }

  drawCursor() {
    for (const c of this.node.querySelectorAll(".cell.cursor")) {
      c.classList.remove("cursor");
      c.querySelector(".arrow")?.remove();
    }
    if (!this.cursor) return this.handlers.onCursor("");
    const cell = this.cells[this.cursor.row * SIZE + this.cursor.col];
    cell.classList.add("cursor");
    cell.append(el("span", { className: "arrow", ariaHidden: "true" }, this.cursor.across ? "→" : "↓"));
    this.handlers.onCursor(`Tastatur: ${squareName(this.cursor.row, this.cursor.col)} ${this.cursor.across ? "waagerecht →" : "senkrecht ↓"}` +
      " · Buchstaben tippen, Leertaste wechselt die Richtung, ⌫ nimmt zurück, Enter bestätigt");
  }

  onClick(e) {
    const cell = e.target.closest(".cell");
    if (!cell) return;
    const square = cell.dataset.square;
    if (this.draft.has(square)) return; // a tap on a draft tile is the drag controller's
    if (this.handlers.onSquareClick(square)) return;
    const same = this.cursor && squareName(this.cursor.row, this.cursor.col) === square;
    this.setCursor(square, same ? !this.cursor.across : undefined);
    this.node.focus({ preventScroll: true });
  }

  // The next square from the cursor (inclusive when `inclusive`) in its direction that is free.
  advance(inclusive) {
    let { row, col, across } = this.cursor;
    if (!inclusive) across ? col++ : row++;
    while (row < SIZE && col < SIZE && this.occupied(squareName(row, col))) across ? col++ : row++;
    if (row >= SIZE || col >= SIZE) return null;
    return { row, col, across };
  }

  onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === "Enter") { e.preventDefault(); return this.handlers.onConfirm(); }
    if (k === "Escape") { e.preventDefault(); this.setCursor(null); return this.handlers.onRecall(); }
    if (!this.cursor) {
      if (k.startsWith("Arrow") || k === " ") { e.preventDefault(); this.setCursor("H8", true); }
      return;
    }
    const moves = { ArrowRight: [0, 1, true], ArrowLeft: [0, -1, true], ArrowDown: [1, 0, false], ArrowUp: [-1, 0, false] };
    if (moves[k]) {
      e.preventDefault();
      const [dr, dc, across] = moves[k];
      const row = Math.min(SIZE - 1, Math.max(0, this.cursor.row + dr));
      const col = Math.min(SIZE - 1, Math.max(0, this.cursor.col + dc));
      this.cursor = { row, col, across };
      return this.drawCursor();
    }
    if (k === " ") { e.preventDefault(); this.cursor.across = !this.cursor.across; return this.drawCursor(); }
    if (k === "Backspace") {
      e.preventDefault();
      const back = this.handlers.onTakeBack();
      if (back) this.setCursor(back);
      return;
    }
    if (LETTER.test(k)) {
      e.preventDefault();
      const at = this.advance(true);
      if (!at) return;
      const square = squareName(at.row, at.col);
      if (!this.handlers.onType(square, k.toUpperCase())) return;
      this.cursor = at;
      const next = this.advance(false);
      if (next) this.cursor = next;
      else this.cursor = at;
      this.drawCursor();
    }
  }
}
