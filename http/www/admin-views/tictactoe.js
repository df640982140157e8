// Admin view of a tic-tac-toe match: players, status and the 3x3 board.
//
// State: {"players":[{"id","name","mark"}],"board":"x.o......","turn":"x",
//         "status":"new|lobby|playing|finished","winner":"x"|"o"|"draw"|"","round":1,"rounds":3,
//         "results":[{"round":1,"winner":"x"|"o"|"d"}],"deadline":ms|0}
// The cell the current event played (payload.cell, 0-8) is outlined when there is one.
"use strict";

(function () {
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = "/admin-views/tictactoe.css";
  document.head.append(style);

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function markOf(mark) {
    return mark === "x" ? "✕" : mark === "o" ? "◯" : "";
  }

  function statusLine(state) {
    switch (state.status) {
      case "finished": {
        if (state.winner === "draw" || state.winner === "d") return "Finished: draw";
        if (!state.winner) return "Finished";
        const winner = (state.players || []).find((p) => p.mark === state.winner);
        return `Finished: ${winner ? winner.name : state.winner} wins`;
      }
      case "playing": return `Playing: ${markOf(state.turn)} to move`;
      case "lobby": return "Lobby: waiting for players";
      case "new": return "Before the match was created";
      default: return String(state.status);
    }
  }

  function render(container, state, event) {
    const root = el("div", "ttt");

    const head = el("div", "ttt-head");
    head.append(el("span", `ttt-status ttt-${state.status}`, statusLine(state)));
    if (state.round) head.append(el("span", "muted", `round ${state.round}`));
    if (state.deadline) {
      head.append(el("span", "muted", `turn deadline ${new Date(state.deadline).toLocaleTimeString()}`));
    }
    root.append(head);

    const body = el("div", "ttt-body");
    const board = el("div", "ttt-board");
    board.setAttribute("role", "grid");
    board.setAttribute("aria-label", "board");
    const cells = String(state.board || "").padEnd(9, ".").slice(0, 9);
    const played = event && event.payload && Number.isInteger(event.payload.cell) ? event.payload.cell : -1;
    for (let i = 0; i < 9; i++) {
      const mark = cells[i] === "x" || cells[i] === "o" ? cells[i] : "";
      const cell = el("div", `ttt-cell ttt-${mark || "empty"}${i === played ? " ttt-played" : ""}`, markOf(mark));
      cell.setAttribute("role", "gridcell");
      cell.title = `cell ${i}`;
      board.append(cell);
    }
    body.append(board);

    const players = el("ul", "ttt-players");
    for (const p of state.players || []) {
      const item = el("li", p.mark === state.turn && state.status === "playing" ? "ttt-turn" : "");
      item.append(el("span", `ttt-mark ttt-${p.mark}`, markOf(p.mark)));
      item.append(el("span", "ttt-name", p.name));
      if (state.status === "finished" && state.winner === p.mark) item.append(el("span", "ttt-tag", "winner"));
      else if (p.mark === state.turn && state.status === "playing") item.append(el("span", "ttt-tag", "to move"));
      players.append(item);
    }
    if (!(state.players || []).length) players.append(el("li", "muted", "no players yet"));
    body.append(players);
    root.append(body);

    const results = state.results || [];
    if (results.length) {
      const list = el("div", "ttt-games muted");
      const names = Object.fromEntries((state.players || []).map((p) => [p.mark, p.name]));
      const text = results.map((r) => `${r.round}: ${r.winner === "d" ? "draw" : names[r.winner] || r.winner}`);
      list.textContent = `Rounds played (${results.length} of ${state.rounds || "?"}) · ${text.join(" · ")}`;
      root.append(list);
    }
    container.append(root);
  }

  window.wordhallAdminViews = window.wordhallAdminViews || {};
  window.wordhallAdminViews["tictactoe"] = { render };
})();
