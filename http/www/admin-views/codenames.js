// Admin view of a Codenames match: the board with every card's role (the key) as it stood after
// the selected event, the cards revealed so far filled in, the card the event revealed or proposed
// outlined; the turn, the spymaster's request (thinking / failed with its error), every clue with
// its intended targets and the guesses it led to, the seats by team, and the result.
//
// State (events/codenames/state_codec.cpp encode_state):
//   {"status","mode","seed","first_team","cards":[{"word","role","revealed","turn"}×25],
//    "invite_digest","spectator_digest","seats":[{"seat","digest","name","team"}],"turn","team",
//    "guessing","request":{"attempt","failed","error_code","error_message"},"guesses_left",
//    "proposal":null|{"card","seat"},
//    "history":[{"turn","team","clue","number","targets":[word],"spymaster","guesses":[card],"ended"}],
//    "result":null|{"winner","reason"}}
"use strict";

(function () {
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = "/admin-views/codenames.css";
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

  // The card the selected event is about: revealed, proposed.
  function eventCard(event) {
    if (!event || !event.payload) return -1;
    return /card_revealed$|guess_proposed$/.test(event.type) ? event.payload.card : -1;
  }

  function boardGrid(state, event) {
    const focus = eventCard(event);
    const targets = new Set();
    const last = (state.history || [])[state.history.length - 1];
    if (state.guessing && last) for (const t of last.targets || []) targets.add(t);
    const grid = el("div", "cn-board");
    (state.cards || []).forEach((card, index) => {
      const cell = el("div", `cn-card cn-${card.role}${card.revealed ? " cn-revealed" : ""}`,
        el("span", "cn-word", card.word), el("span", "cn-role", card.role));
      cell.title = `#${index} ${card.word}: ${card.role}${card.revealed ? `, revealed in turn ${card.turn}` : ""}`;
      cell.dataset.index = String(index);
      cell.dataset.role = card.role;
      if (index === focus) cell.classList.add("cn-focus");
      if (state.proposal && state.proposal.card === index) cell.classList.add("cn-proposed");
      if (targets.has(card.word)) cell.classList.add("cn-target");
      grid.append(cell);
    });
    return grid;
  }

  function status(state, names) {
    if (state.status === "lobby") return "lobby";
    if (state.status === "ended") {
      const r = state.result || {};
      return `ended: ${r.winner} wins (${r.reason})`;
    }
    const req = state.request || {};
    const spy = state.guessing ? `guessing, ${state.guesses_left} left`
      : req.failed ? `clue failed (attempt ${req.attempt}): ${req.error_code} ${req.error_message}`
        : `waiting for the spymaster (attempt ${req.attempt})`;
    const p = state.proposal ? ` · proposal #${state.proposal.card} by ${names.get(state.proposal.seat)}` : "";
    return `turn ${state.turn} · ${state.team} · ${spy}${p}`;
  }

  function clueRows(state) {
    return (state.history || []).map((h) => el("tr", `cn-row-${h.team}`,
      el("td", "num", h.turn), el("td", null, h.team), el("td", "cn-clue", `${h.clue} ${h.number}`),
      el("td", null, (h.targets || []).join(", ")),
      el("td", null, (h.guesses || []).flatMap((g, i) => {
        const card = state.cards[g] || {};
        return [i ? ", " : "", el("span", `cn-guess cn-${card.role}`, card.word)];
      })),
      el("td", null, h.ended), el("td", null, h.spymaster)));
  }

  function render(container, state, event) {
    const root = el("div", "cn");
    const names = new Map((state.seats || []).map((s) => [s.seat, s.name]));
    const remaining = (role) => (state.cards || []).filter((c) => c.role === role && !c.revealed).length;
    root.append(el("div", "cn-head",
      el("span", `cn-status cn-${state.status}`, state.status),
      el("span", "muted", `${state.mode} · first ${state.first_team} · seed ${state.seed}`),
      el("span", null, `red ${remaining("red")} · blue ${remaining("blue")} left`),
      el("span", "cn-now", status(state, names))));
    const layout = el("div", "cn-layout");
    layout.append(boardGrid(state, event));
    const side = el("div", "cn-side");
    for (const team of ["red", "blue"]) {
      const seats = (state.seats || []).filter((s) => s.team === team);
      if (!seats.length) continue;
      side.append(el("div", `cn-team cn-row-${team}`, el("strong", null, team), ": ",
        seats.flatMap((s, i) => [i ? ", " : "", s.name, s.seat === 0 ? " (host)" : ""])));
    }
    layout.append(side);
    root.append(layout);
    if ((state.history || []).length) {
      root.append(el("h3", null, "Clues"), el("div", "cn-table-wrap", el("table", "cn-table",
        el("thead", null, el("tr", null, ["turn", "team", "clue", "meant", "guesses", "ended", "spymaster"]
          .map((h) => el("th", null, h)))),
        el("tbody", null, clueRows(state)))));
    }
    container.append(root);
  }

  window.wordhallAdminViews = window.wordhallAdminViews || {};
  window.wordhallAdminViews["codenames"] = { render };
})();
