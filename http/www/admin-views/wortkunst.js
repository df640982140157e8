// Admin view of a Wortkunst match: the board as it stood after the selected event (tiles of the
// event's move outlined, a waiting move's tiles dashed), every seat with its rack and score, the
// bag, the move waiting for its rating, the history with every word's rating, and the result.
//
// State (events/wortkunst/state_codec.cpp encode_state):
//   {"status","settings":{"pass_rounds"},"seats":[{"seat","digest","name","joined","locked","score","rack"}],
//    "players":[seat…],"board":[15 strings, "." empty, lower case = blank],"bag":[…],"turn","moves","passes",
//    "pending":null|{"move","seat","tiles":[{"square","letter","blank"}],"words":[{"word","squares"}],
//                    "attempt","failed","error_code","error_message"},
//    "history":[{"move","seat","kind","tiles","letters","words","evaluations":[{"word","score","explanation"}],
//                "score","judge"}],
//    "result":null|{"reason","results":[{"seat","rack","penalty","score"}],"winners":[seat…]}}
"use strict";

(function () {
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = "/admin-views/wortkunst.css";
  document.head.append(style);

  function el(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  const table = (headers, rows) => el("table", "wk-table",
    el("thead", null, el("tr", null, headers.map((h) => el("th", null, h)))), el("tbody", null, rows));
  const rackText = (rack) => (rack || []).map((l) => (l === "?" ? "□" : l)).join(" ") || "–";
  const squareName = (row, col) => `${String.fromCharCode(65 + col)}${row + 1}`;

  // The squares the selected event laid (outlined) and the waiting move's (dashed).
  function marks(state, event) {
    const current = new Set(), pending = new Set();
    const payload = (event && event.payload) || {};
    if (event && /move_placed$/.test(event.type)) for (const t of payload.tiles || []) current.add(t.square);
    if (event && /move_rated$|rating_/.test(event.type)) {
      const m = (state.history || []).find((h) => h.move === payload.move);
      for (const t of (m && m.tiles) || (state.pending && state.pending.tiles) || []) current.add(t.square);
    }
    if (state.pending) for (const t of state.pending.tiles) pending.add(t.square);
    return { current, pending };
  }

  function boardGrid(state, event) {
    const rows = state.board || [];
    const { current, pending } = marks(state, event);
    const grid = el("div", "wk-board");
    grid.append(el("span", "wk-label"));
    for (let c = 0; c < 15; c++) grid.append(el("span", "wk-label", String.fromCharCode(65 + c)));
    for (let r = 0; r < 15; r++) {
      grid.append(el("span", "wk-label", String(r + 1)));
      for (let c = 0; c < 15; c++) {
        const ch = (rows[r] || "")[c] || ".";
        const name = squareName(r, c);
        const cell = el("span", "wk-cell");
        cell.title = name;
        if (r === 7 && c === 7) cell.classList.add("wk-center");
        if (ch !== ".") {
          cell.classList.add("wk-tile");
          cell.textContent = ch.toUpperCase();
          if (ch !== ch.toUpperCase()) cell.classList.add("wk-blank");
        }
        if (current.has(name)) cell.classList.add("wk-current");
        if (pending.has(name)) cell.classList.add("wk-pending");
        grid.append(cell);
      }
    }
    return grid;
  }

  function moveRow(m, names) {
    const words = m.kind === "place"
      ? (m.evaluations || []).map((e) => el("div", "wk-eval", el("strong", null, `${e.word} ${e.score}`),
        e.explanation ? el("span", "muted", ` ${e.explanation}`) : null))
      : m.kind === "exchange" ? `returned ${rackText(m.letters)}` : "pass";
    return el("tr", null, el("td", "num", m.move), el("td", null, names.get(m.seat)), el("td", null, m.kind),
      el("td", "wk-mono", (m.tiles || []).map((t) => `${t.square}${t.blank ? "?" : ""}=${t.letter}`).join(" ")),
      el("td", null, words), el("td", "num", m.score), el("td", null, m.judge || ""));
  }

  function render(container, state, event) {
    const root = el("div", "wk");
    const names = new Map((state.seats || []).map((s) => [s.seat, s.name]));
    const players = new Set(state.players || []);
    root.append(el("div", "wk-head",
      el("span", `wk-status wk-${state.status}`, state.status),
      el("span", "muted", `pass rounds ${state.settings ? state.settings.pass_rounds : "?"} · moves ${state.moves}` +
        ` · passes in a row ${state.passes} · bag ${(state.bag || []).length}`),
      state.status === "playing" ? el("span", null, `to move: ${names.get(state.turn)}`) : null));

    const layout = el("div", "wk-layout");
    layout.append(boardGrid(state, event));
    const side = el("div", "wk-side");
    side.append(table(["seat", "name", "state", "rack", "score"], (state.seats || []).map((s) => el("tr",
      s.seat === state.turn && state.status === "playing" ? "wk-turn" : "",
      el("td", "num", s.seat), el("td", null, s.name, s.seat === 0 ? el("span", "wk-tag", "host") : null),
      el("td", null, s.locked ? "locked" : players.has(s.seat) ? "playing" : s.joined ? "joined" : "open"),
      el("td", "wk-mono", rackText(s.rack)), el("td", "num", s.score)))));
    const p = state.pending;
    if (p) {
      side.append(el("div", `wk-pending-box${p.failed ? " wk-failed" : ""}`,
        el("strong", null, `Move ${p.move} by ${names.get(p.seat)}: `), (p.words || []).map((w) => w.word).join(", "),
        el("div", "muted", p.failed ? `rating failed (attempt ${p.attempt}): ${p.error_code} ${p.error_message}`
          : `rating… (attempt ${p.attempt})`)));
    }
    const r = state.result;
    if (r) {
      side.append(el("h3", null, `Result (${r.reason})`), table(["seat", "rack left", "penalty", "score"],
        (r.results || []).map((x) => el("tr", (r.winners || []).includes(x.seat) ? "wk-winner" : "",
          el("td", null, names.get(x.seat)), el("td", "wk-mono", rackText(x.rack)), el("td", "num", `−${x.penalty}`),
          el("td", "num", x.score)))));
    }
    layout.append(side);
    root.append(layout);

    const history = state.history || [];
    if (history.length) {
      root.append(el("h3", null, "Moves"), el("div", "wk-table-wrap",
        table(["#", "player", "kind", "tiles", "words", "score", "judge"], history.map((m) => moveRow(m, names)))));
    }
    container.append(root);
  }

  window.wordhallAdminViews = window.wordhallAdminViews || {};
  window.wordhallAdminViews["wortkunst"] = { render };
})();
