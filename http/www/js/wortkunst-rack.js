// The viewer's rack and the draft move: which rack tiles lie where on the board before the move
// is confirmed, and dragging tiles with Pointer Events (mouse, touch and pen alike).
//
// The draft is the page's own: nothing reaches the server until "Zug bestätigen" sends
// {"type":"place","tiles":[{square, letter, blank}]}. A rack tile is an index into view.rack
// ("?" is a blank); `order` is only the order the player sees (Mischen shuffles it). Dragging: a
// press that moves more than a few pixels lifts a tile (from the rack, or a draft tile from the
// board), a ghost follows the pointer, and the drop lands on an empty square, back on the rack, or
// nowhere (the tile goes back). A press that does not move is a tap: tap a rack tile to select it,
// then tap a square.
import { el } from "/js/wortkunst-text.js";

export class Draft {
  constructor() {
    this.reset([]);
  }

  reset(rack) {
    this.rack = rack.slice();
    this.order = rack.map((_, i) => i);
    this.placed = new Map(); // square -> {index, letter, blank}
    this.stack = [];         // squares in the order they were laid, for Backspace
    this.selected = null;
  }

  // Keeps the draft when the rack is the same one (another player's update), else starts over.
  sync(rack, occupied) {
    const same = rack.length === this.rack.length && rack.every((l, i) => l === this.rack[i]);
    if (!same) return this.reset(rack);
    for (const square of [...this.placed.keys()]) if (occupied(square)) this.remove(square);
  }

  used(index) {
    for (const p of this.placed.values()) if (p.index === index) return true;
    return false;
  }

  free() {
    return this.order.filter((i) => !this.used(i));
  }

  // The first free rack tile showing `letter`, else a free blank; null if neither.
  find(letter) {
    const free = this.free();
    const exact = free.find((i) => this.rack[i] === letter);
    if (exact !== undefined) return { index: exact, blank: false };
    const blank = free.find((i) => this.rack[i] === "?");
    return blank === undefined ? null : { index: blank, blank: true };
  }

  place(square, index, letter) {
    const blank = this.rack[index] === "?";
    this.placed.set(square, { index, letter: blank ? letter : this.rack[index], blank });
    this.stack = this.stack.filter((s) => s !== square).concat(square);
    this.selected = null;
  }

  remove(square) {
    this.placed.delete(square);
    this.stack = this.stack.filter((s) => s !== square);
  }

  takeBack() {
    const square = this.stack.pop();
    if (square) this.placed.delete(square);
    return square || null;
  }

  clear() {
    this.placed.clear();
    this.stack = [];
    this.selected = null;
  }

  shuffle() {
    for (let i = this.order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [this.order[i], this.order[j]] = [this.order[j], this.order[i]];
    }
  }

  tiles() {
    return [...this.placed].map(([square, p]) => ({ square, letter: p.letter, blank: p.blank }));
  }

  // Square -> {letter, blank}, for the board.
  forBoard() {
    return new Map([...this.placed].map(([square, p]) => [square, { letter: p.letter, blank: p.blank }]));
  }
}

export function renderRack(node, draft, enabled) {
  node.replaceChildren(...draft.order.map((index) => {
    const letter = draft.rack[index];
    const tile = el("button", {
      type: "button",
      className: `tile${letter === "?" ? " blank" : ""}${draft.used(index) ? " placed" : ""}${draft.selected === index ? " selected" : ""}`,
      dataset: { index: String(index), letter },
      ariaLabel: letter === "?" ? "Blanko" : `Stein ${letter}`,
      title: letter === "?" ? "Blanko: beim Legen wählst du, welchen Buchstaben er zeigt" : undefined,
      role: "listitem",
      disabled: !enabled,
    }, letter === "?" ? "" : letter);
    if (draft.used(index)) tile.tabIndex = -1;
    return tile;
  }));
}

// Drags rack tiles and draft board tiles. onDrop({index}|{square}, {square}|{rack:true}|null);
// onTap({index}|{square}) for a press that did not move.
export class DragController {
  constructor({ rack, board, canDrag, onDrop, onTap }) {
    this.rack = rack;
    this.board = board;
    this.canDrag = canDrag;
    this.onDrop = onDrop;
    this.onTap = onTap;
    this.drag = null;
    for (const node of [rack, board]) node.addEventListener("pointerdown", (e) => this.down(e));
  }

  source(target) {
    const rackTile = target.closest(".rack .tile");
    if (rackTile && this.rack.contains(rackTile) && !rackTile.disabled) return { index: Number(rackTile.dataset.index), node: rackTile };
    const draftTile = target.closest(".tile.pending");
    if (draftTile && this.board.contains(draftTile)) return { square: draftTile.dataset.square, node: draftTile };
    return null;
  }

  down(e) {
    if (e.button !== 0 || !this.canDrag()) return;
    const src = this.source(e.target);
    if (!src) return;
    e.preventDefault();
    const node = src.node;
    node.setPointerCapture(e.pointerId);
    this.drag = { src, node, id: e.pointerId, x0: e.clientX, y0: e.clientY, ghost: null, over: null };
    const move = (ev) => this.move(ev);
    const up = (ev) => {
      node.removeEventListener("pointermove", move);
      node.removeEventListener("pointerup", up);
      node.removeEventListener("pointercancel", up);
      this.up(ev, ev.type === "pointercancel");
    };
    node.addEventListener("pointermove", move);
    node.addEventListener("pointerup", up);
    node.addEventListener("pointercancel", up);
  }

  move(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 6) return;
      d.ghost = el("div", { className: "tile drag-ghost", ariaHidden: "true" }, d.node.textContent);
      document.body.append(d.ghost);
      d.node.classList.add("dragging");
    }
    d.ghost.style.transform = `translate(${e.clientX - 24}px, ${e.clientY - 26}px)`;
    const over = this.target(e.clientX, e.clientY);
    const overNode = over && (over.square ? this.board.querySelector(`.cell[data-square="${over.square}"]`) : this.rack);
    if (d.over !== overNode) {
      d.over?.classList.remove("drop-target");
      overNode?.classList.add("drop-target");
      d.over = overNode;
    }
  }

  target(x, y) {
    const hit = document.elementFromPoint(x, y);
    if (!hit) return null;
    const cell = hit.closest(".cell");
    if (cell && this.board.contains(cell)) return { square: cell.dataset.square };
    if (hit.closest(".rack") === this.rack) return { rack: true };
    return null;
  }

  up(e, cancelled) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    d.over?.classList.remove("drop-target");
    d.node.classList.remove("dragging");
    const src = d.src.square ? { square: d.src.square } : { index: d.src.index };
    if (!d.ghost) return cancelled ? undefined : this.onTap(src);
    d.ghost.remove();
    // The click that follows a drag's release is not a tap on whatever lies under it.
    const swallow = (ev) => { ev.stopPropagation(); ev.preventDefault(); };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
    this.onDrop(src, cancelled ? null : this.target(e.clientX, e.clientY));
  }
}
